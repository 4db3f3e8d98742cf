import { expect, expectAccessible, test } from "./fixtures";
import { ChatScreen, signedInUser } from "./pages/chat-page";
import { seedLongChat } from "./pages/seed-history";

/** Records each window.print() instead of opening the browser's dialog. */
async function recordPrints(page: import("@playwright/test").Page) {
  await page.addInitScript(() => {
    const prints: number[] = [];
    Object.assign(window, { prints });
    window.print = () => {
      prints.push(document.querySelectorAll("article").length);
    };
  });
}
const printCalls = (page: import("@playwright/test").Page) => page.evaluate(() => (window as unknown as { prints: number[] }).prints);

test("For my doctor: the menu prints the whole chat, with title, date and disclaimer, and no app chrome", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await recordPrints(page);
  await signedInUser(page);
  // 60 messages: the chat opens with its newest 50, the printout needs all of them.
  const chatId = await seedLongChat(page, 30);
  const chat = new ChatScreen(page);
  await chat.goto(`/chats/${chatId}`);
  await expect(chat.userMessages()).toHaveCount(25);

  const menu = await chat.openMenu();
  await expectAccessible(page);
  await menu.root().getByRole("button", { name: "Print / save as PDF" }).click();
  await expect(menu.root()).toBeHidden();
  // Printed once, after the older messages were loaded: all 60 on the page.
  await expect.poll(() => printCalls(page)).toEqual([60]);

  await page.emulateMedia({ media: "print" });
  const date = new Intl.DateTimeFormat("en", { dateStyle: "long" }).format(new Date());
  await expect(page.getByText(`Printed on ${date}`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("main").getByText(/^This assistant gives general health information\./)).toBeVisible();
  await expect(chat.userMessages()).toHaveCount(30);
  await expect(page.getByText(/^Question 1 of a long chat/)).toBeVisible();
  await expect(page.getByText(/^Question 30 of a long chat/)).toBeVisible();
  await expect(chat.replies().first()).toContainText("You asked: Question 1 of a long chat");
  await expect(chat.lastReply()).toContainText("You asked: Question 30 of a long chat");
  for (const chrome of [
    page.getByRole("button", { name: "Menu" }),
    // At 1280 px the history sidebar is on screen, never on paper.
    page.getByRole("complementary", { name: "Chat History" }),
    chat.input(),
    page.getByRole("contentinfo"),
    page.getByRole("button", { name: "Copy" }).first(),
    page.getByRole("button", { name: "Like" }).first(),
  ]) {
    await expect(chrome).toBeHidden();
  }
  // Nor the room the sidebar takes on screen: the text uses the paper's whole width.
  expect(await page.evaluate(() => getComputedStyle(document.body).paddingLeft)).toBe("0px");
  await page.screenshot({ path: testInfo.outputPath("printed-chat.png"), fullPage: true });
  await page.pdf({ path: testInfo.outputPath("printed-chat.pdf") });
});

test("in German the menu says Drucken / als PDF speichern and the printout has a German date", async ({ page }) => {
  await recordPrints(page);
  await signedInUser(page, { languageCode: "de" });
  const chatId = await seedLongChat(page, 1);
  await page.goto(`/chats/${chatId}`);
  await page.getByRole("button", { name: "Menü" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Drucken / als PDF speichern" }).click();
  await expect.poll(() => printCalls(page)).toEqual([2]);
  await page.emulateMedia({ media: "print" });
  const date = new Intl.DateTimeFormat("de", { dateStyle: "long" }).format(new Date());
  await expect(page.getByText(`Gedruckt am ${date}`)).toBeVisible();
  await expect(page.getByRole("main").getByText(/^Dieser Assistent gibt allgemeine Gesundheitsinformationen\./)).toBeVisible();
});

test("a new, unsaved chat's menu offers no print", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto();
  const menu = await chat.openMenu();
  await expect(menu.root().getByRole("button", { name: "Print / save as PDF" })).toHaveCount(0);
});
