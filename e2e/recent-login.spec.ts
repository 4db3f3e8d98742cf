import { expect, STRONG_PASSWORD, THROTTLED_BASE_URL, test, uniqueEmail } from "./fixtures";
import { AccountPage } from "./pages/account-page";
import { currentUserId } from "./pages/session";
import { SignInPage } from "./pages/sign-in-page";
import { SignUpPage } from "./pages/sign-up-page";

// The throttled server counts a sign-in older than 2 seconds as not recent (RECENT_LOGIN_SECONDS=2).
test.use({ baseURL: THROTTLED_BASE_URL });

test("deleting the account after the sign-in has gone stale asks to log in again and keeps the account", async ({ page }) => {
  const email = uniqueEmail("stale");
  await new SignUpPage(page).signUp(email, STRONG_PASSWORD);
  const signedUpAt = Date.now();
  const account = new AccountPage(page);
  await account.open(await currentUserId(page));

  await expect.poll(() => Date.now() - signedUpAt, { timeout: 10_000 }).toBeGreaterThan(2_500);
  const dialog = await account.startDeletingAccount();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("You need to log in again to delete your account.");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  await account.logOut();
  await expect(page.getByRole("link", { name: "Try it for free" })).toBeVisible();
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signIn(email, STRONG_PASSWORD);
  await expect(page.getByRole("heading", { name: "How can I help you today?" })).toBeVisible();
});
