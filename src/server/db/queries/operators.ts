import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { users } from "../schema";

const accountRoleView = {
  id: users.id,
  email: users.email,
  emailVerified: users.emailVerified,
  disabledAt: users.disabledAt,
  operatorGrantedAt: users.operatorGrantedAt,
  passwordSetByLinkAt: users.passwordSetByLinkAt,
};
/** What decides a user's role, read fresh (never from the session cache), so a change applies at once. */
export async function getAccountRole({ db, userId }: { db: Database; userId: string }) {
  const [row] = await db.select(accountRoleView).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** Grants or revokes the operator role stored in the database; undefined when there is no such user. */
export async function setOperatorGrant({ db, userId, granted }: { db: Database; userId: string; granted: boolean }) {
  const [row] = await db
    .update(users)
    .set({ operatorGrantedAt: granted ? new Date() : null })
    .where(eq(users.id, userId))
    .returning(accountRoleView);
  return row;
}

/**
 * Records that the password was just set through a mailed link, if the address is confirmed (the operator role
 * waits for this); the account as it was before, or undefined when there is no such user.
 */
export async function markPasswordSetByLink({ db, userId }: { db: Database; userId: string }) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select(accountRoleView).from(users).where(eq(users.id, userId)).for("update");
    if (before?.emailVerified) await tx.update(users).set({ passwordSetByLinkAt: new Date() }).where(eq(users.id, userId));
    return before;
  });
}

export type AccountRole = NonNullable<Awaited<ReturnType<typeof getAccountRole>>>;
