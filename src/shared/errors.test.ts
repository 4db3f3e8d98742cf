import { describe, expect, it } from "vitest";
import { authErrorFromResponse } from "./errors";

describe("server auth errors map to the spec's catalogue", () => {
  it.each([
    [401, "INVALID_EMAIL_OR_PASSWORD", "invalid-credential"],
    [400, "INVALID_EMAIL", "invalid-email"],
    [422, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", "email-already-in-use"],
    [400, "WEAK_PASSWORD", "weak-password"],
    [400, "PASSWORD_TOO_SHORT", "weak-password"],
    [429, undefined, "too-many-requests"],
    [429, "TOO_MANY_FAILED_SIGN_INS", "too-many-requests"],
    [500, "SOMETHING_ELSE", "unknown"],
    [400, undefined, "unknown"],
  ])("%i %s → %s", (status, code, expected) => {
    expect(authErrorFromResponse(status, code)).toBe(expected);
  });
});
