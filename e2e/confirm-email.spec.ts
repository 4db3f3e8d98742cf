import type { Page } from "@playwright/test";
import { expect, expectAccessible, mailsTo, readConfirmEmailPath, readResetLink, STRONG_PASSWORD, test, uniqueEmail } from "./fixtures";
import { BASE_URL, ChatScreen } from "./pages/chat-page";
import { ResetPasswordPage } from "./pages/reset-password-page";
import { SignInPage } from "./pages/sign-in-page";

/** An address in the main e2e server's OPERATOR_EMAILS that only this file signs up with (playwright.config.ts). */
const LISTED = "confirm-operator@example.org";

const texts = {
  en: {
    title: "Confirm your e-mail address",
    button: "Confirm my e-mail address",
    confirmedTitle: "E-mail address confirmed",
    confirmed: "Your e-mail address is confirmed.",
    signIn: "Sign in",
    operator: "This account has the operator role.",
  },
  de: {
    title: "Bestätigen Sie Ihre E-Mail-Adresse",
    button: "E-Mail-Adresse bestätigen",
    confirmedTitle: "E-Mail-Adresse bestätigt",
    confirmed: "Ihre E-Mail-Adresse ist bestätigt.",
    signIn: "Anmelden",
    operator: "Dieses Konto hat die Operator-Rolle.",
  },
};

/** Signs up through the page's cookies (it stays on no page) and returns the path of the mailed confirmation link. */
async function signUpByApi(page: Page, email: string, languageCode: "en" | "de") {
  const response = await page.request.post(`${BASE_URL}/api/auth/sign-up/email`, {
    data: { email, password: STRONG_PASSWORD, name: "", languageCode },
    headers: { origin: BASE_URL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return readConfirmEmailPath(email);
}

async function emailVerified(page: Page): Promise<boolean | undefined> {
  const response = await page.request.get(`${BASE_URL}/api/profile`);
  return response.ok() ? ((await response.json()) as { emailVerified: boolean }).emailVerified : undefined;
}

/** Nothing on the page is wider than the window (no sideways scrolling). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

for (const language of ["en", "de"] as const) {
  test.describe(`in ${language === "en" ? "an English" : "a German"} browser`, () => {
    test.use({ locale: language === "en" ? "en-US" : "de-DE" });
    const text = texts[language];

    for (const width of [390, 1280]) {
      test(`at ${width} px, opening the link confirms nothing; the button does, and ends the session`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
        const link = await signUpByApi(page, uniqueEmail(`confirm-${language}-${width}`), language);

        await page.goto(link);
        await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
        await expect(page.getByRole("button", { name: text.button })).toBeVisible();
        // Opened (as a mail scanner would fetch it), the link changed nothing.
        expect(await emailVerified(page)).toBe(false);
        await expectAccessible(page);
        await expectNoSidewaysScroll(page);
        await page.screenshot({ path: testInfo.outputPath(`confirm-${language}-${width}.png`), fullPage: true });

        await page.getByRole("button", { name: text.button }).click();
        await expect(page.getByRole("heading", { level: 1, name: text.confirmedTitle })).toBeVisible();
        await expect(page.getByRole("status")).toHaveText(text.confirmed);
        await expect(page.getByText(text.operator)).toHaveCount(0);
        // Confirming ended every session of the account, this browser's too.
        expect(await emailVerified(page)).toBeUndefined();
        await expect(page.getByRole("main").getByRole("link", { name: text.signIn })).toBeVisible();
        await expectAccessible(page);
        await expectNoSidewaysScroll(page);
        await page.screenshot({ path: testInfo.outputPath(`confirmed-${language}-${width}.png`), fullPage: true });
      });
    }
  });
}

test("a listed operator's confirmation says the role waits for the mailed password; until then the dashboard stays hidden", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(await signUpByApi(page, LISTED, "en"));
  await page.getByRole("button", { name: texts.en.button }).click();
  await expect(page.getByText(texts.en.operator)).toContainText("the password chosen at sign-up is not enough");
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("confirmed-operator-en-390.png"), fullPage: true });

  // Signed in with the sign-up password: an ordinary account, the dashboard is not there.
  await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
  await new SignInPage(page).signIn(LISTED, STRONG_PASSWORD);
  await expect(new ChatScreen(page).input()).toBeVisible();
  await page.goto("/operator");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();

  // The password set through the mailed link starts the role.
  await expect
    .poll(() => mailsTo(LISTED).filter((mail) => mail.includes("Set your password to use the research dashboard")).length)
    .toBe(1);
  await new ResetPasswordPage(page).open(await readResetLink(LISTED));
  await new ResetPasswordPage(page).setPassword(STRONG_PASSWORD);
  await expect(page.getByRole("status")).toHaveText("Your password has been changed. You can now sign in with it.");
  await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
  await new SignInPage(page).signIn(LISTED, STRONG_PASSWORD);
  await expect(new ChatScreen(page).input()).toBeVisible();
  await page.goto("/operator");
  await expect(page.getByRole("heading", { level: 1, name: "Research dashboard" })).toBeVisible();
});
