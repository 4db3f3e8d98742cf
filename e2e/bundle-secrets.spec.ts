import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, STRONG_PASSWORD, test, uniqueEmail } from "./fixtures";
import { AccountPage } from "./pages/account-page";
import { SignUpPage } from "./pages/sign-up-page";

test("the JavaScript served to the browser holds no secrets", async ({ page }) => {
  const scripts = new Set<string>();
  page.on("response", (response) => {
    if (/^\/assets\/[^/]+\.js$/.test(new URL(response.url()).pathname)) scripts.add(response.url());
  });

  // Visit every page so every lazily loaded chunk is fetched.
  for (const path of ["/", "/signIn", "/reset-password?token=x", "/datenschutzerklaerung", "/does-not-exist"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  await new SignUpPage(page).signUp(uniqueEmail("bundle"), STRONG_PASSWORD);
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "How can I help you today?" })).toBeVisible();
  await new AccountPage(page).openFromMenu();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();

  const authSecret = readFileSync(join(process.env.E2E_DATA_DIR ?? "", "auth-secret"), "utf8").trim();
  expect(authSecret.length).toBeGreaterThanOrEqual(32);
  const forbidden = ["AUTH_SECRET", "SMTP_URL", "DATABASE_URL", "OPENAI_API_KEY", authSecret];

  expect(scripts.size).toBeGreaterThanOrEqual(5);
  for (const url of scripts) {
    const response = await page.request.get(url);
    expect(response.ok()).toBe(true);
    const body = await response.text();
    expect(
      forbidden.filter((secret) => body.includes(secret)),
      url,
    ).toEqual([]);
  }
});
