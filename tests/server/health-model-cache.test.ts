import { afterEach, expect, it, vi } from "vitest";
import { MODEL_CHECK_CACHE_MS } from "../../src/server/routes/health";
import { fakeModelForFile } from "../helpers/fake-model-suite";
import { describeEachDatabase } from "../helpers/test-app";

const model = fakeModelForFile();

afterEach(() => {
  vi.useRealTimers();
});

describeEachDatabase("GET /api/health asks the model endpoint at most once per 30 s", ({ createApp }) => {
  it("answers many health requests, at once and one after another, from one model check", async () => {
    const t = await createApp({ OPENAI_BASE_URL: model().url });
    const before = model().modelListings();
    const together = await Promise.all(Array.from({ length: 5 }, () => t.client().get("/api/health")));
    for (const answer of together) expect(answer.json).toEqual({ status: "ok", database: "ok", model: "ok" });
    for (let i = 0; i < 5; i++) expect((await t.client().get("/api/health")).body.model).toBe("ok");
    expect(model().modelListings() - before).toBe(1);
  });

  it("checks again once the 30 s have passed", async () => {
    const t = await createApp({ OPENAI_BASE_URL: model().url });
    const before = model().modelListings();
    vi.useFakeTimers({ toFake: ["Date"] });
    // Counted by the model's own log of listings: the answer's state could read "unreachable" on a machine so
    // loaded that the check's 3 s pass, and that is not what this test is about.
    await t.client().get("/api/health");
    vi.setSystemTime(Date.now() + MODEL_CHECK_CACHE_MS - 1000);
    await t.client().get("/api/health");
    expect(model().modelListings() - before).toBe(1);
    vi.setSystemTime(Date.now() + 2000);
    await t.client().get("/api/health");
    expect(model().modelListings() - before).toBe(2);
  });
});
