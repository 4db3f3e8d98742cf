import { expect, expectAccessible, test } from "./fixtures";
import { BASE_URL, ChatScreen, createChatViaApi, signedInUser } from "./pages/chat-page";

test("the history lists chats newest first, expanded by default, collapsible and searchable by title and text", async ({ page }) => {
  await signedInUser(page);
  const older = await createChatViaApi(page, "Is coffee bad for my sleep?");
  await createChatViaApi(page, "How much water should I drink daily?");
  const chat = new ChatScreen(page);
  await chat.goto(`/chats/${older}`);

  const menu = await chat.openMenu();
  await expect(menu.historyToggle()).toHaveAttribute("aria-expanded", "true");
  await expect(menu.chatLinks()).toHaveText(["How much water should", "Is coffee bad for"]);
  await expect(menu.chatLink("Is coffee bad for")).toHaveAttribute("aria-current", "page");
  await expect(menu.chatLink("Is coffee bad for")).toHaveAttribute("href", `/chats/${older}`);

  // By title, by a word only in a message, by a word in every reply, and no match.
  // A title match is marked in the title; a match in a message shows the words around it, marked (issue 23).
  await menu.search().fill("coffee");
  await expect(menu.chatLinks()).toHaveText(["Is coffee bad for"]);
  await expect(menu.chatLinks().locator("mark")).toHaveText(["coffee"]);
  await menu.search().fill("drink daily");
  await expect(menu.chatLinks()).toHaveText(["How much water should How much water should I drink daily?"]);
  await expect(menu.chatLinks().locator("mark")).toHaveText(["drink daily"]);
  await expect(menu.chatLink(/^How much water should/)).toBeVisible();
  await menu.search().fill("SECOND POINT");
  await expect(menu.chatLinks()).toHaveCount(2);
  await expect(menu.chatLinks().locator("mark")).toHaveText(["second point", "second point"]);
  await expectAccessible(page);
  await menu.search().fill("appendicitis");
  await expect(menu.chatLinks()).toHaveCount(0);
  await expect(menu.root().getByText("No chats match your search.")).toBeVisible();
  await menu.search().fill("");
  await expect(menu.chatLinks()).toHaveCount(2);

  await menu.historyToggle().click();
  await expect(menu.historyToggle()).toHaveAttribute("aria-expanded", "false");
  await expect(menu.root().getByRole("list")).toBeHidden();
  await expect(menu.search()).toBeHidden();
  await menu.historyToggle().click();
  await expect(menu.historyToggle()).toHaveAttribute("aria-expanded", "true");
  await expect(menu.chatLinks()).toHaveCount(2);
  await menu.close();

  // Writing in the older chat makes it the newest.
  await chat.send("And decaf?");
  await chat.waitForReply(2);
  await chat.openMenu();
  await expect(menu.chatLinks()).toHaveText(["Is coffee bad for", "How much water should"]);
});

test("chats without a title are listed as Chat n", async ({ page }) => {
  await signedInUser(page);
  // A failed first reply leaves the chat without a title.
  await createChatViaApi(page, "first #fail429");
  await createChatViaApi(page, "second #fail429");
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const menu = await chat.openMenu();
  await expect(menu.chatLinks()).toHaveText(["Chat 1", "Chat 2"]);
  await expect(menu.deleteButton("Chat 2")).toBeVisible();
});

test("deleting chats from the history: a closable notification; deleting the open chat goes to /", async ({ page }) => {
  await signedInUser(page);
  const keep = await createChatViaApi(page, "Question about sleep");
  const other = await createChatViaApi(page, "Question about food");
  const chat = new ChatScreen(page);
  await chat.goto(`/chats/${keep}`);
  const menu = await chat.openMenu();
  await expect(menu.chatLinks()).toHaveText(["Question about food", "Question about sleep"]);

  await menu.deleteChat("Question about food");
  const notification = menu.root().getByRole("status").filter({ hasText: "Chat deleted" });
  await expect(notification).toBeVisible();
  await expect(menu.chatLinks()).toHaveText(["Question about sleep"]);
  await expect(page).toHaveURL(`${BASE_URL}/chats/${keep}`);
  expect((await page.request.get(`/api/chats/${other}`)).status()).toBe(404);
  await notification.getByRole("button", { name: "Close" }).click();
  await expect(notification).toHaveCount(0);

  await menu.deleteChat("Question about sleep");
  await expect(notification).toBeVisible();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(menu.root().getByText("No chats yet.")).toBeVisible();
  await menu.close();
  await expect(chat.backgroundTitle()).toBeVisible();
  await expect(chat.replies()).toHaveCount(0);
  // The notification stays on screen after the menu is closed, until it is dismissed.
  await expect(page.getByRole("status").filter({ hasText: "Chat deleted" })).toBeVisible();
  await page.getByRole("status").filter({ hasText: "Chat deleted" }).getByRole("button", { name: "Close" }).click();
  await expect(page.getByText("Chat deleted")).toHaveCount(0);
  expect(await (await page.request.get("/api/chats")).json()).toEqual({ chats: [], pinned: [], nextCursor: null });
});

test("the menu's entries: New Chat, Survey, Privacy and Account", async ({ page }) => {
  const { userId } = await signedInUser(page);
  const chatId = await createChatViaApi(page, "Where does the menu go?");
  const chat = new ChatScreen(page);
  await chat.goto(`/chats/${chatId}`);

  let menu = await chat.openMenu();
  await expect(menu.entry("Survey")).toHaveAttribute("href", "https://survey.invalid/en");
  await menu.entry("New Chat").click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(menu.root()).toBeHidden();
  await expect(chat.backgroundTitle()).toBeVisible();

  menu = await chat.openMenu();
  await menu.entry("Privacy").click();
  await expect(page).toHaveURL(`${BASE_URL}/datenschutzerklaerung`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Datenschutzerklärung (privacy notice)");

  menu = await chat.openMenu();
  await menu.entry("Account").click();
  await expect(page).toHaveURL(`${BASE_URL}/Account/${userId}`);
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();

  menu = await chat.openMenu();
  await menu.chatLink("Where does the menu").click();
  await expect(page).toHaveURL(`${BASE_URL}/chats/${chatId}`);
  await expect(chat.userTexts()).toHaveText(["Where does the menu go?"]);
});

test("Share copies the link when the browser cannot share", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
  await page.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  expect(await page.evaluate(() => "share" in navigator)).toBe(false);
  const menu = await chat.openMenu();
  await menu.entry("Share").click();
  await expect(menu.root().getByRole("status")).toHaveText("Link copied to the clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(BASE_URL);
});

test("Share uses the browser's share sheet where there is one", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "share", {
      configurable: true,
      value: async (data: ShareData) => {
        (window as unknown as { shared: ShareData }).shared = data;
      },
    });
  });
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const menu = await chat.openMenu();
  await menu.entry("Share").click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared))
    .toEqual({ title: "Health Chat", text: "A careful assistant for everyday health questions.", url: BASE_URL });
  await expect(menu.root().getByText("Link copied to the clipboard")).toHaveCount(0);
});

test("Delete all chats on the account page, after confirming", async ({ page }) => {
  const { userId } = await signedInUser(page);
  await createChatViaApi(page, "First chat to delete");
  await createChatViaApi(page, "Second chat to delete");
  const chat = new ChatScreen(page);
  await page.goto(`/Account/${userId}`);

  // Closing the dialog keeps everything.
  await page.getByRole("button", { name: "Delete all chats" }).click();
  const dialog = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  expect((await (await page.request.get("/api/chats")).json()).chats).toHaveLength(2);

  await page.getByRole("button", { name: "Delete all chats" }).click();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  const notification = page.getByRole("status").filter({ hasText: "Chats deleted" });
  await expect(notification).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await (await page.request.get("/api/chats")).json()).toEqual({ chats: [], pinned: [], nextCursor: null });
  await notification.getByRole("button", { name: "Close" }).click();
  await expect(notification).toHaveCount(0);

  const menu = await chat.openMenu();
  await expect(menu.root().getByText("No chats yet.")).toBeVisible();
  await expect(menu.chatLinks()).toHaveCount(0);
});

test("Delete all chats on the privacy page when signed in", async ({ page }) => {
  await signedInUser(page);
  const chatId = await createChatViaApi(page, "A chat to delete from the privacy page");
  const chat = new ChatScreen(page);
  await chat.goto(`/chats/${chatId}`);
  let menu = await chat.openMenu();
  await expect(menu.chatLinks()).toHaveCount(1);
  await menu.entry("Privacy").click();

  await page.getByRole("button", { name: "Delete all chats" }).click();
  await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Chats deleted" })).toBeVisible();
  expect(await (await page.request.get("/api/chats")).json()).toEqual({ chats: [], pinned: [], nextCursor: null });
  menu = await chat.openMenu();
  await expect(menu.root().getByText("No chats yet.")).toBeVisible();

  await page.goto(`/chats/${chatId}`);
  await expect(page.getByRole("heading", { name: "Chat not found" })).toBeVisible();
});

test("a chat that cannot be deleted stays in the history with the notification Error deleting chat", async ({ page }) => {
  await signedInUser(page);
  const chatId = await createChatViaApi(page, "A chat the server will not delete");
  await page.route(`**/api/chats/${chatId}`, (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({ status: 500, json: { code: "internal", message: "Something went wrong on our side." } })
      : route.fallback(),
  );
  const chat = new ChatScreen(page);
  await chat.goto(`/chats/${chatId}`);
  const menu = await chat.openMenu();
  await menu.deleteChat("A chat the server");

  const notification = page.getByRole("alert").filter({ hasText: "Error deleting chat" });
  await expect(notification).toHaveText("Error deleting chat");
  await expect(page.getByText("Chat deleted")).toHaveCount(0);
  await expect(menu.chatLinks()).toHaveText(["A chat the server"]);
  await expect(page).toHaveURL(`${BASE_URL}/chats/${chatId}`);
  await notification.getByRole("button", { name: "Close" }).click();
  await expect(notification).toHaveCount(0);
});

test("when deleting all chats fails, the notification says Error deleting chats and the chats stay", async ({ page }) => {
  const { userId } = await signedInUser(page);
  await createChatViaApi(page, "A chat that survives a failed delete");
  await page.route("**/api/chats", (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({ status: 500, json: { code: "internal", message: "Something went wrong on our side." } })
      : route.fallback(),
  );
  await page.goto(`/Account/${userId}`);
  await page.getByRole("button", { name: "Delete all chats" }).click();
  const dialog = page.getByRole("dialog", { name: "Are you sure?" });
  await dialog.getByRole("button", { name: "Confirm" }).click();

  const notification = page.getByRole("alert").filter({ hasText: "Error deleting chats" });
  await expect(notification).toHaveText("Error deleting chats");
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Chats deleted")).toHaveCount(0);
  expect((await (await page.request.get("/api/chats")).json()).chats).toHaveLength(1);
  await notification.getByRole("button", { name: "Close" }).click();
  await expect(notification).toHaveCount(0);
});
