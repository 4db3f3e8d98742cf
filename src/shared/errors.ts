/** Auth error codes from the spec's catalogue (section 8); each has an en and de message. */
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

/** Error codes our own API routes return in `{ code, message }`. */
export const apiErrorCodes = [
  "bad-request",
  "payload-too-large",
  "unauthorized",
  "forbidden-origin",
  "not-found",
  "requires-recent-login",
  "too-many-requests",
  "server-busy",
  "too-many-live-replies",
  "internal",
  "service-unavailable",
] as const;
export type ApiErrorCode = (typeof apiErrorCodes)[number];

export const apiErrorStatus: Record<ApiErrorCode, 400 | 401 | 404 | 403 | 413 | 429 | 500 | 503> = {
  "bad-request": 400,
  "payload-too-large": 413,
  unauthorized: 401,
  "forbidden-origin": 403,
  "not-found": 404,
  "requires-recent-login": 403,
  "too-many-requests": 429,
  /** This server process already streams as many replies as it is set to (MAX_LIVE_CHATS); retry shortly. */
  "server-busy": 429,
  /** This user already has MAX_LIVE_CHATS_PER_USER replies streaming; retry once one has finished. */
  "too-many-live-replies": 429,
  internal: 500,
  /** The database cannot be reached right now (an outage); the request may be retried shortly. */
  "service-unavailable": 503,
};

const serverCodeToAuthError: Record<string, AuthErrorCode> = {
  INVALID_EMAIL: "invalid-email",
  INVALID_EMAIL_OR_PASSWORD: "invalid-credential",
  USER_ALREADY_EXISTS: "email-already-in-use",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email-already-in-use",
  PASSWORD_TOO_SHORT: "weak-password",
  PASSWORD_TOO_LONG: "weak-password",
  WEAK_PASSWORD: "weak-password",
  USER_DISABLED: "user-disabled",
  TOO_MANY_FAILED_SIGN_INS: "too-many-requests",
};

/** Maps an error answer of the auth API to the spec's catalogue; never looks at message text. */
export function authErrorFromResponse(status: number, code: string | undefined): AuthErrorCode {
  if (status === 429) return "too-many-requests";
  return (code && serverCodeToAuthError[code]) || "unknown";
}
