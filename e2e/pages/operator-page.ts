import type { Page } from "@playwright/test";
import { expect, mailsTo, readConfirmEmailPath, readResetLink, STRONG_PASSWORD } from "../fixtures";
import { BASE_URL } from "./chat-page";

/** The operator named by OPERATOR_EMAILS for the main e2e server (playwright.config.ts). */
export const OPERATOR_EMAIL = "operator@example.org";

const headers = { origin: BASE_URL };

interface Profile {
  emailVerified: boolean;
  isOperator: boolean;
}

/** The page's profile through its cookies, or null when it is not signed in. */
async function profileOf(page: Page): Promise<Profile | null> {
  const response = await page.request.get(`${BASE_URL}/api/profile`);
  return response.ok() ? ((await response.json()) as Profile) : null;
}

async function signInByApi(page: Page, email: string, password: string) {
  const signIn = await page.request.post(`${BASE_URL}/api/auth/sign-in/email`, { data: { email, password }, headers });
  expect(signIn.ok(), await signIn.text()).toBe(true);
}

/**
 * Signs the page in as the operator, creating the account on first use (page.request shares the cookies). A
 * listed address is an operator once its owner has confirmed it and then set a password through the mailed link.
 */
export async function signInAsOperator(page: Page) {
  // Sign-up answers a registered address as a new one, without a session: then sign in.
  await page.request.post(`${BASE_URL}/api/auth/sign-up/email`, {
    data: { email: OPERATOR_EMAIL, password: STRONG_PASSWORD, name: "", languageCode: "en" },
    headers,
  });
  if (!(await profileOf(page))) await signInByApi(page, OPERATOR_EMAIL, STRONG_PASSWORD);
  if ((await profileOf(page))?.isOperator) return;
  await becomeOperator(page, OPERATOR_EMAIL, STRONG_PASSWORD);
  expect((await profileOf(page))?.isOperator).toBe(true);
}

/**
 * As the owner of a listed address does: confirms it (the confirmation page's button posts the mailed token, which
 * ends the account's sessions), sets the password through the link mailed then, and signs in again.
 */
export async function becomeOperator(page: Page, email: string, password: string) {
  const resetMails = () => mailsTo(email).filter((mail) => mail.includes("/reset-password?token=")).length;
  const before = resetMails();
  if (!(await profileOf(page))?.emailVerified) await confirmEmail(page, email);
  else await page.request.post(`${BASE_URL}/api/auth/request-password-reset`, { data: { email }, headers });
  await expect.poll(resetMails).toBeGreaterThan(before);
  const token = new URL(await readResetLink(email)).searchParams.get("token");
  const reset = await page.request.post(`${BASE_URL}/api/auth/reset-password`, { data: { token, newPassword: password }, headers });
  expect(reset.ok(), await reset.text()).toBe(true);
  await signInByApi(page, email, password);
}

/** Posts the token of the confirmation link mailed to `email`, as the confirmation page's button does. */
export async function confirmEmail(page: Page, email: string) {
  const token = new URL(`${BASE_URL}${await readConfirmEmailPath(email)}`).searchParams.get("token");
  const confirmed = await page.request.post(`${BASE_URL}/api/auth/confirm-email`, { data: { token }, headers });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
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
  promptEditor(name: "System prompt" | "Title prompt" | "Starter questions (German)") {
    return this.section("Starting prompts").getByRole("form", { name });
  }
}
