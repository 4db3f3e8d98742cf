import { appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Request } from "@playwright/test";

/**
 * What the browser tests send that the servers must never log: the texts typed (messages, comments, prompts),
 * passwords, e-mail addresses and tokens, and the session tokens handed out. One JSON string per line in the
 * run's data folder, appended to by every worker; e2e/private-logs.teardown.ts reads it after the run.
 */
const registryFile = () => join(process.env.E2E_DATA_DIR ?? "", "sent-secrets.jsonl");

/** Body fields that hold what a person typed or a secret; other fields (language, kind, ids) are not secret. */
const secretField = /text|comment|password|email|token|prompt/i;
/** Shorter values ("hi", "en") would be found in any log by chance. */
const MIN_CHARS = 6;
const SESSION_COOKIE = /session_token$/;

export function recordSent(values: string[]) {
  const kept = values.filter((value) => value.length >= MIN_CHARS);
  if (kept.length > 0) appendFileSync(registryFile(), kept.map((value) => `${JSON.stringify(value)}\n`).join(""));
}

export function readSent(): string[] {
  let text = "";
  try {
    text = readFileSync(registryFile(), "utf8");
  } catch {
    return [];
  }
  return [
    ...new Set(
      text
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as string),
    ),
  ];
}

/** The string values of a JSON body's secret fields, at any depth. */
function secretValues(value: unknown, key = ""): string[] {
  if (typeof value === "string") return secretField.test(key) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => secretValues(item, key));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([name, inner]) => secretValues(inner, name));
  return [];
}

function recordRequest(request: Request) {
  const body = request.postData();
  if (!body || !request.url().includes("/api/")) return;
  try {
    recordSent(secretValues(JSON.parse(body)));
  } catch {
    // Not JSON (a form or a file): nothing the app sends that way holds what a person typed.
  }
}

/** A session cookie's value is `token.signature`; both the token and the whole value are secret. */
function sessionTokens(cookies: { name: string; value: string }[]): string[] {
  return cookies
    .filter((cookie) => SESSION_COOKIE.test(cookie.name))
    .flatMap((cookie) => {
      const value = decodeURIComponent(cookie.value);
      return [value, value.split(".")[0] ?? ""];
    });
}

/** Records every JSON body the context's pages send to the app, and every session cookie the app sets. */
export function recordWhatIsSent(context: BrowserContext) {
  context.on("request", recordRequest);
  context.on("response", async (response) => {
    if (!response.url().includes("/api/auth/")) return;
    // A page closed meanwhile cannot answer; the cookies it still held are read at the end of the test.
    const setCookie = await response.headerValue("set-cookie").catch(() => null);
    const cookies = (setCookie ?? "").split("\n").flatMap((line) => {
      const [pair = ""] = line.split(";");
      const separator = pair.indexOf("=");
      return separator > 0 ? [{ name: pair.slice(0, separator).trim(), value: pair.slice(separator + 1).trim() }] : [];
    });
    recordSent(sessionTokens(cookies));
  });
}

/** Records the session cookies among those a context or an API request context holds (after API sign-ins). */
export function recordSessionCookies(cookies: { name: string; value: string }[]) {
  recordSent(sessionTokens(cookies));
}
