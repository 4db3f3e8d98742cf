import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ChatScreen, signedInUser } from "./pages/chat-page";

/** A phrase of the fake model's reasoning (tests/fake-model/reasoning.ts), and one of its answers. */
const REASONING = "Let me weigh this";
const ANSWER = "Fake model reply.";

/** Records the text of the reply being streamed at every change of the page, so that a passing flash is seen too. */
async function recordStreamedReplies(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { streamedReplies: string[] }).streamedReplies = seen;
    new MutationObserver(() => {
      const streaming = document.querySelector('article[aria-busy="true"]');
      if (streaming?.textContent) seen.push(streaming.textContent);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return {
    take: () =>
      page.evaluate(() => {
        const seen = (window as unknown as { streamedReplies: string[] }).streamedReplies;
        return seen.splice(0, seen.length);
      }),
  };
}

test("a reasoning model whose server strips the opening <think> tag: the screen never shows reasoning as the answer", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const streamed = await recordStreamedReplies(page);

  // The first such reply may show the reasoning until its </think> comes; then the screen starts the answer afresh.
  await chat.send("fever since yesterday #think-headless");
  await chat.waitForReply();
  await expect(chat.lastReply()).toContainText(ANSWER);
  await expect(chat.lastReply()).not.toContainText(REASONING);
  const first = await streamed.take();
  expect(first.some((text) => text.includes(ANSWER))).toBe(true);
  expect(first.filter((text) => text.includes(REASONING) && text.includes(ANSWER))).toEqual([]);

  // From then on the server holds the reasoning back: it never reaches the screen.
  await chat.send("and a cough #think-headless");
  await chat.waitForReply(2);
  await expect(chat.lastReply()).toContainText("You asked: and a cough");
  const second = await streamed.take();
  expect(second.some((text) => text.includes(ANSWER))).toBe(true);
  expect(second.filter((text) => text.includes(REASONING))).toEqual([]);
});
