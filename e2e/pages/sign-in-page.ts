import type { Page } from "@playwright/test";
import { waitForSession } from "./session";

/** The sign-in form with its forgot-password button. */
export class SignInPage {
  constructor(readonly page: Page) {}

  async open(path = "/signIn") {
    await waitForSession(this.page, () => this.page.goto(path));
  }

  async fill(email: string, password = "") {
    await this.page.getByLabel("Email").fill(email);
    await this.page.getByLabel("Password", { exact: true }).fill(password);
  }

  async signIn(email: string, password: string) {
    await this.fill(email, password);
    await this.page.getByRole("button", { name: "Sign in", exact: true }).click();
  }

  async forgotPassword(email: string) {
    await this.page.getByLabel("Email").fill(email);
    await this.page.getByRole("button", { name: "Forgot password" }).click();
  }

  alert() {
    return this.page.getByRole("alert");
  }

  /** The polite confirmation, e.g. "Password reset email sent!". */
  notice() {
    return this.page.getByRole("status");
  }
}
