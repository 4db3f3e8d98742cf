import { createEmailVerificationToken, isAPIError } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import { languageSchema } from "../../shared/schemas/profile";
import type { Database } from "../db/client";
import { saveLanguage } from "../db/queries/profiles";
import type { AccountMailSender } from "./account-mails";
import { type AuthHookContext, issueResetLink } from "./reset-links";

interface SignUpDeps {
  db: Database;
  sendAccountMail: AccountMailSender;
  verificationTtlSeconds: number;
  /** The confirmation link mailed for a token (our confirmation page). */
  confirmLink: (baseURL: string, token: string) => string;
}

const answered = z.object({ user: z.object({ id: z.string(), email: z.string() }) });

/**
 * Finishes a sign-up (better-auth's hooks.after). better-auth runs sign-up with autoSignIn off, so it answers a
 * registered address exactly as a new one (`{ user }`, a made-up id, after hashing the password all the same).
 * Here a new account is signed in, keeps its language and gets the confirmation mail; the owner of a registered
 * address gets a mail with a reset link instead, and whoever sent the sign-up gets no session.
 */
export async function finishSignUp(ctx: AuthHookContext, { db, sendAccountMail, verificationTtlSeconds, confirmLink }: SignUpDeps) {
  const returned = ctx.context.returned;
  if (isAPIError(returned)) return;
  const parsed = answered.safeParse(returned);
  if (!parsed.success) return;
  const { internalAdapter } = ctx.context;
  const created = await internalAdapter.findUserById(parsed.data.user.id);
  if (!created) {
    const owner = await internalAdapter.findUserByEmail(parsed.data.user.email);
    if (owner) await sendAccountMail({ kind: "existing-account", user: owner.user, link: await issueResetLink(ctx, owner.user.id) });
    return;
  }
  const dontRememberMe = ctx.body?.rememberMe === false;
  const session = await internalAdapter.createSession(created.id, dontRememberMe);
  await setSessionCookie(ctx, { session, user: created }, dontRememberMe);
  const language = languageSchema.safeParse(ctx.body?.languageCode);
  await saveLanguage({ db, userId: created.id, languageCode: language.success ? language.data : "en" });
  const token = await createEmailVerificationToken(ctx.context.secret, created.email, undefined, verificationTtlSeconds, {
    userId: created.id,
  });
  await sendAccountMail({ kind: "verify-email", user: created, link: confirmLink(ctx.context.baseURL, token) });
}
