import type { Page } from "@playwright/test";
import { expect, STRONG_PASSWORD, test, uniqueEmail } from "./fixtures";
import { AccountPage } from "./pages/account-page";
import { SignUpPage } from "./pages/sign-up-page";

const MIN_TARGET = 44;

/**
 * Every visible button and link in the page header and main content is at least 44 px tall.
 * Links inside running text (a paragraph or a label sentence) are inline targets and excepted.
 */
async function expectLargeTouchTargets(page: Page) {
  const targets = page.locator("header, main").locator("button:visible, a:visible, select:visible");
  await expect(targets.first()).toBeVisible();
  const small = await targets.evaluateAll((elements, min) => {
    const inline = (el: Element) => el.tagName === "A" && el.parentElement?.closest("p, label") !== null;
    return elements
      .filter((el) => !inline(el))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.height < min)
      .map(
        ({ el, box }) =>
          `${el.tagName.toLowerCase()} "${el.textContent?.trim() || el.getAttribute("aria-label")}" ${Math.round(box.height)}px`,
      );
  }, MIN_TARGET);
  expect(small).toEqual([]);
}

for (const width of [390, 1280]) {
  test.describe(`${width}px wide`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("landing, sign-up and sign-in", async ({ page }) => {
      for (const path of ["/", "/signUp", "/signIn"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectLargeTouchTargets(page);
      }
    });

    test("account page", async ({ page }) => {
      await new SignUpPage(page).signUp(uniqueEmail("touch"), STRONG_PASSWORD);
      const account = new AccountPage(page);
      await account.openFromMenu();
      await expect(account.heading()).toBeVisible();
      await expectLargeTouchTargets(page);
      const dialog = await account.startDeletingAccount();
      for (const button of await dialog.getByRole("button").all()) {
        expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(MIN_TARGET);
      }
    });
  });
}
