import { type AuthErrorCode, authErrorFromResponse } from "../../shared/errors";
import { ApiError } from "./api";

export function authErrorCode(error: unknown): AuthErrorCode {
  if (error instanceof ApiError) return authErrorFromResponse(error.status, error.code);
  return "unknown";
}
