/** An e-mail address as accounts store it (better-auth lowercases on sign-up): trimmed and in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
