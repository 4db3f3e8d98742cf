import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { bodyLimit } from "./body-limit";

/** An app whose requests count every read of `body` (on the Node server, such a read builds a whole web Request). */
function appCountingBodyReads() {
  const app = new Hono();
  let bodyReads = 0;
  app.use(async (c, next) => {
    const raw = c.req.raw;
    const body = Object.getOwnPropertyDescriptor(Request.prototype, "body")?.get;
    Object.defineProperty(raw, "body", {
      get() {
        bodyReads += 1;
        return body?.call(raw);
      },
    });
    await next();
  });
  app.use(bodyLimit({ maxBytes: 10, onTooLarge: (c) => c.text("too large", 413) }));
  app.all("/", async (c) => c.text(c.req.method === "GET" ? "ok" : await c.req.text()));
  return { app, bodyReads: () => bodyReads };
}

describe("bodyLimit", () => {
  it("leaves the body of a GET, and of a body whose declared length is within the limit, unread", async () => {
    const { app, bodyReads } = appCountingBodyReads();
    expect((await app.request("/")).status).toBe(200);
    expect(bodyReads()).toBe(0);
    const small = await app.request("/", { method: "POST", body: "12345", headers: { "content-length": "5" } });
    expect(await small.text()).toBe("12345");
    expect(bodyReads()).toBe(0);
  });

  it("still refuses a body over the limit, declared or not", async () => {
    const { app } = appCountingBodyReads();
    const declared = await app.request("/", { method: "POST", body: "x".repeat(20), headers: { "content-length": "20" } });
    expect(declared.status).toBe(413);
    const chunked = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("x".repeat(20)));
        controller.close();
      },
    });
    const undeclared = await app.request("/", { method: "POST", body: chunked, duplex: "half" } as RequestInit);
    expect(undeclared.status).toBe(413);
  });
});
