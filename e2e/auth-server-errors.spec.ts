import { expect, STRONG_PASSWORD, test, uniqueEmail } from "./fixtures";
import { SignInPage } from "./pages/sign-in-page";
import { SignUpPage } from "./pages/sign-up-page";

test("the sign-up form lists the server's password rules", async ({ page }) => {
  const form = new SignUpPage(page);
  await form.open();
  await expect(page.getByText("Your password needs:")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "at least 8 characters" })).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(/at least 8 characters/);
});

test("weak passwords are refused by the server and shown in the alert", async ({ page }) => {
  const form = new SignUpPage(page);
  await form.open();
  const email = uniqueEmail("weak");
  for (const weak of ["password1", "12345678"]) {
    await form.fill({ email, password: weak, confirm: weak, acceptPrivacy: true });
    await form.submit();
    await expect(form.alert()).toHaveText("Password is too weak.");
    await expect(page).toHaveURL(/\/signUp$/);
  }
});

test("an e-mail already in use is refused", async ({ page, browser }) => {
  const email = uniqueEmail("taken");
  await new SignUpPage(page).signUp(email, STRONG_PASSWORD);

  const visitor = await browser.newContext();
  const form = new SignUpPage(await visitor.newPage());
  await form.open();
  await form.fill({ email, password: STRONG_PASSWORD, confirm: STRONG_PASSWORD, acceptPrivacy: true });
  await form.submit();
  await expect(form.alert()).toHaveText("Email already in use.");
  await visitor.close();
});

test("a wrong password or an unknown e-mail gives the same message", async ({ page, browser }) => {
  const email = uniqueEmail("known");
  await new SignUpPage(page).signUp(email, STRONG_PASSWORD);

  const visitor = await browser.newContext();
  const form = new SignInPage(await visitor.newPage());
  await form.open();
  await form.signIn(email, "not-the-right-passphrase");
  await expect(form.alert()).toHaveText("Invalid E-Mail/Password.");
  await form.signIn(uniqueEmail("stranger"), STRONG_PASSWORD);
  await expect(form.alert()).toHaveText("Invalid E-Mail/Password.");
  await visitor.close();
});

test.describe("on a small phone", () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("the alert scrolls into view when the form's button is far below it", async ({ page }) => {
    const form = new SignUpPage(page);
    await form.open();
    await form.fill({ email: uniqueEmail("phone"), password: "12345678", confirm: "12345678", acceptPrivacy: true });
    await form.submit();
    await expect(form.alert()).toHaveText("Password is too weak.");
    await expect(form.alert()).toBeInViewport();
  });
});
