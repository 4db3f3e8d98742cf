import { describe, expect, it } from "vitest";
import { SNIPPET_MAX_CHARS } from "../../shared/schemas/chat";
import { snippetAround } from "./snippet";

describe("snippetAround", () => {
  it("gives a short text whole, on one line, without Markdown marks", () => {
    expect(snippetAround("A **migraine**\n\nsince Monday", "MIGRAINE")).toBe("A migraine since Monday");
  });

  it("cuts a long text around the match at whole words, with … where it was cut", () => {
    const text = `${"word ".repeat(60)}the migraine came back ${"later ".repeat(60)}`;
    const snippet = snippetAround(text, "migraine") ?? "";
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
    expect(snippet).toMatch(/^… ?word .*the migraine came back later .*later…$/);
    expect(snippet).not.toMatch(/ …|… /);
  });

  it("keeps a match at the very end or start, and a match longer than the room", () => {
    const long = "x".repeat(300);
    expect(snippetAround(`${long} end`, "END")).toMatch(/END$|end$/);
    expect(snippetAround(`start ${long}`, "start")).toMatch(/^start/);
    const huge = snippetAround(`a ${"y".repeat(300)} b`, "y".repeat(200)) ?? "";
    expect(huge.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
    expect(huge).toMatch(/^…y+…$/);
  });

  it("treats the search as text, not a pattern, and says nothing when it does not occur", () => {
    expect(snippetAround("costs 5$ (or more)", "5$ (or")).toBe("costs 5$ (or more)");
    expect(snippetAround("nothing here", "migraine")).toBeUndefined();
    expect(snippetAround("anything", "   ")).toBeUndefined();
  });
});
