import type { Page } from "@playwright/test";
import { expect, STRONG_PASSWORD, test, uniqueEmail } from "./fixtures";
import { AccountPage } from "./pages/account-page";
import { currentUserId } from "./pages/session";
import { SignUpPage } from "./pages/sign-up-page";

const PHONE = { width: 320, height: 640 };

/** Nothing on the page is wider than the screen, so it never scrolls sideways (WCAG 1.4.10). */
async function expectNoSidewaysScroll(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, page.url()).toBeLessThanOrEqual(PHONE.width);
}

for (const locale of ["en-US", "de-DE"]) {
  test.describe(`${locale} at 320 px`, () => {
    test.use({ viewport: PHONE, locale });

    test("no page scrolls sideways", async ({ page }) => {
      for (const path of ["/", "/signUp", "/signIn", "/reset-password?token=x", "/datenschutzerklaerung", "/does-not-exist"]) {
        await page.goto(path);
        await expectNoSidewaysScroll(page);
      }
      await new SignUpPage(page, locale === "de-DE" ? "de" : "en").signUp(uniqueEmail("reflow"), STRONG_PASSWORD);
      await expectNoSidewaysScroll(page);
      const uid = await currentUserId(page);
      for (const path of ["/", `/Account/${uid}`, "/datenschutzerklaerung"]) {
        await page.goto(path);
        await expectNoSidewaysScroll(page);
      }
    });
  });
}

test.describe("the delete dialog at 320 px", () => {
  test.use({ viewport: PHONE });
  test("fits the screen", async ({ page }) => {
    await new SignUpPage(page).signUp(uniqueEmail("reflow-dialog"), STRONG_PASSWORD);
    const account = new AccountPage(page);
    await account.open(await currentUserId(page));
    const dialog = await account.startDeletingAccount();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  });
});
