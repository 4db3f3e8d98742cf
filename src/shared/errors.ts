/** Auth error codes from the spec's catalogue (section 8); each has an en and de message (authErrors.* on the web). */
export const authErrorCodes = [
  "invalid-email",
  "invalid-credential",
  "user-disabled",
  "user-not-found",
  "wrong-password",
  "email-already-in-use",
  "weak-password",
  "too-many-requests",
  "unknown",
] as const;
export type AuthErrorCode = (typeof authErrorCodes)[number];

/** Error codes our own API routes return in `{ code, message }`; each has its status and message in src/server/http/api-error.ts. */
export const apiErrorCodes = [
  "bad-request",
  "payload-too-large",
  "unauthorized",
  "forbidden-origin",
  "unknown-host",
  "not-found",
  "requires-recent-login",
  "operator-protected",
  "too-many-requests",
  "server-busy",
  "too-many-live-replies",
  "internal",
  "service-unavailable",
  // better-auth's refusals, as the server edge (src/server/http/auth-error.ts) renames its codes:
  "invalid-email",
  "invalid-credential",
  "email-already-in-use",
  "weak-password",
  "user-disabled",
  "too-many-failed-sign-ins",
  "invalid-token",
] as const;
export type ApiErrorCode = (typeof apiErrorCodes)[number];

/** The refusals of a send (429) whose body also carries the message's red flags (sendRefusalSchema). */
export const sendRefusalCodes = ["too-many-requests", "server-busy", "too-many-live-replies"] as const satisfies readonly ApiErrorCode[];
export type SendRefusalCode = (typeof sendRefusalCodes)[number];
