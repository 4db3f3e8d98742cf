import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../client";
import { sessions } from "../schema";

/** Whether the session with this token still exists and has not expired (one indexed lookup). */
export async function sessionIsLive({ db, token }: { db: Database; token: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row !== undefined;
}
