import { expect, STRONG_PASSWORD, test, uniqueEmail } from "./fixtures";
import { AccountPage } from "./pages/account-page";
import { currentUserId } from "./pages/session";
import { SignUpPage } from "./pages/sign-up-page";

test("both spellings of the sign-up and sign-in routes, and /landingpage", async ({ page }) => {
  for (const path of ["/signUp", "/signup"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
  }
  for (const path of ["/signIn", "/signin"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  }
  await page.goto("/landingpage");
  await expect(page.getByRole("heading", { level: 1, name: "Health questions, answered with care" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Try it for free" })).toHaveAttribute("href", "/signUp");
});

test("the landing page leads to sign-up and sign-in", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Try it for free" }).click();
  await expect(page).toHaveURL(/\/signUp$/);
  await page.getByRole("link", { name: "Already have an account? Sign in" }).click();
  await expect(page).toHaveURL(/\/signIn$/);
  await page.getByRole("link", { name: "No account yet? Sign up" }).click();
  await expect(page).toHaveURL(/\/signUp$/);
});

test("signed out, guarded pages show the landing page", async ({ page }) => {
  for (const path of ["/explanation", "/Account/x", "/account/x", "/chats/00000000-0000-4000-8000-000000000000"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Health questions, answered with care" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

test("a loading screen with the logo shows while the session resolves", async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/auth/get-session", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/explanation");
  const loading = page.getByRole("status");
  await expect(loading).toHaveText("Loading…");
  await expect(loading.locator("svg.logo")).toBeVisible();
  release();
  await expect(loading).toBeHidden();
  await expect(page.getByRole("link", { name: "Try it for free" })).toBeVisible();
});

test("the account page in both spellings; another uid shows one's own account", async ({ page }) => {
  await new SignUpPage(page).signUp(uniqueEmail("routes"), STRONG_PASSWORD);
  const uid = await currentUserId(page);
  const account = new AccountPage(page);
  await account.open(uid, "/Account");
  await account.open(uid, "/account");
  await account.open("someone-else", "/Account");
  await expect(page).toHaveURL(new RegExp(`/Account/${uid}$`));
});

test("the privacy page is public: a return button when signed out, the app bar when signed in", async ({ page }) => {
  await page.goto("/datenschutzerklaerung");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Datenschutzerklärung (privacy notice)");
  await expect(page.getByText("privacy@university.invalid")).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu", exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Return" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Try it for free" })).toBeVisible();

  await new SignUpPage(page).signUp(uniqueEmail("privacy"), STRONG_PASSWORD);
  await page.goto("/datenschutzerklaerung");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Datenschutzerklärung (privacy notice)");
  await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete all chats" })).toBeVisible();
});

test("the sign-up form links to the privacy page", async ({ page }) => {
  await page.goto("/signUp");
  const link = page.getByRole("link", { name: "privacy notice" });
  await expect(link).toHaveAttribute("href", "/datenschutzerklaerung");
});

test("an unknown address shows a page-not-found page in the app's layout", async ({ page }) => {
  await page.goto("/does-not-exist");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Health Chat" })).toBeVisible();
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  await page.getByRole("link", { name: "Go to the start page" }).click();
  await expect(page.getByRole("link", { name: "Try it for free" })).toBeVisible();
});

test("a page whose code fails to load shows the error screen, and the start page still opens", async ({ page }) => {
  await page.route(/\/assets\/SignInPage-[\w-]+\.js$/, (route) => route.abort());
  await page.goto("/signIn");
  await expect(page.getByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeVisible();
  await expect(page.getByText("Loading chunk failed")).toBeVisible();
  await page.getByRole("link", { name: "Go to the start page" }).click();
  await expect(page.getByRole("link", { name: "Try it for free" })).toBeVisible();
});

test.describe("in German", () => {
  test.use({ locale: "de-DE" });
  test("an unknown address says so in German", async ({ page }) => {
    await page.goto("/gibt-es-nicht");
    await expect(page.getByRole("heading", { level: 1, name: "Seite nicht gefunden" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Zur Startseite" })).toBeVisible();
  });
});
