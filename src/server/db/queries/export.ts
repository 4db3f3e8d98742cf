import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../client";
import { chats, messages, profiles, sessions, users } from "../schema";

/** Everything stored about one user, for "Download my data" (GDPR Art. 15 and 20). */
export async function exportUserData({ db, userId }: { db: Database; userId: string }) {
  const [user] = await db.select({ email: users.email, createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  const [profile] = await db.select({ languageCode: profiles.languageCode }).from(profiles).where(eq(profiles.userId, userId));
  const userSessions = await db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt));
  const userChats = await db.select().from(chats).where(eq(chats.userId, userId)).orderBy(desc(chats.updatedAt));
  const rows = userChats.length
    ? await db
        .select()
        .from(messages)
        .where(
          inArray(
            messages.chatId,
            userChats.map((chat) => chat.id),
          ),
        )
        .orderBy(asc(messages.chatId), asc(messages.position))
    : [];
  return {
    exportedAt: new Date().toISOString(),
    account: { email: user?.email, createdAt: user?.createdAt, languageCode: profile?.languageCode ?? "en" },
    sessions: userSessions,
    chats: userChats.map((chat) => ({
      id: chat.id,
      title: chat.title,
      createdAt: chat.createdAt,
      updatedAt: chat.updatedAt,
      messages: rows
        .filter((row) => row.chatId === chat.id)
        .map(({ id, position, sender, text, status, errorCode, feedback, redFlags, createdAt, ...row }) => ({
          id,
          position,
          sender,
          text,
          status,
          errorCode,
          feedback,
          // The emergency check: the rules' categories, the model's second opinion, and which of them fired.
          redFlags,
          redFlagModelOutcome: row.redFlagModelOutcome,
          redFlagModelCategory: row.redFlagModelCategory,
          redFlagPromptVersion: row.redFlagPromptVersion,
          redFlagLayer: row.redFlagLayer,
          createdAt,
        })),
    })),
  };
}
