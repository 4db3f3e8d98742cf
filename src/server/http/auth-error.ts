import type { ApiErrorCode } from "../../shared/errors";
import { apiErrors } from "./api-error";

/** better-auth's error codes (and our hooks' codes in its format), as our API's codes. */
const ourCodeOf: Partial<Record<string, ApiErrorCode>> = {
  INVALID_EMAIL: "invalid-email",
  INVALID_EMAIL_OR_PASSWORD: "invalid-credential",
  USER_ALREADY_EXISTS: "email-already-in-use",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email-already-in-use",
  PASSWORD_TOO_SHORT: "weak-password",
  PASSWORD_TOO_LONG: "weak-password",
  WEAK_PASSWORD: "weak-password",
  USER_DISABLED: "user-disabled",
  TOO_MANY_FAILED_SIGN_INS: "too-many-failed-sign-ins",
  INVALID_TOKEN: "invalid-token",
  /** change-password's wrong current password. */
  INVALID_PASSWORD: "invalid-credential",
};

/**
 * better-auth throws (instead of answering) only before any endpoint runs, when it cannot take the request's host
 * for its links: without PUBLIC_URL, one outside baseURL.allowedHosts. Told by name: better-auth does not export
 * the class (it lives in @better-auth/core, which is not ours to import).
 */
export const isUnknownHostRefusal = (error: unknown): boolean => error instanceof Error && error.name === "BetterAuthError";

/** For a refusal without a code we know (better-auth's limiter, a disabled endpoint's empty 404), by its status. */
const codeForStatus: Partial<Record<number, ApiErrorCode>> = {
  401: "unauthorized",
  404: "not-found",
  413: "payload-too-large",
  429: "too-many-requests",
};

/**
 * Gives every 4xx of better-auth our `{ code, message }` with one of our codes (ApiErrorCode), so the web app
 * never sees better-auth's own codes: known ones are renamed, any other is told by its status (else
 * `bad-request`). The status, the headers (Retry-After) and any message stay as better-auth sent them.
 */
export async function withErrorCode(response: Response): Promise<Response> {
  if (response.status < 400 || response.status >= 500) return response;
  const parsed: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  const fields = parsed && typeof parsed === "object" ? (parsed as { code?: unknown; message?: unknown }) : {};
  const theirs = typeof fields.code === "string" ? ourCodeOf[fields.code] : undefined;
  const code = theirs ?? codeForStatus[response.status] ?? "bad-request";
  // Their message stays (it is for people reading logs and tests; the web shows text by code only).
  const message = typeof fields.message === "string" && fields.message ? fields.message : apiErrors[code].message;
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  const body = JSON.stringify({ code, message });
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
