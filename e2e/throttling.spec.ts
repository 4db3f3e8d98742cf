import { expect, STRONG_PASSWORD, THROTTLED_BASE_URL, test, uniqueEmail } from "./fixtures";
import { SignInPage } from "./pages/sign-in-page";
import { SignUpPage } from "./pages/sign-up-page";

// The throttled server allows three failed sign-ins per account (FAILED_SIGN_IN_MAX=3).
test.use({ baseURL: THROTTLED_BASE_URL });

test("after three wrong passwords even the right one is refused with the too-many-requests message", async ({ page }) => {
  const email = uniqueEmail("locked");
  await new SignUpPage(page).signUp(email, STRONG_PASSWORD);
  await page.context().clearCookies();

  const form = new SignInPage(page);
  await form.open();
  for (const attempt of [1, 2, 3]) {
    await form.signIn(email, `wrong-passphrase-${attempt}`);
    await expect(form.alert()).toHaveText("Invalid E-Mail/Password.");
  }
  await form.signIn(email, STRONG_PASSWORD);
  await expect(form.alert()).toHaveText(
    "Access to this account has been temporarily disabled due to many failed login attempts. " +
      "You can immediately restore it by resetting your password or you can try again later.",
  );
  await expect(page).toHaveURL(/\/signIn$/);
});
