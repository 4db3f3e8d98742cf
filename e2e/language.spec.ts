import type { Browser } from "@playwright/test";
import { expect, STRONG_PASSWORD, test, uniqueEmail } from "./fixtures";
import { AccountPage } from "./pages/account-page";
import { SignInPage } from "./pages/sign-in-page";
import { SignUpPage } from "./pages/sign-up-page";

/** Signs in from a brand-new English browser and returns its page on the chat screen. */
async function signInFromEnglishBrowser(browser: Browser, email: string) {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  const signIn = new SignInPage(page);
  await signIn.open();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await signIn.signIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  return { context, page };
}

test.describe("an English browser", () => {
  test.use({ locale: "en-US" });
  test("sees the English landing page", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Health questions, answered with care");
    await expect(page.getByRole("link", { name: "Try it for free" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});

test.describe("a German browser", () => {
  test.use({ locale: "de-DE" });

  test("sees the German landing page", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gesundheitsfragen, sorgfältig beantwortet");
    await expect(page.getByRole("link", { name: "Kostenlos ausprobieren" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });

  test("signs up with German saved in the profile", async ({ page, browser }) => {
    const email = uniqueEmail("deutsch");
    await new SignUpPage(page, "de").signUp(email, STRONG_PASSWORD);
    await expect(page.getByRole("heading", { level: 1, name: "Willkommen" })).toBeVisible();

    const english = await signInFromEnglishBrowser(browser, email);
    await expect(english.page.getByRole("heading", { name: "Wie kann ich Ihnen heute helfen?" })).toBeVisible();
    await expect(english.page.locator("html")).toHaveAttribute("lang", "de");
    await english.context.close();
  });
});

test("switching to Deutsch on the account page applies at once and after the next sign-in", async ({ page, browser }) => {
  const email = uniqueEmail("switch");
  await new SignUpPage(page).signUp(email, STRONG_PASSWORD);
  await page.getByRole("link", { name: "Continue" }).click();
  const account = new AccountPage(page);
  await account.openFromMenu();
  await expect(account.language()).toHaveValue("en");

  await account.language().selectOption({ label: "Deutsch" });
  await expect(page.getByRole("heading", { level: 1, name: "Ihr Konto" })).toBeVisible();
  await expect(page.getByLabel("Sprache")).toHaveValue("de");
  await expect(page.getByRole("button", { name: "Konto löschen" })).toBeVisible();
  await account.logOut("Abmelden");
  await expect(page.getByRole("link", { name: "Kostenlos ausprobieren" })).toBeVisible();

  const english = await signInFromEnglishBrowser(browser, email);
  await expect(english.page.getByRole("heading", { name: "Wie kann ich Ihnen heute helfen?" })).toBeVisible();
  await english.context.close();
});
