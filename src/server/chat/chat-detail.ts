import type { ChatDetail } from "../../shared/schemas/chat";
import type { Database } from "../db/client";
import { getChatWithMessagePage } from "../db/queries/chats";
import { withAnswerVersions } from "./chat-message";

/**
 * A chat of this user as the chat screen opens it (GET /api/chats/:id, and the page the server renders for it):
 * a page of its messages, newest or before `before`; undefined when it is missing or someone else's.
 */
export async function chatDetail({
  db,
  userId,
  chatId,
  before,
}: {
  db: Database;
  userId: string;
  chatId: string;
  before?: number;
}): Promise<ChatDetail | undefined> {
  const chat = await getChatWithMessagePage({ db, userId, chatId, before });
  if (!chat) return undefined;
  const { id, title, olderBefore } = chat;
  return { id, title, olderBefore, messages: withAnswerVersions(chat.messages, chat.versions) };
}
