import { and, asc, eq, ilike, isNotNull } from "drizzle-orm";
import { normalizeEmail } from "../../../shared/email";
import type { Database } from "../client";
import { sessions, users, verifications } from "../schema";
import { pseudonymiseAuditActor } from "./audit";
import { clearSignInFailures } from "./sign-in-failures";

const operatorView = { id: users.id, email: users.email, createdAt: users.createdAt, disabledAt: users.disabledAt };
const toOperatorUser = (row: { id: string; email: string; createdAt: Date; disabledAt: Date | null }) => ({
  id: row.id,
  email: row.email,
  createdAt: row.createdAt,
  disabled: row.disabledAt !== null,
});

/** Users whose e-mail contains the text (for operators), at most 20. */
export async function findUsers({ db, email }: { db: Database; email: string }) {
  const pattern = `%${email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db.select(operatorView).from(users).where(ilike(users.email, pattern)).orderBy(asc(users.email)).limit(20);
  return rows.map(toOperatorUser);
}

export async function findUserByEmail({ db, email }: { db: Database; email: string }) {
  const [row] = await db
    .select(operatorView)
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row && toOperatorUser(row);
}

/** Disables (signing them out everywhere) or re-enables a user; undefined when there is no such user. */
export async function setUserDisabled({ db, userId, disabled }: { db: Database; userId: string; disabled: boolean }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ disabledAt: disabled ? new Date() : null })
      .where(eq(users.id, userId))
      .returning(operatorView);
    if (row && disabled) await tx.delete(sessions).where(eq(sessions.userId, userId));
    return row && toOperatorUser(row);
  });
}

/**
 * Marks the address confirmed and ends every session of the account, in one transaction: whoever signed up with
 * someone else's address is signed out when the owner confirms it. False when it was confirmed already.
 */
export async function confirmEmailAddress({ db, userId }: { db: Database; userId: string }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.emailVerified, false)))
      .returning({ id: users.id });
    if (!row) return false;
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return true;
  });
}

/** Whether the account is disabled (checked before every new session, once the password was right). */
export async function isDisabledUser({ db, userId }: { db: Database; userId: string }) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.disabledAt)));
  return Boolean(row);
}

/**
 * Deletes a user and everything they own in one transaction; audit rows stay, pseudonymised. Sessions, accounts, the profile, chats and
 * messages go by ON DELETE CASCADE; reset tokens and the sign-in throttle rows are keyed by e-mail, so they
 * are deleted here by hand.
 */
export async function deleteUserWithData({ db, userId }: { db: Database; userId: string }) {
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for("update");
    if (!account) return false;
    // The audit log keeps what this account did (or had done to it), under a pseudonym.
    await pseudonymiseAuditActor({ db: tx, userId, email: account.email });
    await tx.delete(users).where(eq(users.id, userId));
    await clearSignInFailures({ db: tx, email: account.email });
    // Reset tokens are stored hashed, keyed to the user by their value.
    await tx.delete(verifications).where(eq(verifications.value, userId));
    return true;
  });
}
