import { expect, readResetLink, STRONG_PASSWORD, test, uniqueEmail } from "./fixtures";
import { AccountPage } from "./pages/account-page";
import { ResetPasswordPage } from "./pages/reset-password-page";
import { SignInPage } from "./pages/sign-in-page";
import { SignUpPage } from "./pages/sign-up-page";

const NEW_PASSWORD = "a-brand-new-passphrase-77";

test("sign up → explanation → reload → log out → sign in → reset password → delete account", async ({ page }) => {
  const email = uniqueEmail("journey");
  const home = page.getByRole("heading", { name: "How can I help you today?" });
  const landing = page.getByRole("link", { name: "Try it for free" });
  const signIn = new SignInPage(page);
  const account = new AccountPage(page);

  await test.step("sign up lands on the explanation page", async () => {
    await new SignUpPage(page).signUp(email, STRONG_PASSWORD);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome" })).toBeVisible();
    const paragraphs = page.getByRole("main").getByRole("paragraph");
    await expect(paragraphs.filter({ hasNotText: /^Authors:/ })).toHaveCount(4);
    await expect(paragraphs.filter({ hasText: /^Authors:/ })).toHaveText("Authors: Test Author One and Test Author Two");
    await expect(page.getByLabel("Language")).toHaveValue("en");
    await page.getByRole("link", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(home).toBeVisible();
  });

  await test.step("the session survives a reload", async () => {
    await page.reload();
    await expect(home).toBeVisible();
  });

  await test.step("log out on the account page, sign in again", async () => {
    await account.openFromMenu();
    await account.logOut();
    await expect(landing).toBeVisible();
    await signIn.open();
    await signIn.signIn(email, STRONG_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(home).toBeVisible();
    await account.openFromMenu();
    await account.logOut();
    await expect(landing).toBeVisible();
  });

  await test.step("forgot password → link from the outbox → new password", async () => {
    await signIn.open();
    await signIn.forgotPassword(email);
    await expect(signIn.notice()).toHaveText("Password reset email sent!");
    const reset = new ResetPasswordPage(page);
    await reset.open(await readResetLink(email));
    await reset.setPassword(NEW_PASSWORD);
    await expect(reset.notice()).toHaveText("Your password has been changed. You can now sign in with it.");
  });

  await test.step("the old password fails, the new one works", async () => {
    await signIn.open();
    await signIn.signIn(email, STRONG_PASSWORD);
    await expect(signIn.alert()).toHaveText("Invalid E-Mail/Password.");
    await signIn.signIn(email, NEW_PASSWORD);
    await expect(home).toBeVisible();
  });

  await test.step("delete the account after confirming", async () => {
    await account.openFromMenu();
    const dialog = await account.startDeletingAccount();
    await expect(dialog.getByRole("button", { name: "Close" })).toBeVisible();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(landing).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step("the account is gone", async () => {
    await signIn.open();
    await signIn.signIn(email, NEW_PASSWORD);
    await expect(signIn.alert()).toHaveText("Invalid E-Mail/Password.");
  });
});

test("closing the confirmation keeps the account", async ({ page }) => {
  await new SignUpPage(page).signUp(uniqueEmail("keep"), STRONG_PASSWORD);
  const account = new AccountPage(page);
  await account.openFromMenu();
  const dialog = await account.startDeletingAccount();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(account.heading()).toBeVisible();
});

test("a reset link works once, and a bad one is refused", async ({ page }) => {
  const email = uniqueEmail("reuse");
  await new SignUpPage(page).signUp(email, STRONG_PASSWORD);
  await page.context().clearCookies();
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.forgotPassword(email);
  await expect(signIn.notice()).toHaveText("Password reset email sent!");
  const link = await readResetLink(email);

  const reset = new ResetPasswordPage(page);
  await reset.open(link);
  await reset.setPassword("another-good-passphrase-1");
  await expect(reset.notice()).toHaveText("Your password has been changed. You can now sign in with it.");
  await reset.open(link);
  await reset.setPassword("another-good-passphrase-2");
  await expect(reset.alert()).toHaveText("This reset link is invalid or has expired. Please request a new one.");

  await reset.open("/reset-password?token=not-a-real-token");
  await reset.setPassword("another-good-passphrase-3");
  await expect(reset.alert()).toHaveText("This reset link is invalid or has expired. Please request a new one.");
});

test("a failed account deletion says so in the dialog and keeps the account", async ({ page }) => {
  await new SignUpPage(page).signUp(uniqueEmail("failing-delete"), STRONG_PASSWORD);
  const account = new AccountPage(page);
  await account.openFromMenu();
  await page.route("**/api/account", (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({ status: 500, json: { code: "internal", message: "Something went wrong on our side." } })
      : route.fallback(),
  );
  const dialog = await account.startDeletingAccount();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("An error occurred. Please try again.");
  await expect(dialog).toBeVisible();
  await expect(page.getByText("Something went wrong on our side.")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  await page.unroute("**/api/account");
  await page.reload();
  await expect(account.heading()).toBeVisible();
});
