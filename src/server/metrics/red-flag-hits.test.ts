import { describe, expect, it } from "vitest";
import { redFlagHits } from "./red-flag-hits";

describe("redFlagHits", () => {
  it("labels each category with the layer that named it", () => {
    expect(redFlagHits(["cardiac", "breathing"], "cardiac")).toEqual([
      { category: "cardiac", layer: "both" },
      { category: "breathing", layer: "rules" },
    ]);
    expect(redFlagHits(["cardiac"], "stroke")).toEqual([
      { category: "cardiac", layer: "rules" },
      { category: "stroke", layer: "model" },
    ]);
    expect(redFlagHits([], "other-acute")).toEqual([{ category: "other-acute", layer: "model" }]);
  });

  it("counts nothing for a message neither layer flagged", () => {
    expect(redFlagHits([], null)).toEqual([]);
  });
});
