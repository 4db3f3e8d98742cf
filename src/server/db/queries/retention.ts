import { lt } from "drizzle-orm";
import type { Database } from "../client";
import { chats } from "../schema";

/** Deletes chats (and, by cascade, their messages) not touched for `days` days. */
export async function deleteChatsOlderThan({ db, days }: { db: Database; days: number }) {
  const cutoff = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  const deleted = await db.delete(chats).where(lt(chats.updatedAt, cutoff)).returning({ id: chats.id });
  return deleted.length;
}
