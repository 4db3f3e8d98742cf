import { createHmac, randomBytes } from "node:crypto";

interface Pseudonyms {
  user: (userId: string) => string;
  chat: (chatId: string) => string;
  message: (messageId: string) => string;
}

/**
 * Pseudonyms for users, chats and messages that are stable within one export (or one dashboard answer) and
 * unlinkable across exports: HMACs of the database ids under a key made for this export and then forgotten.
 * Each kind has its own prefix in the HMAC input, so a user and a chat never share a pseudonym. Chats and
 * messages get 64 bits (an export can hold millions of messages; 48 bits would risk a collision there).
 */
export function createPseudonyms(): Pseudonyms {
  const key = randomBytes(32);
  const hmac = (kind: string, id: string, hexChars: number) =>
    createHmac("sha256", key).update(`${kind}:${id}`).digest("hex").slice(0, hexChars);
  return {
    user: (userId) => `p-${hmac("user", userId, 12)}`,
    chat: (chatId) => `c-${hmac("chat", chatId, 16)}`,
    message: (messageId) => `m-${hmac("message", messageId, 16)}`,
  };
}
