import { expect, expectAccessible, test } from "./fixtures";
import { ChatScreen, queueModel, signedInUser } from "./pages/chat-page";
import { conversationScroller, seedLongChat } from "./pages/seed-history";

const distanceFromBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight;

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test("in a 60-message chat the menu button and the input stay on screen wherever one reads", async ({ page }) => {
      test.setTimeout(120_000);
      await signedInUser(page);
      const chatId = await seedLongChat(page, 30);
      const chat = new ChatScreen(page);
      await chat.goto(`/chats/${chatId}`);
      await expect(chat.userMessages()).toHaveCount(25);
      const menuButton = page.getByRole("button", { name: "Menu", exact: true });
      const scroller = conversationScroller(page);
      // The conversation scrolls, not the page.
      expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      for (const to of ["middle", "top"] as const) {
        await scroller.evaluate((el, where) => el.scrollTo({ top: where === "top" ? 0 : el.scrollHeight / 2 }), to);
        await expect(menuButton).toBeInViewport({ ratio: 1 });
        await expect(chat.input()).toBeInViewport({ ratio: 1 });
        expect(await page.evaluate(() => document.scrollingElement?.scrollTop)).toBe(0);
      }
      // A real click where the button is on the screen (no scrolling to it first) opens the menu.
      const box = await menuButton.boundingBox();
      if (!box) throw new Error("the menu button has no box");
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    });
  });
}

test("a streaming reply follows the reader only while they are at the end", async ({ page }) => {
  test.setTimeout(120_000);
  await signedInUser(page);
  const chatId = await seedLongChat(page, 10);
  const chat = new ChatScreen(page);
  await chat.goto(`/chats/${chatId}`);
  const scroller = conversationScroller(page);
  const long = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a long answer.\n\n`).join("");
  await queueModel(page.request, { kind: "reply", text: long, delayMs: 25 });
  await chat.send("Tell me everything, please.");
  const streaming = page.locator('[aria-busy="true"]');
  await expect(streaming).toContainText("Line 5 of");
  await expect.poll(() => scroller.evaluate(distanceFromBottom)).toBeLessThanOrEqual(80);

  // The reader scrolls up to read: the growing reply does not pull them down.
  const box = await scroller.boundingBox();
  await page.mouse.move((box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2);
  await page.mouse.wheel(0, -600);
  await expect.poll(() => scroller.evaluate(distanceFromBottom)).toBeGreaterThan(400);
  const reading = await scroller.evaluate((el) => el.scrollTop);
  await expect(streaming).toContainText("Line 20 of");
  expect(await scroller.evaluate((el) => el.scrollTop)).toBe(reading);

  // Back at the end, it follows again to the reply's last line.
  await page.mouse.wheel(0, 100_000);
  await chat.waitForReply(11);
  await expect(chat.lastReply().getByText("Line 40 of a long answer.")).toBeInViewport();
  expect(await scroller.evaluate(distanceFromBottom)).toBeLessThanOrEqual(80);
});

test("scrolled up during a reply, Jump to latest brings the reader back to the end and it follows again", async ({ page }) => {
  test.setTimeout(120_000);
  await signedInUser(page);
  const chatId = await seedLongChat(page, 10);
  const chat = new ChatScreen(page);
  await chat.goto(`/chats/${chatId}`);
  const scroller = conversationScroller(page);
  const jump = page.getByRole("button", { name: "Jump to latest" });
  const long = Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of a long answer.\n\n`).join("");
  await queueModel(page.request, { kind: "reply", text: long, delayMs: 25 });
  await chat.send("Tell me everything, please.");
  const streaming = page.locator('[aria-busy="true"]');
  await expect(streaming).toContainText("Line 5 of");
  // Following the reply, there is nothing to jump to.
  await expect(jump).toHaveCount(0);

  const box = await scroller.boundingBox();
  await page.mouse.move((box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2);
  await page.mouse.wheel(0, -600);
  await expect(jump).toBeVisible();
  const size = await jump.boundingBox();
  expect(size?.height).toBeGreaterThanOrEqual(44);
  await expect(chat.input()).toBeInViewport({ ratio: 1 });
  await expectAccessible(page);

  await jump.click();
  await expect(jump).toHaveCount(0);
  await expect.poll(() => scroller.evaluate(distanceFromBottom)).toBeLessThanOrEqual(80);
  // Following again: the reply's last line is on screen when it has arrived.
  await chat.waitForReply(11);
  await expect(chat.lastReply().getByText("Line 60 of a long answer.")).toBeInViewport();
});
