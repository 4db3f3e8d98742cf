import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { classifyProviderError } from "./provider-errors";
import { IdleTimeoutError } from "./sse-content";

const apiError = (status: number) => OpenAI.APIError.generate(status, { error: { message: "x" } }, "x", new Headers());

describe("classifyProviderError", () => {
  it("tells a timeout, a rate limit and an unreachable or failing endpoint apart", () => {
    expect(classifyProviderError(new IdleTimeoutError())).toBe("provider-timeout");
    expect(classifyProviderError(new OpenAI.APIConnectionTimeoutError())).toBe("provider-timeout");
    expect(classifyProviderError(apiError(429))).toBe("provider-rate-limited");
    expect(classifyProviderError(new OpenAI.APIConnectionError({ message: "refused" }))).toBe("provider-unavailable");
    expect(classifyProviderError(apiError(502))).toBe("provider-unavailable");
  });

  it("counts a connection dropped mid-stream as unavailable, and anything else as a provider error", () => {
    expect(classifyProviderError(new TypeError("terminated"))).toBe("provider-unavailable");
    expect(classifyProviderError(new TypeError("fetch failed", { cause: new Error("ECONNRESET") }))).toBe("provider-unavailable");
    expect(classifyProviderError(apiError(400))).toBe("provider-error");
    expect(classifyProviderError(new Error("boom"))).toBe("provider-error");
  });
});
