import { describe, expect, it } from "vitest";
import { brokenPasswordRules, type PasswordPolicy } from "./password-policy";

const lenient: PasswordPolicy = {
  schemaVersion: 1,
  minLength: 8,
  maxLength: 128,
  requireLowercase: false,
  requireUppercase: false,
  requireDigit: false,
  requireSymbol: false,
  allowedSymbols: "!#$",
  rejectsCommonPasswords: true,
};
const strict: PasswordPolicy = { ...lenient, requireLowercase: true, requireUppercase: true, requireDigit: true, requireSymbol: true };

describe("brokenPasswordRules", () => {
  it("passes a password that meets every rule", () => {
    expect(brokenPasswordRules("abcdefgh", lenient)).toEqual([]);
    expect(brokenPasswordRules("Abcdef1!", strict)).toEqual([]);
  });

  it("checks minimum and maximum length in code points, not UTF-16 units", () => {
    expect(brokenPasswordRules("abcdefg", lenient)).toEqual(["minLength"]);
    expect(brokenPasswordRules("a".repeat(129), lenient)).toEqual(["maxLength"]);
    expect(brokenPasswordRules("a".repeat(128), lenient)).toEqual([]);
    // Four emoji are eight UTF-16 units but four characters.
    expect(brokenPasswordRules("😀😀😀😀", lenient)).toEqual(["minLength"]);
    expect(brokenPasswordRules("😀".repeat(8), lenient)).toEqual([]);
  });

  it("treats a missing maxLength as no upper limit", () => {
    const { maxLength: _omitted, ...noMax } = lenient;
    expect(brokenPasswordRules("a".repeat(10_000), noMax)).toEqual([]);
  });

  it("lists every broken rule in form order", () => {
    expect(brokenPasswordRules("", strict)).toEqual(["minLength", "lowercase", "uppercase", "digit", "symbol"]);
    expect(brokenPasswordRules("ABCDEFG1!", strict)).toEqual(["lowercase"]);
    expect(brokenPasswordRules("abcdefg1!", strict)).toEqual(["uppercase"]);
    expect(brokenPasswordRules("Abcdefgh!", strict)).toEqual(["digit"]);
    expect(brokenPasswordRules("Abcdefg12", strict)).toEqual(["symbol"]);
  });

  it("counts only the allowed symbols and accepts non-ASCII letters as letter cases", () => {
    expect(brokenPasswordRules("Abcdefg1%", strict)).toEqual(["symbol"]);
    expect(brokenPasswordRules("Äöüßéèç1$", strict)).toEqual([]);
  });
});
