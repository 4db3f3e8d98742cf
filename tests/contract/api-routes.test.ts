import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { apiRoutesOf, exposedAuthApiRoutes } from "../helpers/api-routes";

describe("apiRoutesOf", () => {
  it("lists each API route once, without middleware, the better-auth passthrough or the catch-all", () => {
    const pass = async (_c: unknown, next: () => Promise<void>) => next();
    const things = new Hono()
      .use(pass)
      .get("/", (c) => c.text("list"))
      .post("/:id", pass, pass, (c) => c.text("one"))
      .all("/:id/anything", (c) => c.text("any"));
    const app = new Hono();
    app.use("/api/*", pass);
    app.on(["GET", "POST"], "/api/auth/*", (c) => c.text("auth"));
    app.route("/api/things", things);
    app.all("/api/*", (c) => c.text("none", 404));
    app.get("/metrics", (c) => c.text("outside the API"));

    expect(apiRoutesOf(app)).toEqual(["GET /api/things", "POST /api/things/:id", "ALL /api/things/:id/anything"]);
  });

  it("names the exposed better-auth routes with their full path", () => {
    expect(exposedAuthApiRoutes).toContain("POST /api/auth/sign-in/email");
    expect(exposedAuthApiRoutes.every((route) => /^(GET|POST) \/api\/auth\/[a-z-/]+$/.test(route))).toBe(true);
  });
});
