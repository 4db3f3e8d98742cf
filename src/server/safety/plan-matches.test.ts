import { describe, expect, it } from "vitest";
import { normalizeText } from "./normalize";
import { planMatches } from "./plan-matches";

const found = (text: string) => [...planMatches(normalizeText(text))].map((match) => match[0]);

describe("planMatches", () => {
  it("finds a method, place or time close to a farewell, and a method close to a time, in either order", () => {
    expect(found("the rope is in the shed. goodbye everyone")).toEqual(["rope is in the shed. goodbye"]);
    expect(found("parked at the cliff car park, letters are written")).toEqual(["the cliff car park, letters are written"]);
    expect(found("Heute Nacht. Der Schlauch liegt bereit")).toEqual(["heute nacht. der schlauch"]);
  });

  it("needs two different signs that make a pair, on one line and at most 160 characters apart", () => {
    expect(found("the bridge at night")).toEqual([]);
    expect(found("we drove over the bridge. tonight we eat out")).toEqual([]);
    expect(found("the rope\ngoodbye")).toEqual([]);
    expect(found(`the rope ${"x ".repeat(81)}goodbye`)).toEqual([]);
    expect(found(`the rope ${"x ".repeat(70)}goodbye`)).toHaveLength(1);
  });

  it("pairs ordinary times, rest and the scene set only with a method", () => {
    expect(found("stepping in front of the train at 7:40 tomorrow")).toHaveLength(1);
    expect(found("the train leaves at 7:40 tomorrow")).toEqual([]);
    expect(found("I'll finish the letters for my pen pals this weekend")).toEqual([]);
    expect(found("Morn am füfi bin i uf dä Kornhausbrugg, dänn isch Rueh")).toHaveLength(1);
    expect(found("endlich meine Ruhe heute Abend, die Kinder sind bei Oma")).toEqual([]);
    expect(found("bought charcoal, the bathroom window is sealed")).toHaveLength(1);
    expect(found("the window is sealed with silicone now")).toEqual([]);
    expect(found("gave my cat to my sister, I won't be needing anything after this weekend")).toHaveLength(1);
  });
});
