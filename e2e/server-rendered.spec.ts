import { expect, test } from "./fixtures";
import { ChatScreen, chatIdOf, signedInUser } from "./pages/chat-page";

// The pages the server renders show before their JavaScript has run (docs/performance.md, "Page speed of a saved
// chat"); the app then takes their place.

test("a saved chat shows to its owner before the app's JavaScript has loaded", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const question = "Why does my knee <click> when I climb stairs?";
  await chat.startChat(question);
  const chatId = chatIdOf(page.url());

  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto(`/chats/${chatId}`);
  await expect(page.getByText(question)).toBeVisible();
  await expect(chat.lastReply()).toBeVisible();
  await expect(chat.input()).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeVisible();
  expect(await page.locator("html").getAttribute("lang")).toBe("en");
});

test("the landing page shows with JavaScript off", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "de-DE" });
  const page = await context.newPage();
  await page.goto("/landingpage");
  await expect(page.getByRole("heading", { level: 1, name: "Gesundheitsfragen, sorgfältig beantwortet" })).toBeVisible();
  await context.close();
});

test("the server's message box is read-only until the app takes over, and keeps the focus", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  await chat.startChat("How long should a cold last?");
  const chatId = chatIdOf(page.url());

  // The app's code waits until the server's message box has been tried.
  let release: () => void = () => {};
  const tried = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/*.js", async (route) => {
    await tried;
    await route.continue();
  });
  await page.goto(`/chats/${chatId}`, { waitUntil: "commit" });
  await chat.input().click();
  await expect(chat.input()).not.toBeEditable();
  await page.keyboard.type("lost");
  release();
  await expect(page.locator("#root:not([data-server-rendered])")).toBeAttached();
  await expect(chat.input()).toBeFocused();
  await expect(chat.input()).toHaveValue("");
  await page.keyboard.type("And with a fever?");
  await expect(chat.input()).toHaveValue("And with a fever?");
});
