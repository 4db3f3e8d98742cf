import { describe, expect, it } from "vitest";
import { safeUrl } from "./safe-url";

describe("safeUrl", () => {
  it.each([
    "https://www.who.int/health-topics",
    "HTTP://example.org",
    "mailto:help@example.org",
    "/chats/1",
    "page?next=a:b",
    "#section:2",
    "docs/a:b",
    "plain",
  ])("keeps %s", (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "jav\tascript:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html;base64,PHNjcmlwdD4=",
    "file:///etc/passwd",
    "tel:112",
  ])("empties %s", (url) => {
    expect(safeUrl(url)).toBe("");
  });
});
