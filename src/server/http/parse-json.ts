import type { Env, MiddlewareHandler } from "hono";
import * as z from "zod/mini";
import { apiError } from "./api-error";

/** What a validated input adds to a route's type: the client's input (what hc sends) and the handler's output. */
export type ValidatedInput<Target extends "json" | "query" | "param", S extends z.core.$ZodType> = {
  in: { [K in Target]: z.input<S> };
  out: { [K in Target]: z.output<S> };
};

/** The issues of a refused input, as the 400 `bad-request` lists them. */
export function issuesOf(error: z.core.$ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

/**
 * Reads the JSON body and validates it against a shared schema, for `c.req.valid("json")` and for the route's
 * type (hc sends `z.input<S>`). Malformed or invalid input, or NUL anywhere in it, becomes a 400 `bad-request`
 * (with the issues listed), never a 500. Unlike hono's `validator("json")`, the body is read whatever its
 * Content-Type says, and malformed JSON gets our error shape instead of a plain-text 400.
 */
export function jsonBody<S extends z.core.$ZodType>(schema: S): MiddlewareHandler<Env, string, ValidatedInput<"json", S>> {
  return async (c, next) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return apiError(c, "bad-request", "The request body is not valid JSON.");
    }
    const result = z.safeParse(schema, body);
    if (!result.success) {
      return apiError(c, "bad-request", "The request body is not valid.", { issues: issuesOf(result.error) });
    }
    if (containsNul(result.data)) {
      return apiError(c, "bad-request", "The request body must not contain NUL characters.");
    }
    c.req.addValidatedData("json", result.data as object);
    await next();
  };
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
