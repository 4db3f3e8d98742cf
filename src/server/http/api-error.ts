import type { Context } from "hono";
import { type ApiErrorCode, apiErrorStatus } from "../../shared/errors";

const defaultMessages: Record<ApiErrorCode, string> = {
  "bad-request": "The request is not valid.",
  "payload-too-large": "The request is too large.",
  unauthorized: "Please sign in.",
  "forbidden-origin": "Cross-site requests are not allowed.",
  "not-found": "Not found.",
  "requires-recent-login": "Recent login required.",
  "too-many-requests": "Too many requests. Please try again later.",
  "server-busy": "Many people are using the assistant right now. Please try again in a few seconds.",
  "too-many-live-replies": "Several of your answers are still being written. Please wait until one has finished.",
  internal: "Something went wrong on our side.",
  "service-unavailable": "The service is temporarily unavailable. Please try again in a moment.",
};

/** The one shape of every error our API answers: `{ code, message }`, with the code's status. */
export function apiError(c: Context, code: ApiErrorCode, message = defaultMessages[code], extra: Record<string, unknown> = {}) {
  return c.json({ code, message, ...extra }, apiErrorStatus[code]);
}
