import type { ChatSummary } from "../../shared/schemas/chat";

/** The history's groups, in display order: pinned chats first, then by when a chat was last touched. */
export const chatGroups = ["pinned", "today", "yesterday", "previous7Days", "older"] as const;
export type ChatGroup = (typeof chatGroups)[number];

const startOfDay = (time: Date) => new Date(time.getFullYear(), time.getMonth(), time.getDate());
const daysBefore = (day: Date, days: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate() - days);

/** The group of one chat, by the days of the user's own time zone (a chat from 23:59 yesterday is "yesterday"). */
export function groupOf(chat: Pick<ChatSummary, "pinned" | "updatedAt">, now: Date): ChatGroup {
  if (chat.pinned) return "pinned";
  const time = new Date(chat.updatedAt);
  const today = startOfDay(now);
  if (time >= today) return "today";
  if (time >= daysBefore(today, 1)) return "yesterday";
  if (time >= daysBefore(today, 7)) return "previous7Days";
  return "older";
}

/** The chats in their groups (empty groups left out), each chat with its place in the whole list (for "Chat n"). */
export function groupChats<T extends Pick<ChatSummary, "pinned" | "updatedAt">>(chats: T[], now: Date) {
  const indexed = chats.map((chat, index) => ({ chat, index }));
  return chatGroups
    .map((group) => ({ group, chats: indexed.filter(({ chat }) => groupOf(chat, now) === group) }))
    .filter(({ chats }) => chats.length > 0);
}
