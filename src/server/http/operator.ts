import type { Context, MiddlewareHandler } from "hono";
import { normalizeEmail } from "../../shared/email";
import type { Database } from "../db/client";
import { type AccountRole, getAccountRole } from "../db/queries/operators";
import { apiError } from "./api-error";
import { signedInWithin } from "./recent-login";
import type { AuthedEnv } from "./session";
import type { SessionLookup } from "./session-lookup";

/**
 * Whether an account is an operator: its e-mail is verified (so nobody can claim a listed address by signing up
 * with it first), it is not disabled, and it is granted the role by OPERATOR_EMAILS or by `npm run users --
 * grant-operator` (stored on the user row, so it ends with the account).
 */
export function isOperator(operatorEmails: readonly string[], account: AccountRole | undefined): boolean {
  if (!account?.emailVerified || account.disabledAt) return false;
  return account.operatorGrantedAt !== null || operatorEmails.includes(normalizeEmail(account.email));
}

/** What deciding a request's role needs: its session, the database and OPERATOR_EMAILS. */
export interface RoleDeps {
  sessions: SessionLookup;
  db: Database;
  operatorEmails: readonly string[];
}

/**
 * Lets only operators through, reading the role fresh from the database on every request. Everyone else, signed
 * in or not, gets the same 404 as for a path that does not exist, so the research tools do not announce themselves.
 */
export function requireOperator({ sessions, db, operatorEmails }: RoleDeps): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    const session = await sessions.get(c.req.raw.headers);
    const account = session && (await getAccountRole({ db, userId: session.user.id }));
    if (!session || !isOperator(operatorEmails, account ?? undefined)) return apiError(c as unknown as Context, "not-found");
    c.set("session", session);
    await next();
  };
}

/** For what can harm many people at once (exports, prompt changes): a sign-in at most `seconds` old. */
export function requireRecentLogin(seconds: number): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    if (!signedInWithin(c.var.session, seconds)) return apiError(c as unknown as Context, "requires-recent-login");
    await next();
  };
}
