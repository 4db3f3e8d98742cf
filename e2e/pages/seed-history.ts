import type { Page } from "@playwright/test";
import { expect } from "../fixtures";
import { FAKE_MODEL_URL } from "../ports";
import { recordSent } from "../sent-secrets";
import { BASE_URL } from "./chat-page";

/** A tag the fake model's instant replies are queued for, so that they never reach another test's messages. */
const uniqueTag = () => `#seed-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Makes the fake model answer the next `times` requests that mention `tag` at once (no pause between tokens). */
async function queueInstantReplies(page: Page, tag: string, times: number) {
  const response = await page.request.post(`${FAKE_MODEL_URL}/__next`, { data: { kind: "reply", delayMs: 0, when: tag, times } });
  expect(response.ok()).toBe(true);
}

async function sendViaApi(page: Page, text: string, chatId?: string): Promise<string> {
  recordSent([text]);
  const response = await page.request.post(`${BASE_URL}/api/chats/messages`, {
    data: { text, language: "en", ...(chatId ? { chatId } : {}) },
    headers: { origin: BASE_URL },
  });
  const body = await response.text();
  expect(response.ok(), body.slice(0, 200)).toBe(true);
  expect(body).toMatch(/"type":"done"/);
  const id = body.match(/"chatId":"([0-9a-f-]{36})"/)?.[1];
  if (!id) throw new Error(`no chat id in ${body.slice(0, 200)}`);
  return id;
}

/**
 * Gives the signed-in user `count` chats through the API, one after the other, so that "Seeded chat 1" is the
 * oldest; each is titled by its first four words. Returns the ids, oldest first.
 */
export async function seedChats(page: Page, count: number): Promise<string[]> {
  const tag = uniqueTag();
  // Each chat takes two model requests: its reply and its title.
  await queueInstantReplies(page, tag, 2 * count);
  const ids: string[] = [];
  for (let n = 1; n <= count; n++) ids.push(await sendViaApi(page, `Seeded chat ${String(n).padStart(3, "0")} here ${tag}`));
  return ids;
}

/** One chat of `exchanges` questions and answers (twice as many messages) through the API; returns its id. */
export async function seedLongChat(page: Page, exchanges: number): Promise<string> {
  const tag = uniqueTag();
  // Replies and, after exchanges 1, 2, 4, 8 … (a power of two of messages), a new title.
  await queueInstantReplies(page, tag, 2 * exchanges);
  let chatId: string | undefined;
  for (let n = 1; n <= exchanges; n++) chatId = await sendViaApi(page, `Question ${n} of a long chat ${tag}`, chatId);
  return chatId as string;
}

/** The chat screen's scroll container: the conversation with the banners and the app bar (stuck to its top). */
export function conversationScroller(page: Page) {
  return page.getByRole("main").locator("xpath=..");
}
