import { expect, test } from "./fixtures";
import { ChatScreen, signedInUser } from "./pages/chat-page";
import { seedChats } from "./pages/seed-history";

test("a saved chat shows its replies as plain text while the Markdown renderer's code is still on its way", async ({ page }) => {
  await signedInUser(page);
  const [chatId] = await seedChats(page, 1);
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

  const chat = new ChatScreen(page);
  await chat.goto(`/chats/${chatId}`);
  const reply = chat.lastReply();
  await expect(reply.getByRole("paragraph").first()).toHaveText(/^Fake model reply\. You asked: Seeded chat 001 here/);
  await expect(reply.getByRole("listitem")).toHaveText(["first point", "second point"]);
  await expect(reply.getByText("This reply comes from the test model.")).toBeVisible();
  expect(held, "the renderer's code was held back").toBe(1);
  await expect(reply.locator("strong")).toHaveCount(0);
  const plainHeight = (await reply.boundingBox())?.height;

  release();
  // The rendered Markdown takes the plain text's place in a box of the same size.
  await expect(reply.locator("strong")).toHaveText("Fake model reply.");
  await expect(reply.getByRole("listitem")).toHaveText(["first point", "second point"]);
  expect((await reply.boundingBox())?.height).toBe(plainHeight);
});
