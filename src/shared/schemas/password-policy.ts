import * as z from "zod/mini";

/** What GET /api/password-policy returns; the sign-up form shows and checks these rules. */
export const passwordPolicySchema = z.object({
  schemaVersion: z.literal(1),
  minLength: z.int().check(z.minimum(1)),
  maxLength: z.optional(z.int()),
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireDigit: z.boolean(),
  requireSymbol: z.boolean(),
  allowedSymbols: z.string(),
  rejectsCommonPasswords: z.boolean(),
});

export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

export type PasswordRule = "minLength" | "maxLength" | "lowercase" | "uppercase" | "digit" | "symbol";

/** The rules a password breaks, in the order the form lists them. Common-password checks are server-only. */
export function brokenPasswordRules(password: string, policy: PasswordPolicy): PasswordRule[] {
  const broken: PasswordRule[] = [];
  const length = [...password].length;
  if (length < policy.minLength) broken.push("minLength");
  if (policy.maxLength !== undefined && length > policy.maxLength) broken.push("maxLength");
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) broken.push("lowercase");
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) broken.push("uppercase");
  if (policy.requireDigit && !/\d/.test(password)) broken.push("digit");
  if (policy.requireSymbol && ![...password].some((ch) => policy.allowedSymbols.includes(ch))) broken.push("symbol");
  return broken;
}
