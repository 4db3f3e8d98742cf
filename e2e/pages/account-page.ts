import type { Page } from "@playwright/test";
import { expect } from "../fixtures";

/** The account page: language, log out, delete account (English labels). */
export class AccountPage {
  constructor(readonly page: Page) {}

  async open(uid: string, prefix = "/Account") {
    await this.page.goto(`${prefix}/${uid}`);
    await expect(this.heading()).toBeVisible();
  }

  /** Goes there as a person does: through the menu. */
  async openFromMenu() {
    await this.page.getByRole("button", { name: "Menu", exact: true }).click();
    await this.page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Account" }).click();
    await expect(this.page).toHaveURL(/\/Account\/[^/]+$/);
  }

  heading() {
    return this.page.getByRole("heading", { level: 1, name: "Your account" });
  }

  language() {
    return this.page.getByLabel("Language");
  }

  async logOut(label = "Log out") {
    await this.page.getByRole("button", { name: label }).click();
  }

  /** Clicks "Delete account" and returns the confirmation dialog. */
  async startDeletingAccount() {
    await this.page.getByRole("button", { name: "Delete account" }).click();
    const dialog = this.page.getByRole("dialog", { name: "Are you sure?" });
    await expect(dialog).toBeVisible();
    return dialog;
  }
}
