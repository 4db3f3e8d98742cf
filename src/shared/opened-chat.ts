/**
 * The saved chat a page address opens (`/chats/<id>`), or undefined. The browser asks for that chat as soon as
 * its code starts, and the server announces the same request in the page's headers, so both use this one rule.
 */
export function chatIdInPath(pathname: string): string | undefined {
  return /^\/chats\/([0-9a-f-]{36})$/.exec(pathname)?.[1];
}

/** The API address that answers a saved chat: the one the chat screen loads and the page preloads. */
export function chatApiPath(chatId: string): string {
  return `/api/chats/${encodeURIComponent(chatId)}`;
}
