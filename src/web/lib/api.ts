import { filenameFromDisposition } from "./download";

/** An error answer of our API, carrying the server's code (never branch on the message). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    /** With a `forbidden-origin` refusal: the address the server is configured for (PUBLIC_URL). */
    readonly publicUrl?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The server cannot reach its database right now (503 `service-unavailable`); worth retrying shortly. */
export function isServiceUnavailable(error: unknown): boolean {
  return error instanceof ApiError && (error.code === "service-unavailable" || error.status === 503);
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** JSON fetch against our own server; the session travels in its httpOnly cookie. */
export async function api<T>(path: string, { method = "GET", body }: { method?: Method; body?: unknown } = {}): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) throw errorOf(response, data);
  return data as T;
}

/** A file from our own server (an export) with the name its Content-Disposition suggests. */
export async function apiDownload(path: string): Promise<{ blob: Blob; filename: string | null }> {
  const response = await fetch(path, { credentials: "same-origin" });
  if (!response.ok) {
    const text = await response.text();
    throw errorOf(response, text ? safeJson(text) : null);
  }
  return { blob: await response.blob(), filename: filenameFromDisposition(response.headers.get("content-disposition")) };
}

function errorOf(response: Response, data: unknown): ApiError {
  const info = (data ?? {}) as { code?: string; message?: string; publicUrl?: unknown };
  const publicUrl = typeof info.publicUrl === "string" ? info.publicUrl : undefined;
  return new ApiError(response.status, info.code, info.message ?? response.statusText, publicUrl);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
