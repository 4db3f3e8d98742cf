import type { Page } from "@playwright/test";
import { expect, expectAccessible, STRONG_PASSWORD, test, uniqueEmail } from "./fixtures";
import { AccountPage } from "./pages/account-page";
import { SignInPage } from "./pages/sign-in-page";
import { SignUpPage } from "./pages/sign-up-page";

const viewports = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

/** Opens a page, waits for its main heading, and runs axe. */
async function checkPage(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expectAccessible(page);
}

for (const { name, width, height } of viewports) {
  test.describe(`${name} (${width}px)`, () => {
    test.use({ viewport: { width, height } });

    test("signed-out pages have no serious axe violations", async ({ page }) => {
      await checkPage(page, "/", "Health questions, answered with care");
      await checkPage(page, "/signIn", "Sign in");
      await checkPage(page, "/reset-password?token=abc", "Choose a new password");
      await checkPage(page, "/datenschutzerklaerung", "Datenschutzerklärung (privacy notice)");
      await checkPage(page, "/does-not-exist", "Page not found");

      await checkPage(page, "/signUp", "Create your account");
      const signUp = new SignUpPage(page);
      await signUp.submit();
      await expect(signUp.alert()).toHaveText("Please enter a valid email address.");
      await expectAccessible(page);

      const signIn = new SignInPage(page);
      await signIn.open();
      await signIn.forgotPassword("");
      await expect(signIn.alert()).toBeVisible();
      await expectAccessible(page);
    });

    test("signed-in pages have no serious axe violations", async ({ page }) => {
      await new SignUpPage(page).signUp(uniqueEmail("a11y"), STRONG_PASSWORD);
      await expect(page.getByRole("heading", { level: 1, name: "Welcome" })).toBeVisible();
      await expectAccessible(page);

      await checkPage(page, "/", "How can I help you today?");
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
      await expectAccessible(page);

      const account = new AccountPage(page);
      await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Account" }).click();
      await expect(account.heading()).toBeVisible();
      await expectAccessible(page);
      await account.startDeletingAccount();
      await expectAccessible(page);

      await checkPage(page, "/datenschutzerklaerung", "Datenschutzerklärung (privacy notice)");
    });
  });
}

test.describe("dark mode", () => {
  test.use({ colorScheme: "dark" });

  for (const { name, width, height } of viewports) {
    test(`landing, sign-up (with an error), explanation and chat at ${name} width`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await checkPage(page, "/", "Health questions, answered with care");
      await checkPage(page, "/signUp", "Create your account");
      const signUp = new SignUpPage(page);
      await signUp.submit();
      await expect(signUp.alert()).toBeVisible();
      await expectAccessible(page);

      await signUp.signUp(uniqueEmail("dark"), STRONG_PASSWORD);
      await expectAccessible(page);
      await checkPage(page, "/", "How can I help you today?");
      const account = new AccountPage(page);
      await account.openFromMenu();
      await account.startDeletingAccount();
      await expectAccessible(page);
    });
  }
});
