import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ChatScreen, signedInUser } from "./pages/chat-page";

/** Counts the requests per path from now on. */
function watch(page: Page) {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(new URL(request.url()).pathname));
  return { count: (path: string) => requests.filter((seen) => seen === path).length };
}

test("a saved chat opened directly: the page announces its code and data, and the app takes them from there", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const chatId = await chat.startChat("What helps against a stiff neck after a long drive?");

  const seen = watch(page);
  const response = await page.goto(`/chats/${chatId}`);
  await chat.waitForReply();
  const html = (await response?.text()) ?? "";
  const chatScreenChunk = /<link rel="modulepreload" crossorigin href="(\/assets\/ChatPage-[\w-]+\.js)">/.exec(html)?.[1];
  expect(chatScreenChunk, "the chat screen's chunk is announced in the page").toBeDefined();
  expect(response?.headers().link).toContain(`</api/chats/${chatId}>; rel=preload; as=fetch`);
  // Each is asked for once: the app takes the announced answer instead of asking a second time (an address or
  // request mode that differs from the app's own would show here as two requests).
  expect(seen.count("/api/auth/get-session")).toBe(1);
  expect(seen.count(`/api/chats/${chatId}`)).toBe(1);
  expect(seen.count(chatScreenChunk ?? "")).toBe(1);
});

test("the landing page announces no chat screen", async ({ page }) => {
  const response = await page.goto("/landingpage");
  await expect(page.getByRole("heading", { level: 1, name: "Health questions, answered with care" })).toBeVisible();
  expect(await response?.text()).not.toContain("ChatPage-");
});
