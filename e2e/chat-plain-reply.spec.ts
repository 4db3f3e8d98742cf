import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ChatScreen, signedInUser } from "./pages/chat-page";
import { seedChats } from "./pages/seed-history";

/** Holds back the Markdown renderer's code until `release()`; `held()` counts the requests for it. */
async function holdRenderer(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(/\/assets\/Markdown-[\w-]+\.js$/, async (route) => {
    held++;
    await released;
    await route.continue();
  });
  return { release, held: () => held };
}

test("a saved chat shows its replies as plain text while the Markdown renderer's code is still on its way", async ({ page }) => {
  await signedInUser(page);
  const [chatId] = await seedChats(page, 1);
  const renderer = await holdRenderer(page);

  // Opened from the history (a saved chat opened directly comes rendered by the server, see below).
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const menu = await chat.openMenu();
  await menu.chatLinks().first().click();
  await expect(page).toHaveURL(`/chats/${chatId}`);
  const reply = chat.lastReply();
  await expect(reply.getByRole("paragraph").first()).toHaveText(/^Fake model reply\. You asked: Seeded chat 001 here/);
  await expect(reply.getByRole("listitem")).toHaveText(["first point", "second point"]);
  await expect(reply.getByText("This reply comes from the test model.")).toBeVisible();
  expect(renderer.held(), "the renderer's code was held back").toBe(1);
  await expect(reply.locator("strong")).toHaveCount(0);
  const plainHeight = (await reply.boundingBox())?.height;

  renderer.release();
  // The rendered Markdown takes the plain text's place in a box of the same size.
  await expect(reply.locator("strong")).toHaveText("Fake model reply.");
  await expect(reply.getByRole("listitem")).toHaveText(["first point", "second point"]);
  expect((await reply.boundingBox())?.height).toBe(plainHeight);
});

test("a saved chat opened directly shows its replies rendered by the server until the app, renderer and all, takes over", async ({
  page,
}) => {
  await signedInUser(page);
  const [chatId] = await seedChats(page, 1);
  const renderer = await holdRenderer(page);

  await page.goto(`/chats/${chatId}`);
  const reply = new ChatScreen(page).lastReply();
  await expect(reply.locator("strong")).toHaveText("Fake model reply.");
  await expect.poll(renderer.held).toBe(1);
  const serverHeight = (await reply.boundingBox())?.height;
  await expect(page.locator("#root[data-server-rendered]")).toHaveCount(1);

  renderer.release();
  await expect(page.locator("#root[data-server-rendered]")).toHaveCount(0);
  await expect(reply.locator("strong")).toHaveText("Fake model reply.");
  expect((await reply.boundingBox())?.height).toBe(serverHeight);
});
