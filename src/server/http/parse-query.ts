import type { Env, MiddlewareHandler } from "hono";
import * as z from "zod/mini";
import { apiError } from "./api-error";
import { containsNul, issuesOf, type ValidatedInput } from "./parse-json";

/**
 * Validates the query string (the first value of each key, as `c.req.query()` reads it) against a shared schema,
 * for `c.req.valid("query")` and the route's type; invalid input or NUL becomes a 400 `bad-request`, like jsonBody.
 */
export function queryOf<S extends z.core.$ZodType>(schema: S): MiddlewareHandler<Env, string, ValidatedInput<"query", S>> {
  return async (c, next) => {
    const result = z.safeParse(schema, c.req.query());
    if (!result.success) {
      return apiError(c, "bad-request", "The query is not valid.", { issues: issuesOf(result.error) });
    }
    // NUL cannot reach PostgreSQL (it refuses it in a parameter).
    if (containsNul(result.data)) return apiError(c, "bad-request", "The query must not contain NUL characters.");
    c.req.addValidatedData("query", result.data as object);
    await next();
  };
}
