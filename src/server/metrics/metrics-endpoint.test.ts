import { describe, expect, it } from "vitest";
import { bearerTokenMatches } from "./metrics-endpoint";

const TOKEN = "scrape-token-0123456789abcdef";

describe("bearerTokenMatches", () => {
  it("accepts the token after the Bearer scheme, in any case", () => {
    expect(bearerTokenMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerTokenMatches(`bearer  ${TOKEN} `, TOKEN)).toBe(true);
  });

  it("refuses anything else: no header, another scheme, a prefix, a longer token, the bare token", () => {
    for (const header of [
      undefined,
      "",
      "Bearer",
      "Bearer ",
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}0`,
      TOKEN,
    ]) {
      expect(bearerTokenMatches(header, TOKEN), String(header)).toBe(false);
    }
  });
});
