import type { Page } from "@playwright/test";
import { expect } from "../fixtures";
import { waitForSession } from "./session";

const labels = {
  en: { email: "Email", password: "Password", confirm: "Confirm password", submit: "Create account" },
  de: { email: "E-Mail", password: "Passwort", confirm: "Passwort bestätigen", submit: "Konto erstellen" },
};

export interface SignUpFields {
  email?: string;
  password?: string;
  confirm?: string;
  acceptPrivacy?: boolean;
}

/** The sign-up form, found as a person would: by its labels and button names. */
export class SignUpPage {
  private readonly text;
  constructor(
    readonly page: Page,
    language: keyof typeof labels = "en",
  ) {
    this.text = labels[language];
  }

  /** Opens /signUp and waits until the session check has answered, so later requests are the form's own. */
  async open(path = "/signUp") {
    await waitForSession(this.page, () => this.page.goto(path));
  }

  async fill({ email = "", password = "", confirm = "", acceptPrivacy = false }: SignUpFields) {
    await this.page.getByLabel(this.text.email).fill(email);
    await this.page.getByLabel(this.text.password, { exact: true }).fill(password);
    await this.page.getByLabel(this.text.confirm).fill(confirm);
    await this.page.getByRole("checkbox").setChecked(acceptPrivacy);
  }

  async submit() {
    await this.page.getByRole("button", { name: this.text.submit }).click();
  }

  alert() {
    return this.page.getByRole("alert");
  }

  /** The polite notice, e.g. that a mail was sent. */
  notice() {
    return this.page.getByRole("status");
  }

  /** Signs up with an accepted privacy notice and waits for the explanation page. */
  async signUp(email: string, password: string) {
    await this.open();
    await this.fill({ email, password, confirm: password, acceptPrivacy: true });
    await this.submit();
    await expect(this.page).toHaveURL(/\/explanation$/);
  }
}
