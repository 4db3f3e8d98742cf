import { describe, expect, it } from "vitest";
import { redFlagCategories } from "../../../shared/values";
import { de } from "../../i18n/de";
import { en } from "../../i18n/en";
import { headlineCategory } from "./EmergencyCard";

describe("the emergency card's heading", () => {
  it("names self-harm first (it brings the crisis line), then the categories in display order", () => {
    expect(headlineCategory(["poisoning", "self-harm"])).toBe("self-harm");
    expect(headlineCategory(["other-acute", "breathing", "cardiac"])).toBe("cardiac");
    expect(headlineCategory([])).toBeUndefined();
  });

  it("has a heading of its own for every category, in English and German", () => {
    for (const category of redFlagCategories) {
      expect(en.emergency.headings[category], category).toBeTruthy();
      expect(de.emergency.headings[category], category).toBeTruthy();
    }
    expect(en.emergency.headings.cardiac).toBe("Signs of a heart attack");
    expect(de.emergency.headings["self-harm"]).toBe("Wenn Sie daran denken, sich das Leben zu nehmen");
    expect(new Set(Object.values(en.emergency.headings)).size).toBe(redFlagCategories.length);
  });
});
