import { lt } from "drizzle-orm";
import type { Database } from "../client";
import { chats } from "../schema";

/** Deletes chats (and, by cascade, their messages) not touched for `days` days. */
export async function deleteChatsOlderThan({ db, days, now }: { db: Database; days: number; now: Date }) {
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const deleted = await db.delete(chats).where(lt(chats.updatedAt, cutoff)).returning({ id: chats.id });
  return deleted.length;
}
