import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { apiErrorCodes } from "../../shared/errors";
import { apiError, apiErrors } from "./api-error";

describe("apiError", () => {
  it("answers every code with its status from the one table, as { code, message }", async () => {
    const app = new Hono().get("/:code", (c) => apiError(c, c.req.param("code") as (typeof apiErrorCodes)[number]));
    for (const code of apiErrorCodes) {
      const response = await app.request(`/${code}`);
      expect(response.status, code).toBe(apiErrors[code].status);
      expect(response.status, code).toBeGreaterThanOrEqual(400);
      expect(await response.json(), code).toEqual({ code, message: apiErrors[code].message });
    }
  });

  it("has no row for a code that is not an API error code", () => {
    expect(Object.keys(apiErrors).sort()).toEqual([...apiErrorCodes].sort());
  });

  it("adds extra fields, but never lets them replace the code or the message", async () => {
    const app = new Hono().get("/", (c) => {
      // @ts-expect-error: the code comes from the second argument only.
      apiError(c, "not-found", undefined, { code: "INVALID_TOKEN" });
      return apiError(c, "bad-request", "The request body is not valid.", { issues: [{ path: "text", message: "Required" }] });
    });
    const response = await app.request("/");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: "bad-request",
      message: "The request body is not valid.",
      issues: [{ path: "text", message: "Required" }],
    });
  });
});
