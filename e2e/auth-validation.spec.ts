import { expect, STRONG_PASSWORD, test, uniqueEmail } from "./fixtures";
import { recordAuthRequests } from "./pages/session";
import { SignInPage } from "./pages/sign-in-page";
import { type SignUpFields, SignUpPage } from "./pages/sign-up-page";

// Spec section 5: the client checks these before anything is sent, in this order.
test("sign-up shows each validation message in the spec's order and sends nothing", async ({ page }) => {
  const form = new SignUpPage(page);
  await form.open();
  await expect(page.getByText("at least 8 characters")).toBeVisible();
  const sent = recordAuthRequests(page);

  const email = "ana@example.org";
  const steps: [SignUpFields, string][] = [
    [
      { email: "ana at example.org", password: STRONG_PASSWORD, confirm: STRONG_PASSWORD, acceptPrivacy: true },
      "Please enter a valid email address.",
    ],
    [{ email }, "Please enter a password"],
    [{ email, password: STRONG_PASSWORD }, "Please confirm your password"],
    [{ email, password: STRONG_PASSWORD, confirm: `${STRONG_PASSWORD}!` }, "Passwords do not match"],
    [{ email, password: STRONG_PASSWORD, confirm: STRONG_PASSWORD }, "Please accept the Datenschutzerklärung to proceed."],
  ];
  for (const [fields, message] of steps) {
    await form.fill(fields);
    await form.submit();
    await expect(form.alert()).toHaveText(message);
  }
  expect(sent).toEqual([]);
});

test("an e-mail without a dot after the @ is rejected too", async ({ page }) => {
  const form = new SignUpPage(page);
  await form.open();
  const sent = recordAuthRequests(page);
  for (const email of ["ana@example", "ana @example.org", ""]) {
    await form.fill({ email, password: STRONG_PASSWORD, confirm: STRONG_PASSWORD, acceptPrivacy: true });
    await form.submit();
    await expect(form.alert()).toHaveText("Please enter a valid email address.");
  }
  expect(sent).toEqual([]);
});

test("sign-in checks the e-mail only; forgot password needs one", async ({ page }) => {
  const form = new SignInPage(page);
  await form.open();
  const sent = recordAuthRequests(page);

  await form.signIn("nobody", STRONG_PASSWORD);
  await expect(form.alert()).toHaveText("Please enter a valid email address.");
  await form.forgotPassword("");
  await expect(form.alert()).toHaveText("Please enter your email address to reset your password.");
  await form.forgotPassword("still not an address");
  await expect(form.alert()).toHaveText("Please enter your email address to reset your password.");
  expect(sent).toEqual([]);

  await form.forgotPassword(uniqueEmail("unknown"));
  await expect(form.notice()).toHaveText("Password reset email sent!");
  await expect(form.alert()).toHaveCount(0);
  expect(sent).toEqual(["POST /api/auth/request-password-reset"]);
});

test("sign-in leaves the password to the server", async ({ page }) => {
  const form = new SignInPage(page);
  await form.open();
  const sent = recordAuthRequests(page);
  await form.signIn(uniqueEmail("nopassword"), "");
  await expect(form.alert()).toHaveText("Invalid E-Mail/Password.");
  expect(sent).toEqual(["POST /api/auth/sign-in/email"]);
});

test.describe("in a German browser", () => {
  test.use({ locale: "de-DE" });

  test("sign-up shows the German validation messages in the spec's order and sends nothing", async ({ page }) => {
    const form = new SignUpPage(page, "de");
    await form.open();
    await expect(page.getByText("mindestens 8 Zeichen")).toBeVisible();
    const sent = recordAuthRequests(page);

    const email = "ana@example.org";
    const steps: [SignUpFields, string][] = [
      [
        { email: "ana at example.org", password: STRONG_PASSWORD, confirm: STRONG_PASSWORD, acceptPrivacy: true },
        "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
      ],
      [{ email }, "Bitte geben Sie ein Passwort ein"],
      [{ email, password: STRONG_PASSWORD }, "Bitte bestätigen Sie Ihr Passwort"],
      [{ email, password: STRONG_PASSWORD, confirm: `${STRONG_PASSWORD}!` }, "Die Passwörter stimmen nicht überein"],
      [{ email, password: STRONG_PASSWORD, confirm: STRONG_PASSWORD }, "Bitte akzeptieren Sie die Datenschutzerklärung, um fortzufahren."],
    ];
    for (const [fields, message] of steps) {
      await form.fill(fields);
      await form.submit();
      await expect(form.alert()).toHaveText(message);
    }
    expect(sent).toEqual([]);
  });
});
