import type { Page } from "@playwright/test";

/** The page a reset link opens: a new password, twice. */
export class ResetPasswordPage {
  constructor(readonly page: Page) {}

  async open(link: string) {
    await this.page.goto(link);
  }

  async setPassword(password: string, confirm = password) {
    await this.page.getByLabel("New password").fill(password);
    await this.page.getByLabel("Confirm password").fill(confirm);
    await this.page.getByRole("button", { name: "Save new password" }).click();
  }

  alert() {
    return this.page.getByRole("alert");
  }

  notice() {
    return this.page.getByRole("status");
  }
}
