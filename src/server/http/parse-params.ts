import type { Env, MiddlewareHandler } from "hono";
import * as z from "zod/mini";
import { apiError } from "./api-error";
import type { ValidatedInput } from "./parse-json";

/**
 * Validates the path's parameters against a shared schema, for `c.req.valid("param")` and the route's type (so
 * the client can only name what exists). A path whose parameters do not fit names nothing: 404 `not-found`.
 */
export function paramsOf<S extends z.core.$ZodType>(schema: S): MiddlewareHandler<Env, string, ValidatedInput<"param", S>> {
  return async (c, next) => {
    const result = z.safeParse(schema, c.req.param());
    if (!result.success) return apiError(c, "not-found");
    c.req.addValidatedData("param", result.data as object);
    await next();
  };
}
