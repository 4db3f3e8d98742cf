/**
 * The better-auth endpoints the product uses. better-auth mounts many more (list-sessions answers every
 * session's raw token, update-user, list-accounts, revoke-…); anything not listed here answers 404. GET
 * /verify-email is not listed either: a mail scanner fetching the link would confirm the address (POST
 * /confirm-email, our plugin, does it from the page's button).
 */
export const exposedAuthRoutes = [
  "POST /sign-up/email",
  "POST /sign-in/email",
  "POST /sign-out",
  "GET /get-session",
  "POST /request-password-reset",
  "POST /reset-password",
  "POST /change-password",
  "POST /send-verification-email",
  "POST /confirm-email",
] as const;
const exposed = new Set<string>(exposedAuthRoutes);

export function isExposedAuthRoute(method: string, path: string): boolean {
  return exposed.has(`${method} ${path.replace(/^\/api\/auth/, "").replace(/\/$/, "")}`);
}
