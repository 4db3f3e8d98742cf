import type { Context, MiddlewareHandler } from "hono";
import { normalizeEmail } from "../../shared/email";
import type { Database } from "../db/client";
import { type AccountRole, getAccountRole } from "../db/queries/operators";
import { apiError } from "./api-error";
import { signedInWithin } from "./recent-login";
import type { AuthedEnv } from "./session";
import type { SessionLookup } from "./session-lookup";

/** Whether an account is granted the operator role: by OPERATOR_EMAILS, or by `npm run users -- grant-operator`. */
export function hasOperatorGrant(operatorEmails: readonly string[], account: AccountRole | undefined): boolean {
  if (!account) return false;
  return account.operatorGrantedAt !== null || operatorEmails.includes(normalizeEmail(account.email));
}

/**
 * Whether an account is an operator: granted the role, not disabled, its e-mail confirmed, and its password set
 * through a mailed link since then. Whoever signed up first with a listed address chose the password they know;
 * confirming (by the owner) ends their sessions, and only the owner's password from the mailed link gives the role.
 */
export function isOperator(operatorEmails: readonly string[], account: AccountRole | undefined): boolean {
  if (!account?.emailVerified || account.disabledAt || account.passwordSetByLinkAt === null) return false;
  return hasOperatorGrant(operatorEmails, account);
}

/** Granted and confirmed, but the role waits for a password set through the mailed link. */
export function awaitsOperatorPassword(operatorEmails: readonly string[], account: AccountRole | undefined): boolean {
  return (
    Boolean(account?.emailVerified && !account.disabledAt && account.passwordSetByLinkAt === null) &&
    hasOperatorGrant(operatorEmails, account)
  );
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
