import type { Page } from "@playwright/test";
import { waitForSession } from "./session";

const labels = {
  en: { email: "Email", password: "Password", submit: "Sign in", forgot: "Forgot password" },
  de: { email: "E-Mail", password: "Passwort", submit: "Anmelden", forgot: "Passwort vergessen" },
};

/** The sign-in form with its forgot-password button. */
export class SignInPage {
  private readonly text;
  constructor(
    readonly page: Page,
    language: keyof typeof labels = "en",
  ) {
    this.text = labels[language];
  }

  async open(path = "/signIn") {
    await waitForSession(this.page, () => this.page.goto(path));
  }

  async fill(email: string, password = "") {
    await this.page.getByLabel(this.text.email).fill(email);
    await this.page.getByLabel(this.text.password, { exact: true }).fill(password);
  }

  async signIn(email: string, password: string) {
    await this.fill(email, password);
    await this.page.getByRole("button", { name: this.text.submit, exact: true }).click();
  }

  async forgotPassword(email: string) {
    await this.page.getByLabel(this.text.email).fill(email);
    await this.page.getByRole("button", { name: this.text.forgot }).click();
  }

  alert() {
    return this.page.getByRole("alert");
  }

  /** The polite confirmation, e.g. "Password reset email sent!". */
  notice() {
    return this.page.getByRole("status");
  }
}
