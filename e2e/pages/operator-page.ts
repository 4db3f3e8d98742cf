import type { Page } from "@playwright/test";
import { expect, readVerifyEmailPath, STRONG_PASSWORD } from "../fixtures";
import { BASE_URL } from "./chat-page";

/** The operator named by OPERATOR_EMAILS for the main e2e server (playwright.config.ts). */
export const OPERATOR_EMAIL = "operator@example.org";

/**
 * Signs the page in as the operator, creating the account on first use (page.request shares the cookies). A
 * listed address is an operator only once confirmed, so a new account opens the link from its sign-up mail.
 */
export async function signInAsOperator(page: Page) {
  const headers = { origin: BASE_URL };
  const signUp = await page.request.post(`${BASE_URL}/api/auth/sign-up/email`, {
    data: { email: OPERATOR_EMAIL, password: STRONG_PASSWORD, name: "", languageCode: "en" },
    headers,
  });
  if (!signUp.ok()) {
    const signIn = await page.request.post(`${BASE_URL}/api/auth/sign-in/email`, {
      data: { email: OPERATOR_EMAIL, password: STRONG_PASSWORD },
      headers,
    });
    expect(signIn.ok(), await signIn.text()).toBe(true);
  }
  const profile = (await (await page.request.get(`${BASE_URL}/api/profile`)).json()) as { emailVerified: boolean };
  if (!profile.emailVerified) await confirmEmail(page, OPERATOR_EMAIL);
}

/** Opens the confirmation link mailed to `email` (through the page's cookies) and checks that it worked. */
export async function confirmEmail(page: Page, email: string) {
  const path = await readVerifyEmailPath(email);
  const confirmed = await page.request.get(`${BASE_URL}${path}`, { maxRedirects: 0 });
  expect(confirmed.status()).toBe(302);
  expect(confirmed.headers().location).toBe("/email-verified");
}

/** The research dashboard at /operator, found by headings, labels and roles. */
export class OperatorDashboard {
  constructor(readonly page: Page) {}

  heading() {
    return this.page.getByRole("heading", { level: 1, name: "Research dashboard" });
  }
  async open(path = "/operator") {
    await this.page.goto(path);
    await expect(this.heading()).toBeVisible();
  }
  /** A chart, by its heading (each is a figure named by it). */
  chart(title: string) {
    return this.page.getByRole("figure", { name: title });
  }
  section(name: string) {
    return this.page.getByRole("region", { name, exact: true });
  }
  dislikedTable() {
    return this.section("Disliked replies").getByRole("table");
  }
  languageFilter() {
    return this.section("Disliked replies").getByLabel("Language");
  }
  exportButton(name: string) {
    return this.section("Exports").getByRole("button", { name });
  }
  /** Clicks an export button and returns the download it starts. */
  async download(name: string) {
    const [download] = await Promise.all([this.page.waitForEvent("download"), this.exportButton(name).click()]);
    return download;
  }
  auditEntries() {
    return this.section("Audit log").getByRole("listitem");
  }
  reauthDialog() {
    return this.page.getByRole("dialog", { name: "Please enter your password again" });
  }
  async searchUsers(text: string) {
    const users = this.section("Users");
    await users.getByLabel("E-mail address contains").fill(text);
    await users.getByRole("button", { name: "Search" }).click();
  }
  userRow(email: string) {
    return this.section("Users").getByRole("listitem").filter({ hasText: email });
  }
  confirmDialog() {
    return this.page.getByRole("dialog");
  }
  promptEditor(name: "System prompt" | "Title prompt") {
    return this.section("Starting prompts").getByRole("form", { name });
  }
}
