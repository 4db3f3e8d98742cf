import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorCode } from "../../shared/errors";

/**
 * Every API error code with its HTTP status and its default (English) message. It must satisfy a complete record,
 * so a code added to apiErrorCodes without a row here fails to compile (and a row for an unknown code too).
 */
export const apiErrors = {
  "bad-request": { status: 400, message: "The request is not valid." },
  "payload-too-large": { status: 413, message: "The request is too large." },
  unauthorized: { status: 401, message: "Please sign in." },
  "forbidden-origin": { status: 403, message: "Cross-site requests are not allowed." },
  /** Without PUBLIC_URL, an account request (its links in mails) to a host the server did not print at start. */
  "unknown-host": {
    status: 400,
    message:
      "This server takes account requests only at the addresses it showed when it started, so that links in its e-mails cannot point anywhere else. Open it at one of those, or set PUBLIC_URL to the address you use.",
  },
  "not-found": { status: 404, message: "Not found." },
  "requires-recent-login": { status: 403, message: "Recent login required." },
  /** The dashboard cannot disable an operator (or enable a disabled one): only `npm run users` can. */
  "operator-protected": { status: 403, message: "Operators can only be changed with the users command on the server." },
  "too-many-requests": { status: 429, message: "Too many requests. Please try again later." },
  /** This server process already streams as many replies as it is set to (MAX_LIVE_CHATS); retry shortly. */
  "server-busy": { status: 429, message: "Many people are using the assistant right now. Please try again in a few seconds." },
  /** This user already has MAX_LIVE_CHATS_PER_USER replies streaming; retry once one has finished. */
  "too-many-live-replies": {
    status: 429,
    message: "Several of your answers are still being written. Please wait until one has finished.",
  },
  internal: { status: 500, message: "Something went wrong on our side." },
  /** The database cannot be reached right now (an outage); the request may be retried shortly. */
  "service-unavailable": { status: 503, message: "The service is temporarily unavailable. Please try again in a moment." },
  // better-auth's refusals (src/server/http/auth-error.ts), with the statuses better-auth answers them with.
  "invalid-email": { status: 400, message: "Invalid email address." },
  "invalid-credential": { status: 401, message: "Invalid email or password." },
  "email-already-in-use": { status: 422, message: "Email already in use." },
  "weak-password": { status: 400, message: "Password is too weak." },
  "user-disabled": { status: 403, message: "This user has been disabled." },
  "too-many-failed-sign-ins": { status: 429, message: "Too many failed sign-ins." },
  /** A password-reset link that is unknown, used or expired. */
  "invalid-token": { status: 400, message: "The link is invalid or has expired." },
} as const satisfies { [Code in ApiErrorCode]: { status: ContentfulStatusCode; message: string } };

/** Fields an error answer may carry besides its code and message (validation issues, an error id, red flags). */
type ExtraFields = Record<string, unknown> & { code?: never; message?: never };

/** The one shape of every error our API answers: `{ code, message }`, with the code's status. */
export function apiError(c: Context, code: ApiErrorCode, message: string = apiErrors[code].message, extra: ExtraFields = {}) {
  return c.json({ code, message, ...extra }, apiErrors[code].status);
}
