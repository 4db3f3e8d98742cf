import { expect, test } from "./fixtures";
import { ChatScreen, signedInUser } from "./pages/chat-page";
import { conversationScroller, seedChats, seedLongChat } from "./pages/seed-history";

const title = (n: number) => `Seeded chat ${String(n).padStart(3, "0")} here`;

test("a user with 120 chats sees the newest 50; scrolling the menu loads the others, and search finds an old one", async ({ page }) => {
  test.setTimeout(180_000);
  await signedInUser(page);
  await seedChats(page, 120);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const menu = await chat.openMenu();
  await expect(menu.chatLinks()).toHaveCount(50);
  await expect(menu.chatLinks().first()).toHaveText(title(120));
  await expect(menu.chatLinks().last()).toHaveText(title(71));

  // Scrolling towards the end of the list loads the next page by itself, and then the last one.
  await menu.chatLinks().last().scrollIntoViewIfNeeded();
  await expect(menu.chatLinks()).toHaveCount(100);
  await expect(menu.chatLinks().nth(50)).toHaveText(title(70));
  await menu.chatLinks().last().scrollIntoViewIfNeeded();
  await expect(menu.chatLinks()).toHaveCount(120);
  await expect(menu.chatLinks().last()).toHaveText(title(1));
  await expect(menu.root().getByRole("button", { name: "Show older chats" })).toHaveCount(0);

  // The server searches all chats, not just the pages loaded.
  await menu.search().fill("chat 007");
  await expect(menu.chatLinks()).toHaveText([title(7)]);
  // Back to the whole history, as far as it was loaded.
  await menu.search().fill("");
  await expect(menu.chatLinks()).toHaveCount(120);
  await menu.chatLink(title(100)).click();
  await expect(chat.userTexts()).toHaveText([/^Seeded chat 100 here/]);
});

test("without scrolling (no IntersectionObserver), the Show older chats button loads the next page from the keyboard", async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  });
  await signedInUser(page);
  await seedChats(page, 55);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const menu = await chat.openMenu();
  await expect(menu.chatLinks()).toHaveCount(50);
  const more = menu.root().getByRole("button", { name: "Show older chats" });
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(menu.chatLinks()).toHaveCount(55);
  await expect(menu.chatLinks().last()).toHaveText(title(1));
  await expect(more).toHaveCount(0);
});

test("a chat with 120 messages opens at the newest; scrolling up loads older ones where the reader is", async ({ page }) => {
  test.setTimeout(180_000);
  await signedInUser(page);
  const chatId = await seedLongChat(page, 60);
  // Older pages wait until the test has measured where the reader is.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/chats\/[0-9a-f-]{36}\?before=\d+$/, async (route) => {
    await held;
    await route.fallback();
  });
  const chat = new ChatScreen(page);
  await chat.goto(`/chats/${chatId}`);
  await expect(chat.userMessages()).toHaveCount(25);
  await expect(chat.userTexts().first()).toHaveText(/^Question 36 of a long chat/);
  await expect(chat.userTexts().last()).toHaveText(/^Question 60 of a long chat/);
  await expect(chat.lastReply().getByRole("button", { name: "Regenerate" })).toBeInViewport();
  await expect(chat.userTexts().first()).not.toBeInViewport();

  const scroller = conversationScroller(page);
  await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(page.getByRole("button", { name: "Loading older messages…" })).toBeVisible();
  const reading = chat.userTexts().filter({ hasText: /^Question 36 of/ });
  const before = await reading.boundingBox();
  release();
  await expect(chat.userMessages()).toHaveCount(50);
  await expect(chat.userTexts().first()).toHaveText(/^Question 11 of a long chat/);
  // The message the reader was at stays where it was on the screen.
  const after = await reading.boundingBox();
  expect(Math.abs((after?.y ?? 0) - (before?.y ?? Number.NaN))).toBeLessThanOrEqual(2);
  await expect(reading).toBeInViewport();

  await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(chat.userMessages()).toHaveCount(60);
  await expect(chat.userTexts().first()).toHaveText(/^Question 1 of a long chat/);
  await expect(page.getByRole("button", { name: "Show older messages" })).toHaveCount(0);
});
