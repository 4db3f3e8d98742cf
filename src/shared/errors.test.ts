import { describe, expect, it } from "vitest";
import { authErrorOf } from "./errors";

describe("auth error codes map to the spec's catalogue", () => {
  it.each([
    ["invalid-credential", "invalid-credential"],
    ["invalid-email", "invalid-email"],
    ["email-already-in-use", "email-already-in-use"],
    ["weak-password", "weak-password"],
    ["user-disabled", "user-disabled"],
    ["too-many-requests", "too-many-requests"],
    ["too-many-failed-sign-ins", "too-many-requests"],
    ["internal", "unknown"],
    ["bad-request", "unknown"],
    [undefined, "unknown"],
  ] as const)("%s → %s", (code, expected) => {
    expect(authErrorOf(code)).toBe(expected);
  });
});
