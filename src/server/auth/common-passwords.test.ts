import { describe, expect, it } from "vitest";
import { isCommonPassword, loadCommonPasswords } from "./common-passwords";

describe("loadCommonPasswords", () => {
  it("loads at least the top 3000 and the default 10000 entries", () => {
    expect(loadCommonPasswords(3000).size).toBeGreaterThanOrEqual(2990);
    expect(loadCommonPasswords(10_000).size).toBeGreaterThanOrEqual(9900);
  });

  it("holds the best-known common passwords in the top 3000", () => {
    const top = loadCommonPasswords(3000);
    for (const word of ["123456", "password", "iloveyou", "qwerty123", "letmein", "football"]) {
      expect(top.has(word), word).toBe(true);
    }
  });

  it("takes the list in rank order and stores it in lower case", () => {
    const top10 = loadCommonPasswords(10);
    expect(top10.size).toBeLessThanOrEqual(10);
    expect(top10.has("123456")).toBe(true);
    expect(top10.has("password")).toBe(true);
    expect(top10.has("iloveyou")).toBe(false);
    for (const word of loadCommonPasswords(3000)) expect(word).toBe(word.toLowerCase());
  });

  it("is empty for size 0 (the check is off)", () => {
    expect(loadCommonPasswords(0).size).toBe(0);
  });
});

describe("isCommonPassword", () => {
  const list = loadCommonPasswords(3000);
  it("ignores letter case", () => {
    expect(isCommonPassword("password", list)).toBe(true);
    expect(isCommonPassword("PassWord", list)).toBe(true);
    expect(isCommonPassword("ILOVEYOU", list)).toBe(true);
  });

  it("lets uncommon passwords through", () => {
    expect(isCommonPassword("violet kettle drums at dawn", list)).toBe(false);
    expect(isCommonPassword("password", new Set())).toBe(false);
  });
});
