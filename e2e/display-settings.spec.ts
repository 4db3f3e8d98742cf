import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { signedInUser } from "./pages/chat-page";

/** What the first paint shows, read with the app's own code refused: only index.html, the CSS and the head script. */
async function firstPaintLooks(page: Page, path: string) {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto(path);
  const looks = await page.evaluate(() => ({
    fontSize: getComputedStyle(document.documentElement).fontSize,
    background: getComputedStyle(document.body).backgroundColor,
    theme: document.documentElement.dataset.theme,
  }));
  await page.unroute(/\/assets\/.*\.js$/);
  return looks;
}

const cases = [
  { language: "en", textSize: "Text size", larger: "Larger", theme: "Theme", dark: "Dark", light: "Light" },
  { language: "de", textSize: "Schriftgröße", larger: "Größer", theme: "Farbschema", dark: "Dunkel", light: "Hell" },
] as const;

for (const words of cases) {
  test(`text size and theme are saved per user and applied before the first paint (${words.language})`, async ({ page }) => {
    const { userId } = await signedInUser(page, { languageCode: words.language });
    await page.goto(`/Account/${userId}`);
    await page.getByLabel(words.textSize).selectOption({ label: words.larger });
    await page.getByLabel(words.theme).selectOption({ label: words.dark });
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expectAccessible(page);
    // 112.5% × 135% of 16 px.
    await expect.poll(async () => (await firstPaintLooks(page, `/Account/${userId}`)).fontSize).toBe("24.3px");
    expect(await firstPaintLooks(page, "/")).toEqual({ fontSize: "24.3px", background: "rgb(14, 24, 29)", theme: "dark" });

    // Stored on the server: another browser gets them once the profile loads.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/Account/${userId}`);
    await expect(page.getByLabel(words.theme)).toHaveValue("dark");
    await expect(page.locator("html")).toHaveAttribute("data-text-size", "larger");

    // The light theme wins over a dark system setting, and signed-out pages use the browser's copy too.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.getByLabel(words.theme).selectOption({ label: words.light });
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await expectAccessible(page);
    await page.context().clearCookies();
    expect(await firstPaintLooks(page, "/")).toEqual({ fontSize: "24.3px", background: "rgb(245, 247, 248)", theme: "light" });
  });
}
