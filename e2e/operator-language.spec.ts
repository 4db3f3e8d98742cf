import { expect, test } from "./fixtures";
import { AccountPage } from "./pages/account-page";
import { BASE_URL } from "./pages/chat-page";
import { OperatorDashboard, signInAsOperator } from "./pages/operator-page";

// The operator's account is shared with the other dashboard tests: it goes back to English whatever happens here.
test.afterEach(async ({ page }) => {
  const reset = await page.request.put(`${BASE_URL}/api/profile/language`, {
    data: { languageCode: "en" },
    headers: { origin: BASE_URL },
  });
  expect(reset.ok()).toBe(true);
});

// German is loaded only when it is used (src/web/i18n/index.ts): the dashboard's German texts, added while the page
// was English, must still be there once German arrives, together with the rest of German.
test("the dashboard opened in English shows in German after switching, without reloading the page", async ({ page }) => {
  await signInAsOperator(page);
  const dashboard = new OperatorDashboard(page);
  await dashboard.open();
  await expect(dashboard.chart("Messages by language")).toBeVisible();

  const account = new AccountPage(page);
  await account.openFromMenu();
  await expect(account.heading()).toBeVisible();
  await account.language().selectOption({ label: "Deutsch" });
  await expect(page.getByRole("heading", { level: 1, name: "Ihr Konto" })).toBeVisible();

  await page.getByRole("button", { name: "Menü" }).click();
  await page.getByRole("dialog", { name: "Menü" }).getByRole("link", { name: "Forschungs-Dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forschungs-Dashboard" })).toBeVisible();
  await expect(page.getByRole("figure", { name: "Nachrichten nach Sprache" })).toBeVisible();
});
