import { expect, expectAccessible, mailsTo, readConfirmEmailPath, STRONG_PASSWORD, test, uniqueEmail } from "./fixtures";
import { ChatScreen, recordRequests } from "./pages/chat-page";
import { OPERATOR_EMAIL, OperatorDashboard, signInAsOperator } from "./pages/operator-page";
import { SignInPage } from "./pages/sign-in-page";
import { SignUpPage } from "./pages/sign-up-page";

const refusal = { status: 403, json: { code: "requires-recent-login", message: "Please sign in again." } };

test("a new user is reminded to confirm the e-mail address until the mailed link's page confirms it", async ({ page }) => {
  const email = uniqueEmail("verify");
  await new SignUpPage(page).signUp(email, STRONG_PASSWORD);
  const chat = new ChatScreen(page);
  await chat.goto();
  const banner = page.getByRole("complementary", { name: "E-mail confirmation" });
  await expect(banner).toContainText("Please confirm your e-mail address: we sent you a link.");
  await expectAccessible(page);
  // It comes with the page, not after the profile (which would push the page down): here the profile never answers.
  await page.route("**/api/profile", () => {});
  await page.reload();
  await expect(banner).toBeVisible();
  await expect(chat.input()).toBeVisible();
  await page.unroute("**/api/profile");
  await page.reload();
  await page.waitForLoadState("networkidle");

  // Asked too often, the server answers 429 `too-many-requests` (better-auth's limiter, renamed at the server's edge):
  // the banner asks to wait; the next try goes through.
  const resend = "**/api/auth/send-verification-email";
  const tooMany = { status: 429, json: { code: "too-many-requests", message: "Too many requests." } };
  await page.route(resend, (route) => route.fulfill(tooMany), { times: 1 });
  const profileReads = recordRequests(page, /^\/api\/profile$/);
  await banner.getByRole("button", { name: "Send the link again" }).click();
  await expect(banner.getByRole("status")).toHaveText("A link was sent a moment ago. Please wait a little before asking again.");
  // Only a refusal that could mean "confirmed meanwhile" (bad-request) reloads the profile.
  await page.waitForLoadState("networkidle");
  expect(profileReads).toHaveLength(0);
  await banner.getByRole("button", { name: "Send the link again" }).click();
  await expect(banner.getByRole("status")).toHaveText("Sent. Please look in your inbox.");
  const withLink = () => mailsTo(email).filter((mail) => mail.includes("/confirm-email?token=")).length;
  await expect.poll(withLink).toBe(2);

  // The link opens a page that confirms nothing by itself (a mail scanner may fetch it); its button does.
  const link = await readConfirmEmailPath(email);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your e-mail address" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E-mail address confirmed" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("Your e-mail address is confirmed.");
  await expect(page.getByText("every device signed in to this account has been signed out")).toBeVisible();
  await expectAccessible(page);

  // Confirming ended this browser's session too: signed in again, the reminder is gone.
  await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
  await new SignInPage(page).signIn(email, STRONG_PASSWORD);
  await expect(chat.input()).toBeVisible();
  await expect(banner).toHaveCount(0);

  // A broken or expired link: the page says so and where to get a new one.
  await page.goto("/confirm-email?token=not-a-token");
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "This link did not work" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("This confirmation link is invalid or has expired.");
  await expectAccessible(page);
  await page.goto("/confirm-email");
  await expect(page.getByRole("heading", { level: 1, name: "This link did not work" })).toBeVisible();
});

test("an operator whose sign-in is old enters the password again, then the export downloads and is in the audit log", async ({ page }) => {
  await signInAsOperator(page);
  const dashboard = new OperatorDashboard(page);
  await dashboard.open();
  const period = page.getByRole("form", { name: "Period" });
  const from = await period.getByLabel("From").inputValue();
  const to = await period.getByLabel("To").inputValue();
  // The server answers this way once the sign-in is older than RECENT_LOGIN_SECONDS; here its first answer is
  // replaced, so the test does not wait for a session to age.
  const exports = "**/api/operator/export/**";
  await page.route(exports, (route) => route.fulfill(refusal), { times: 1 });

  // Closing the dialog drops the export quietly.
  await dashboard.exportButton("Chats as CSV").click();
  const dialog = dashboard.reauthDialog();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`For your protection, exports and prompt changes need a recent sign-in.`);
  await expect(dialog.getByLabel("Password", { exact: true })).toBeFocused();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(dashboard.section("Exports").getByRole("alert")).toHaveCount(0);

  await page.route(exports, (route) => route.fulfill(refusal), { times: 1 });
  await dashboard.exportButton("Chats as CSV").click();
  await dialog.getByLabel("Password", { exact: true }).fill("not-the-password");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Invalid E-Mail/Password.");
  await dialog.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
  const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Continue" }).click()]);
  expect(download.suggestedFilename()).toBe(`health-chat-chats-${from}-to-${to}.csv`);
  await expect(dialog).toBeHidden();

  // The audit log, newest first, now starts with that export.
  const newest = dashboard.auditEntries().first();
  await expect(newest.locator("strong")).toHaveText("Export");
  await expect(newest).toContainText(`Exported chats as CSV, ${from} to ${to}`);
  await expect(newest).toContainText(`By ${OPERATOR_EMAIL}`);
  await expect(dashboard.section("Audit log").getByRole("status")).toHaveText(/^\d+ events in this period/);
});

test("a prompt save refused for an old sign-in asks for the password; closing the dialog keeps the edited text", async ({ page }) => {
  await signInAsOperator(page);
  const dashboard = new OperatorDashboard(page);
  await dashboard.open();
  await page.route("**/api/operator/prompts/title", (route) => route.fulfill(refusal), { times: 1 });
  const editor = dashboard.promptEditor("Title prompt");
  const text = editor.getByRole("textbox", { name: "Title prompt" });
  const edited = `${await text.inputValue()} (edited)`;
  await text.fill(edited);
  await editor.getByRole("button", { name: "Save as new version" }).click();
  await expect(dashboard.reauthDialog()).toBeVisible();
  await dashboard.reauthDialog().getByRole("button", { name: "Cancel" }).click();
  await expect(dashboard.reauthDialog()).toBeHidden();
  await expect(text).toHaveValue(edited);
  await expect(editor.getByRole("alert")).toHaveCount(0);
  await expect(editor.getByRole("status")).toHaveCount(0);
});
