import type { Database } from "../db/client";
import { deleteSessionCreatedBefore } from "../db/queries/sessions";

/** What this check reads from better-auth's hook context: the request's signed session cookie. */
interface SessionCookieContext {
  getSignedCookie: (name: string, secret: string) => Promise<string | false | null>;
  context: { secret: string; authCookies: { sessionToken: { name: string } } };
}

/** The earliest creation time a session may have now; older ones are past the absolute lifetime. */
export const oldestLiveSessionStart = (maxAgeSeconds: number) => new Date(Date.now() - maxAgeSeconds * 1000);

/**
 * Deletes the request's session when it was created more than `maxAgeSeconds` ago. Run before every better-auth
 * endpoint (hooks.before), it ends such a session everywhere at once: better-auth then finds no session, so
 * get-session answers null and clears the cookie, and change-password, sign-out and the rest answer 401. Each use
 * slides a session's expiry on (SESSION_MAX_AGE_SECONDS); this is the limit that sliding cannot pass.
 */
export async function endSessionPastAbsoluteAge(ctx: SessionCookieContext, { db, maxAgeSeconds }: { db: Database; maxAgeSeconds: number }) {
  const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  if (!token) return;
  await deleteSessionCreatedBefore({ db, token, createdBefore: oldestLiveSessionStart(maxAgeSeconds) });
}
