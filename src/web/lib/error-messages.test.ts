import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "./api";
import { errorTextKey } from "./error-messages";

describe("error texts come from the code, never from the status or the message", () => {
  it.each([
    ["invalid-credential", "authErrors.invalid-credential"],
    ["invalid-email", "authErrors.invalid-email"],
    ["email-already-in-use", "authErrors.email-already-in-use"],
    ["weak-password", "authErrors.weak-password"],
    ["user-disabled", "authErrors.user-disabled"],
    ["too-many-requests", "authErrors.too-many-requests"],
    ["too-many-failed-sign-ins", "authErrors.too-many-requests"],
    ["invalid-token", "auth.resetInvalidToken"],
    ["service-unavailable", "errors.serviceUnavailable"],
    ["internal", "authErrors.unknown"],
    ["bad-request", "authErrors.unknown"],
    [undefined, "authErrors.unknown"],
  ] as const)("%s → %s where the screen has no text of its own", (code, key) => {
    expect(errorTextKey(new ApiError(code, "whatever the server said"))).toBe(key);
  });

  it("uses the screen's text for its codes and its general text for every other failure", () => {
    const screen = { byCode: { "not-found": "feedback.notRated" }, otherwise: "feedback.saveFailed" } as const;
    expect(errorTextKey(new ApiError("not-found", "Message not found."), screen)).toBe("feedback.notRated");
    expect(errorTextKey(new ApiError("internal", "Something went wrong"), screen)).toBe("feedback.saveFailed");
    expect(errorTextKey(new NetworkError(new TypeError("Failed to fetch")), screen)).toBe("feedback.saveFailed");
    expect(errorTextKey(new NetworkError(new TypeError("Failed to fetch")))).toBe("authErrors.unknown");
  });
});
