import type { APIRequestContext } from "@playwright/test";
import { expect, mailsTo, STRONG_PASSWORD, test, uniqueEmail } from "./fixtures";
import { BASE_URL, recordRequests } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { SignUpPage } from "./pages/sign-up-page";

/** A refusal the server may send (its own check of the address), for a server error other than a weak password. */
const invalidEmail = { status: 400, json: { code: "invalid-email", message: "Invalid email" } };

test("the sign-up form lists the server's password rules", async ({ page }) => {
  const form = new SignUpPage(page);
  await form.open();
  await expect(page.getByText("Your password needs:")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "at least 8 characters" })).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(/at least 8 characters/);
});

const tooCommon = "Password is too weak. It is one of the most commonly used passwords; choose another.";

test("weak passwords are refused by the server, and the alert says which rule failed", async ({ page }) => {
  const form = new SignUpPage(page);
  await form.open();
  const email = uniqueEmail("weak");
  for (const weak of ["password1", "12345678"]) {
    await form.fill({ email, password: weak, confirm: weak, acceptPrivacy: true });
    await form.submit();
    await expect(form.alert()).toHaveText(tooCommon);
    await expect(page).toHaveURL(/\/signUp$/);
  }
  await form.fill({ email, password: "Abc1", confirm: "Abc1", acceptPrivacy: true });
  await form.submit();
  await expect(form.alert()).toHaveText("Password is too weak. It still needs: at least 8 characters.");
});

test("the rules are ticked as the password meets them, for screen readers too", async ({ page }) => {
  const form = new SignUpPage(page);
  await form.open();
  const length = page.getByRole("listitem").filter({ hasText: "at least 8 characters" });
  await expect(length).not.toContainText("met");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await expect(length).toContainText("(not met yet)");
  await expect(length).toHaveAttribute("data-state", "unmet");
  await page.getByLabel("Password", { exact: true }).fill("long enough now");
  await expect(length).toContainText("(met)");
  await expect(length).toHaveAttribute("data-state", "met");
  // Whether a password is common only the server knows: that rule is never ticked.
  await expect(page.getByRole("listitem").filter({ hasText: "commonly used" })).not.toContainText("met");
});

test("an e-mail that has an account is not refused: the form asks to look in the inbox, where its owner finds a reset link", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("taken");
  await new SignUpPage(page).signUp(email, STRONG_PASSWORD);

  const visitor = await browser.newContext();
  const form = new SignUpPage(await visitor.newPage());
  await form.open();
  await form.fill({ email, password: "another-quiet-harbour-7", confirm: "another-quiet-harbour-7", acceptPrivacy: true });
  await form.submit();
  await expect(form.notice()).toHaveText(`Thank you. We have sent an e-mail to ${email}; please look in your inbox to continue.`);
  await expect(form.alert()).toHaveCount(0);
  await expect(form.page).toHaveURL(/\/signUp$/);
  await expect.poll(() => mailsTo(email).filter((mail) => mail.includes("Someone tried to sign up")).length).toBe(1);
  await visitor.close();
});

test("a wrong password or an unknown e-mail gives the same message", async ({ page, browser }) => {
  const email = uniqueEmail("known");
  await new SignUpPage(page).signUp(email, STRONG_PASSWORD);

  const visitor = await browser.newContext();
  const form = new SignInPage(await visitor.newPage());
  await form.open();
  await form.signIn(email, "not-the-right-passphrase");
  await expect(form.alert()).toHaveText("Invalid E-Mail/Password.");
  await form.signIn(uniqueEmail("stranger"), STRONG_PASSWORD);
  await expect(form.alert()).toHaveText("Invalid E-Mail/Password.");
  await visitor.close();
});

test.describe("on a small phone", () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("the alert scrolls into view when the form's button is far below it", async ({ page }) => {
    const form = new SignUpPage(page);
    await form.open();
    await form.fill({ email: uniqueEmail("phone"), password: "12345678", confirm: "12345678", acceptPrivacy: true });
    await form.submit();
    await expect(form.alert()).toHaveText(tooCommon);
    await expect(form.alert()).toBeInViewport();
  });
});

test("a password the server rejects as weak makes the form fetch the password policy again", async ({ page }) => {
  const form = new SignUpPage(page);
  await form.open();
  await expect(page.getByRole("listitem").filter({ hasText: "at least 8 characters" })).toBeVisible();
  const policyRequests = recordRequests(page, /^\/api\/password-policy$/);

  // Another server error leaves the policy alone …
  await page.route("**/api/auth/sign-up/email", (route) => route.fulfill(invalidEmail), { times: 1 });
  await form.fill({ email: uniqueEmail("refused"), password: STRONG_PASSWORD, confirm: STRONG_PASSWORD, acceptPrivacy: true });
  await form.submit();
  await expect(form.alert()).toHaveText("Invalid email address.");
  expect(policyRequests).toHaveLength(0);

  // … a weak password asks for the current rules.
  const refetched = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/password-policy");
  await form.fill({ email: uniqueEmail("refetch"), password: "12345678", confirm: "12345678", acceptPrivacy: true });
  await form.submit();
  await expect(form.alert()).toHaveText(tooCommon);
  expect((await refetched).request().method()).toBe("GET");
  expect(policyRequests).toHaveLength(1);
  await expect(page.getByRole("listitem").filter({ hasText: "at least 8 characters" })).toBeVisible();
});

test.describe("in a German browser", () => {
  test.use({ locale: "de-DE" });

  test("sign-up answers from the server are shown in German", async ({ page, request }) => {
    const taken = await existingAccount(request);
    const form = new SignUpPage(page, "de");
    await form.open();
    await form.fill({ email: taken, password: STRONG_PASSWORD, confirm: STRONG_PASSWORD, acceptPrivacy: true });
    await form.submit();
    await expect(form.notice()).toHaveText(
      `Danke. Wir haben eine E-Mail an ${taken} geschickt; bitte sehen Sie in Ihrem Posteingang nach, um fortzufahren.`,
    );

    await form.fill({ email: uniqueEmail("schwach"), password: "password1", confirm: "password1", acceptPrivacy: true });
    await form.submit();
    await expect(form.alert()).toHaveText(
      "Das Passwort ist zu schwach. Es gehört zu den am häufigsten verwendeten Passwörtern; bitte wählen Sie ein anderes.",
    );
    await expect(page).toHaveURL(/\/signUp$/);
  });

  test("a wrong password or an unknown e-mail gives the German message", async ({ page, request }) => {
    const email = await existingAccount(request);
    const form = new SignInPage(page, "de");
    await form.open();
    await expect(page.getByRole("heading", { level: 1, name: "Anmelden" })).toBeVisible();
    await form.signIn(email, "not-the-right-passphrase");
    await expect(form.alert()).toHaveText("E-Mail-Adresse oder Passwort ist falsch.");
    await form.signIn(uniqueEmail("fremd"), STRONG_PASSWORD);
    await expect(form.alert()).toHaveText("E-Mail-Adresse oder Passwort ist falsch.");
  });
});

/** An account made through the API in its own cookie jar (the page stays signed out); returns its e-mail. */
async function existingAccount(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail("existing");
  const response = await request.post(`${BASE_URL}/api/auth/sign-up/email`, {
    data: { email, password: STRONG_PASSWORD, name: "", languageCode: "en" },
    headers: { origin: BASE_URL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return email;
}
