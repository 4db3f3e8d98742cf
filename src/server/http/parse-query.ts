import type { Context } from "hono";
import type { z } from "zod";
import { apiError } from "./api-error";
import { containsNul } from "./parse-json";

type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

/** Validates the query string; invalid input becomes a 400 with the issues listed, like parseJson. */
export function parseQuery<T extends z.ZodType>(c: Context, schema: T): Parsed<z.infer<T>> {
  const result = schema.safeParse(c.req.query());
  // NUL cannot reach PostgreSQL (it refuses it in a parameter): refused like parseJson does.
  if (result.success && containsNul(result.data)) {
    return { ok: false, response: apiError(c, "bad-request", "The query must not contain NUL characters.") };
  }
  if (result.success) return { ok: true, data: result.data };
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  return { ok: false, response: apiError(c, "bad-request", "The query is not valid.", { issues }) };
}
