import type { ParseKeys } from "i18next";
import type { ApiErrorCode } from "../../shared/errors";
import { ApiError } from "./api";

export type TextKey = ParseKeys;

/**
 * The text each error code of our API shows where a screen has none of its own: the spec's catalogue (section 8)
 * for the auth codes, "An unknown error occurred." for codes a person cannot act on. A Record, so that a code added
 * to apiErrorCodes without a text here fails to compile.
 */
export const errorTextKeys = {
  "bad-request": "authErrors.unknown",
  "payload-too-large": "authErrors.unknown",
  unauthorized: "authErrors.unknown",
  "forbidden-origin": "errors.crossSite",
  "unknown-host": "errors.unknownHost",
  "not-found": "authErrors.unknown",
  "requires-recent-login": "authErrors.unknown",
  "operator-protected": "authErrors.unknown",
  "too-many-requests": "authErrors.too-many-requests",
  "server-busy": "authErrors.unknown",
  "too-many-live-replies": "authErrors.unknown",
  internal: "authErrors.unknown",
  "service-unavailable": "errors.serviceUnavailable",
  "invalid-email": "authErrors.invalid-email",
  "invalid-credential": "authErrors.invalid-credential",
  "email-already-in-use": "authErrors.email-already-in-use",
  "weak-password": "authErrors.weak-password",
  "user-disabled": "authErrors.user-disabled",
  "too-many-failed-sign-ins": "authErrors.too-many-requests",
  "invalid-token": "auth.resetInvalidToken",
} as const satisfies Record<ApiErrorCode, TextKey>;

/** A screen's own texts for a failed call: for some codes, and (`otherwise`) for every other failure. */
export interface ScreenErrorTexts {
  byCode?: Partial<Record<ApiErrorCode, TextKey>>;
  /** Without it, other codes show their shared text and a failure without a code (no answer) the unknown error. */
  otherwise?: TextKey;
}

/** The text to show for a failed call: the screen's own for its code, else the screen's general one, else the shared one. */
export function errorTextKey(error: unknown, { byCode = {}, otherwise }: ScreenErrorTexts = {}): TextKey {
  const code = error instanceof ApiError ? error.code : undefined;
  if (!code) return otherwise ?? "authErrors.unknown";
  return byCode[code] ?? otherwise ?? errorTextKeys[code];
}
