import type { PasswordPolicy } from "../../shared/schemas/password-policy";
import type { Env } from "../env";

export function passwordPolicyFromEnv(env: Env): PasswordPolicy {
  return {
    schemaVersion: 1,
    minLength: env.PASSWORD_MIN_LENGTH,
    maxLength: env.PASSWORD_MAX_LENGTH,
    requireLowercase: env.PASSWORD_REQUIRE_LOWERCASE,
    requireUppercase: env.PASSWORD_REQUIRE_UPPERCASE,
    requireDigit: env.PASSWORD_REQUIRE_DIGIT,
    requireSymbol: env.PASSWORD_REQUIRE_SYMBOL,
    allowedSymbols: env.PASSWORD_ALLOWED_SYMBOLS,
    rejectsCommonPasswords: env.PASSWORD_REJECT_COMMON && env.PASSWORD_COMMON_LIST_SIZE > 0,
  };
}
