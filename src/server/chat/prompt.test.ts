import { describe, expect, it } from "vitest";
import { buildReplyPrompt, estimateTokens, newestTurnsWithin } from "./prompt";

const turn = (role: "user" | "assistant", chars: number) => ({ role, content: role[0]?.repeat(chars) ?? "" });

describe("fitting a prompt to MAX_PROMPT_TOKENS", () => {
  it("estimates characters / 4, rounded up", () => {
    expect([0, 1, 4, 5, 8000].map((length) => estimateTokens("x".repeat(length)))).toEqual([0, 1, 1, 2, 2000]);
  });

  it("keeps the newest turns that fit, in order, and stops at the first that does not", () => {
    // Each turn of 36 characters costs 9 + 4 = 13 tokens.
    const turns = [turn("user", 36), turn("assistant", 36), turn("user", 4), turn("assistant", 36), turn("user", 36)];
    // The two newest fit, but the older of them is a reply, and a prompt starts with a user turn.
    expect(newestTurnsWithin(turns, 26)).toEqual(turns.slice(4));
    expect(newestTurnsWithin(turns, 31)).toEqual(turns.slice(2));
    expect(newestTurnsWithin(turns, 43)).toEqual(turns.slice(2));
    expect(newestTurnsWithin(turns, 1000)).toEqual(turns);
  });

  it("always keeps the newest message, even past the budget", () => {
    const turns = [turn("user", 40), turn("assistant", 40), turn("user", 8000)];
    expect(newestTurnsWithin(turns, 100)).toEqual([turns[2]]);
    expect(newestTurnsWithin(turns, -50)).toEqual([turns[2]]);
  });

  it("counts the system prompt, and leaves out failed and empty replies", () => {
    const history = [
      { sender: "user" as const, status: "complete" as const, content: "u".repeat(400) },
      { sender: "assistant" as const, status: "error" as const, content: "half a reply" },
      { sender: "assistant" as const, status: "complete" as const, content: "  " },
      { sender: "user" as const, status: "complete" as const, content: "again?" },
    ];
    const prompt = (maxTokens: number) => buildReplyPrompt({ systemPrompt: "s".repeat(396), history, language: "en", maxTokens });
    // The system prompt with its language note, 439 characters: 110 + 4 tokens; "again?": 2 + 4; the first: 100 + 4.
    expect(prompt(224).map((message) => message.content.slice(0, 3))).toEqual(["sss", "uuu", "aga"]);
    expect(prompt(223).map((message) => message.content.slice(0, 3))).toEqual(["sss", "aga"]);
  });
});
