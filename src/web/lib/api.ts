import { type ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type * as z from "zod/mini";
import type { AppType } from "../../server/app";
import { type ApiErrorCode, apiErrorCodes } from "../../shared/errors";
import { filenameFromDisposition } from "./download";

/** An error answer of our API, carrying the server's code (never branch on the message or the status). */
export class ApiError extends Error {
  constructor(
    /** Undefined for an answer without a code this client knows (e.g. a proxy's error page). */
    readonly code: ApiErrorCode | undefined,
    message: string,
    /** With a `forbidden-origin` refusal: the address the server is configured for (PUBLIC_URL). */
    readonly publicUrl?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The request got no answer at all (offline, DNS, connection reset); a stopped request stays an AbortError. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super("The server could not be reached.", { cause });
    this.name = "NetworkError";
  }
}

/** fetch against our own server: the session travels in its httpOnly cookie; no answer at all is a NetworkError. */
export async function sameOriginFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, { ...init, credentials: "same-origin" });
  } catch (cause) {
    if (init?.signal?.aborted) throw cause;
    throw new NetworkError(cause);
  }
}

/** The API's typed client: paths, parameters, bodies and answers come from the server's routes (AppType). */
export const client = hc<AppType>("/", { fetch: sameOriginFetch });

/** The `:id` parameter of a call: hc writes parameters into the path as they are, so the id is encoded here. */
export const byId = (id: string) => ({ id: encodeURIComponent(id) });

/** The server refused with this error code. */
export const hasErrorCode = (error: unknown, code: ApiErrorCode): boolean => error instanceof ApiError && error.code === code;

/** The server cannot reach its database right now (`service-unavailable`); worth retrying shortly. */
export const isServiceUnavailable = (error: unknown): boolean => hasErrorCode(error, "service-unavailable");

/** What the helpers read of an answer: a typed call's ClientResponse, or a plain Response (better-auth's endpoints). */
type AnyResponse = Pick<Response, "ok" | "statusText" | "headers" | "json" | "blob">;
/** What a route answers when it succeeds (its error answers are `{ code, message }`, read by `apiErrorOf`). */
type SuccessBody<R> =
  R extends ClientResponse<infer Body, infer Status, string> ? (Status extends SuccessStatusCode ? Body : never) : never;
/** A schema fits a route when everything the route answers is input the schema reads; else tsc names the answer. */
type Reads<S extends z.ZodMiniType, Body> = [Body] extends [z.input<S>] ? unknown : { "the schema does not read the route's answer": Body };

/** The error an answer's `{ code, message }` body stands for; a code this client does not know becomes undefined. */
export function apiErrorOf(body: unknown, fallbackMessage: string): ApiError {
  const fields: { code?: unknown; message?: unknown; publicUrl?: unknown } = typeof body === "object" && body !== null ? body : {};
  const code = apiErrorCodes.find((known) => known === fields.code);
  const message = typeof fields.message === "string" ? fields.message : fallbackMessage;
  return new ApiError(code, message, typeof fields.publicUrl === "string" ? fields.publicUrl : undefined);
}

/** Awaits a call and throws ApiError for an error answer; for calls whose answer the screen does not need. */
export async function succeeded<R extends AnyResponse>(call: Promise<R>): Promise<R> {
  const response = await call;
  if (!response.ok) throw apiErrorOf(await response.json().catch(() => undefined), response.statusText);
  return response;
}

/** A call's JSON answer, checked with the shared schema of that answer (tsc checks that the schema reads it). */
export async function answer<R extends AnyResponse, S extends z.ZodMiniType>(
  call: Promise<R>,
  schema: S & Reads<S, SuccessBody<R>>,
): Promise<z.output<S>> {
  const response = await succeeded(call);
  return schema.parse(await response.json());
}

/** A file from our own server (an export) with the name its Content-Disposition suggests. */
export async function download(call: Promise<AnyResponse>): Promise<{ blob: Blob; filename: string | null }> {
  const response = await succeeded(call);
  return { blob: await response.blob(), filename: filenameFromDisposition(response.headers.get("content-disposition")) };
}
