import { describe, expect, it } from "vitest";
import { pageLanguage } from "./page-language";

const of = (headers: Record<string, string>) => pageLanguage(new Headers(headers));

describe("pageLanguage", () => {
  it("takes the language shown last in this browser first", () => {
    expect(of({ cookie: "a=1; language=de", "accept-language": "en-US,en;q=0.9" })).toBe("de");
    expect(of({ cookie: "language=en", "accept-language": "de-DE" })).toBe("en");
  });

  it("then the browser's languages by preference, skipping those the app does not have", () => {
    expect(of({ "accept-language": "fr-CH, de;q=0.8, en;q=0.9" })).toBe("en");
    expect(of({ "accept-language": "fr, de-AT;q=0.7" })).toBe("de");
    expect(of({ cookie: "language=fr", "accept-language": "de;q=0, en;q=0.5" })).toBe("en");
  });

  it("is English without either", () => {
    expect(of({})).toBe("en");
    expect(of({ "accept-language": "*" })).toBe("en");
  });
});
