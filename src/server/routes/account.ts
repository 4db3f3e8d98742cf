import { Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import type { AccountSession } from "../../shared/schemas/session";
import { describeUserAgent } from "../../shared/user-agent";
import type { Auth } from "../auth/auth";
import type { Database } from "../db/client";
import { exportUserData } from "../db/queries/export";
import { deleteUserWithData } from "../db/queries/users";
import { apiError } from "../http/api-error";
import { signedInWithin } from "../http/recent-login";
import { type AuthedEnv, requireSession } from "../http/session";
import type { SessionLookup } from "../http/session-lookup";
import { errorFields } from "../log-safe-error";
import type { Logger } from "../logger";
import { deleteOutboxMailTo } from "../mail/outbox";

// better-auth's cookie names, plain and with the __Secure- prefix it uses on https.
const sessionCookieNames = [
  "better-auth.session_token",
  "better-auth.session_data",
  "__Secure-better-auth.session_token",
  "__Secure-better-auth.session_data",
];

interface AccountDeps {
  sessions: SessionLookup;
  /** better-auth's own session list and "revoke the others"; their answers never reach the browser as they are. */
  auth: Auth;
  db: Database;
  recentLoginSeconds: number;
  /** Mails to a deleted account (reset and confirmation links) are deleted from here too. */
  outboxDir: string;
  logger: Logger;
}

export function accountRoutes({ sessions, auth, db, recentLoginSeconds, outboxDir, logger }: AccountDeps) {
  return (
    new Hono<AuthedEnv>()
      .use(requireSession(sessions))
      .get("/sessions", async (c) => {
        const listed = await auth.api.listSessions({ headers: c.req.raw.headers });
        const currentId = c.var.session.session.id;
        const rows: AccountSession[] = listed
          .map((session) => ({
            id: session.id,
            createdAt: session.createdAt,
            lastActiveAt: session.updatedAt,
            ...describeUserAgent(session.userAgent),
            current: session.id === currentId,
          }))
          .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.getTime() - a.lastActiveAt.getTime());
        c.header("Cache-Control", "no-store");
        return c.json(rows);
      })
      .post("/sessions/revoke-others", async (c) => {
        await auth.api.revokeOtherSessions({ headers: c.req.raw.headers });
        return c.json({ revoked: true });
      })
      // Everything about a person in one file: like deleting the account, it needs a recent sign-in.
      .get("/export", async (c) => {
        if (!signedInWithin(c.var.session, recentLoginSeconds)) return apiError(c, "requires-recent-login");
        const data = await exportUserData({ db, userId: c.var.session.user.id });
        c.header("Content-Disposition", `attachment; filename="health-chat-data-${new Date().toISOString().slice(0, 10)}.json"`);
        c.header("Cache-Control", "no-store");
        return c.json(data);
      })
      .delete("/", async (c) => {
        const { user } = c.var.session;
        if (!signedInWithin(c.var.session, recentLoginSeconds)) return apiError(c, "requires-recent-login");
        await deleteUserWithData({ db, userId: user.id });
        // The account is gone either way; a mail left behind here is pruned with the outbox (outboxKeptSecondsOf).
        await deleteOutboxMailTo({ outboxDir, email: user.email }).catch((error: unknown) =>
          logger.warn("deleting the account's outbox mail failed", { error: errorFields(error) }),
        );
        for (const name of sessionCookieNames) deleteCookie(c, name, { path: "/", secure: name.startsWith("__Secure-") });
        return c.json({ deleted: true });
      })
  );
}
