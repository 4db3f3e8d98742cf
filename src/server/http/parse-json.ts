import type { Context } from "hono";
import type { z } from "zod";
import { apiError } from "./api-error";

type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

/** Reads a JSON body and validates it; malformed or invalid input becomes a 400 with the issues listed. */
export async function parseJson<T extends z.ZodType>(c: Context, schema: T): Promise<Parsed<z.infer<T>>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return { ok: false, response: apiError(c, "bad-request", "The request body is not valid JSON.") };
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    return { ok: false, response: apiError(c, "bad-request", "The request body is not valid.", { issues }) };
  }
  if (containsNul(result.data)) {
    return { ok: false, response: apiError(c, "bad-request", "The request body must not contain NUL characters.") };
  }
  return { ok: true, data: result.data };
}

/**
 * True when a string (or an object key) anywhere in a parsed JSON value contains U+0000, which PostgreSQL text
 * cannot store: such input is refused up front instead of failing in the database. Iterative, so deeply nested
 * input cannot overflow the stack.
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (item.includes("\u0000")) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (item && typeof item === "object") {
      for (const [key, element] of Object.entries(item)) {
        if (key.includes("\u0000")) return true;
        pending.push(element);
      }
    }
  }
  return false;
}
