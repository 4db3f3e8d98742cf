import { expect, expectAccessible, test } from "./fixtures";
import { ChatScreen, queueModel, signedInUser } from "./pages/chat-page";

const viewports = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

for (const viewport of viewports) {
  test.describe(`chat screen at ${viewport.width}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("passes axe: empty, with a conversation, with the menu open, with an error turn", async ({ page }) => {
      await signedInUser(page);
      const chat = new ChatScreen(page);
      await chat.goto("/");
      await expect(chat.backgroundTitle()).toBeVisible();
      await expectAccessible(page);

      await chat.startChat("How can I sleep better at night?");
      await chat.send("And what about naps?");
      await chat.waitForReply(2);
      await chat.lastReply().getByRole("button", { name: "Like", exact: true }).click();
      await expect(chat.lastReply().getByRole("button", { name: "Like", exact: true })).toHaveAttribute("aria-pressed", "true");
      await expectAccessible(page);

      const menu = await chat.openMenu();
      await expect(menu.chatLinks()).toHaveCount(1);
      await expectAccessible(page);
      await menu.close();

      await queueModel(page.request, ...Array.from({ length: 3 }, () => ({ kind: "status" as const, status: 500 })));
      await chat.send("One more question");
      await expect(chat.lastReply().getByRole("button", { name: "Retry" })).toBeVisible({ timeout: 15_000 });
      await expectAccessible(page);
    });
  });
}

test.describe("dark mode", () => {
  test.use({ colorScheme: "dark" });
  test("the chat screen with a conversation and an error turn, and the menu, pass axe", async ({ page }) => {
    await signedInUser(page);
    const chat = new ChatScreen(page);
    await chat.goto("/");
    await expectAccessible(page);
    await chat.startChat("Is it fine to run every day?");
    await chat.send("Cut off #cut");
    await expect(chat.lastReply().getByRole("button", { name: "Retry" })).toBeVisible();
    await expectAccessible(page);
    await chat.openMenu();
    await expectAccessible(page);
  });
});
