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
  return { ok: true, data: result.data };
}
