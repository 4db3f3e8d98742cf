import type { Context } from "hono";
import type { ApiErrorCode } from "../../shared/errors";
import { apiError } from "./api-error";

const codeForStatus: Partial<Record<number, ApiErrorCode>> = {
  401: "unauthorized",
  404: "not-found",
  413: "payload-too-large",
  429: "too-many-requests",
};

const isText = (value: unknown): value is string => typeof value === "string" && value.length > 0;

/**
 * better-auth answers some client errors without a code: an empty 404 for a disabled endpoint (delete-user),
 * its rate limiter's 429 and a bad `redirectTo`'s 400 carry a message only. Gives every 4xx our
 * `{ code, message }`, keeping the status, the headers (Retry-After) and any code or message it had.
 */
export async function withErrorCode(c: Context, response: Response): Promise<Response> {
  if (response.status < 400 || response.status >= 500) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  const fields = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (isText(fields.code) && isText(fields.message)) return response;
  const code = codeForStatus[response.status] ?? "bad-request";
  const fallback = apiError(c, code, isText(fields.message) ? fields.message : undefined, isText(fields.code) ? { code: fields.code } : {});
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Response(await fallback.text(), { status: response.status, statusText: response.statusText, headers });
}
