import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { signInFailures, users, verifications } from "../schema";

/**
 * Deletes a user and everything they own in one transaction. Sessions, accounts, the profile
 * (and later chats and messages) go by ON DELETE CASCADE; reset tokens and the sign-in
 * throttle row are keyed by e-mail, so they are deleted here by hand.
 */
export async function deleteUserWithData({ db, userId }: { db: Database; userId: string }) {
  return db.transaction(async (tx) => {
    const [user] = await tx.delete(users).where(eq(users.id, userId)).returning({ email: users.email });
    if (!user) return false;
    await tx.delete(signInFailures).where(eq(signInFailures.email, user.email));
    // Reset tokens are stored hashed, keyed to the user by their value.
    await tx.delete(verifications).where(eq(verifications.value, userId));
    return true;
  });
}
