import { describe, expect, it } from "vitest";
import { starterQuestionsProblem } from "./starter-questions";

describe("starterQuestionsProblem", () => {
  it("accepts 1 to 6 questions of at most 120 characters, blank lines aside", () => {
    expect(starterQuestionsProblem("One?")).toBeNull();
    expect(starterQuestionsProblem(`\n${"a".repeat(120)}\n\n  b?  \n`)).toBeNull();
    expect(starterQuestionsProblem("q\n".repeat(6))).toBeNull();
  });

  it("names what is wrong: no question, too many, or the first line that is too long by its number", () => {
    expect(starterQuestionsProblem(" \n\n")).toEqual({ kind: "none" });
    expect(starterQuestionsProblem("q\n".repeat(7))).toEqual({ kind: "too-many", count: 7 });
    expect(starterQuestionsProblem(`a?\n\n${"b".repeat(121)}`)).toEqual({ kind: "too-long", line: 3 });
  });
});
