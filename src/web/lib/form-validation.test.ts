import { describe, expect, it } from "vitest";
import { validateNewPassword, validateResetRequest, validateSignIn, validateSignUp } from "./form-validation";

const valid = { email: "ana@example.org", password: "secret words", confirm: "secret words", acceptedPrivacy: true };

describe("sign-up validation follows the spec's order", () => {
  it.each([
    [{ ...valid, email: "ana example.org", password: "" }, "validation.invalidEmail"],
    [{ ...valid, email: "ana@example", password: "" }, "validation.invalidEmail"],
    [{ ...valid, password: "", confirm: "" }, "validation.passwordRequired"],
    [{ ...valid, confirm: "", acceptedPrivacy: false }, "validation.confirmRequired"],
    [{ ...valid, confirm: "other", acceptedPrivacy: false }, "validation.passwordsDiffer"],
    [{ ...valid, acceptedPrivacy: false }, "validation.acceptPrivacy"],
    [valid, null],
  ])("%o → %s", (form, expected) => {
    expect(validateSignUp(form)).toBe(expected);
  });
});

describe("other forms", () => {
  it("sign-in checks only the e-mail", () => {
    expect(validateSignIn({ email: "bad" })).toBe("validation.invalidEmail");
    expect(validateSignIn({ email: " ana@example.org " })).toBeNull();
  });
  it("forgot password needs a valid e-mail", () => {
    expect(validateResetRequest({ email: "" })).toBe("validation.resetNeedsEmail");
    expect(validateResetRequest({ email: "a@b.co" })).toBeNull();
  });
  it("a new password must be given twice and match", () => {
    expect(validateNewPassword({ password: "", confirm: "" })).toBe("validation.passwordRequired");
    expect(validateNewPassword({ password: "a", confirm: "" })).toBe("validation.confirmRequired");
    expect(validateNewPassword({ password: "a", confirm: "b" })).toBe("validation.passwordsDiffer");
    expect(validateNewPassword({ password: "a", confirm: "a" })).toBeNull();
  });
});
