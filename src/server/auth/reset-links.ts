import type { createAuthMiddleware } from "better-auth/api";
import { generateRandomString } from "better-auth/crypto";

/** better-auth's context in its hooks (and, for what is read here, in its endpoints). */
export type AuthHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type ResetLinkContext = { context: Pick<AuthHookContext["context"], "baseURL" | "options" | "internalAdapter"> };

/** The link in a reset mail: our own page, which posts the token to /reset-password (not better-auth's endpoint). */
export const resetPageLink = (baseURL: string, token: string) =>
  `${new URL(baseURL).origin}/reset-password?token=${encodeURIComponent(token)}`;

/**
 * A new reset token for the user, stored as better-auth's request-password-reset stores it (so /reset-password
 * takes it once, within RESET_TOKEN_TTL_SECONDS); the link to our reset page with it.
 */
export async function issueResetLink(ctx: ResetLinkContext, userId: string): Promise<string> {
  const token = generateRandomString(24, "a-z", "A-Z", "0-9");
  const ttlSeconds = ctx.context.options.emailAndPassword?.resetPasswordTokenExpiresIn ?? 3600;
  await ctx.context.internalAdapter.createVerificationValue({
    value: userId,
    identifier: `reset-password:${token}`,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return resetPageLink(ctx.context.baseURL, token);
}
