import { afterAll, beforeAll, expect, it } from "vitest";
import { type FakeModelServer, startFakeModel } from "../fake-model/server";
import { describeEachDatabase } from "../helpers/test-app";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModel();
});
afterAll(() => fake.close());

describeEachDatabase("GET /api/health", ({ createApp }) => {
  it("reports the database and the model endpoint", async () => {
    const demo = await createApp();
    const answer = await demo.client().get("/api/health");
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ status: "ok", database: "ok", model: "not-configured" });
    expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

    const withModel = await createApp({ OPENAI_BASE_URL: fake.url });
    expect((await withModel.client().get("/api/health")).json).toEqual({ status: "ok", database: "ok", model: "ok" });

    const unreachable = await createApp({ OPENAI_BASE_URL: "http://127.0.0.1:9/v1" });
    expect((await unreachable.client().get("/api/health")).body.model).toBe("unreachable");
  });
});
