import { isValidEmail } from "./email";

type ValidationKey =
  | "validation.invalidEmail"
  | "validation.passwordRequired"
  | "validation.confirmRequired"
  | "validation.passwordsDiffer"
  | "validation.acceptPrivacy"
  | "validation.resetNeedsEmail";

/** Sign-up checks in the spec's order (section 5); the first failing rule wins. */
export function validateSignUp(form: { email: string; password: string; confirm: string; acceptedPrivacy: boolean }): ValidationKey | null {
  if (!isValidEmail(form.email)) return "validation.invalidEmail";
  if (!form.password) return "validation.passwordRequired";
  if (!form.confirm) return "validation.confirmRequired";
  if (form.password !== form.confirm) return "validation.passwordsDiffer";
  if (!form.acceptedPrivacy) return "validation.acceptPrivacy";
  return null;
}

/** Sign-in checks only the e-mail in the client. */
export function validateSignIn(form: { email: string }): ValidationKey | null {
  return isValidEmail(form.email) ? null : "validation.invalidEmail";
}

export function validateResetRequest(form: { email: string }): ValidationKey | null {
  return isValidEmail(form.email) ? null : "validation.resetNeedsEmail";
}

export function validateNewPassword(form: { password: string; confirm: string }): ValidationKey | null {
  if (!form.password) return "validation.passwordRequired";
  if (!form.confirm) return "validation.confirmRequired";
  if (form.password !== form.confirm) return "validation.passwordsDiffer";
  return null;
}
