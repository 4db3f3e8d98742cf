import { expect, test } from "./fixtures";
import { ChatScreen, recordRequests, signedInUser, signUpThroughForm } from "./pages/chat-page";

test("a whole conversation: Enter sends, the reply streams in as markdown, the chat gets an address and a title", async ({ page }) => {
  await signUpThroughForm(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  await expect(chat.backgroundTitle()).toBeVisible();
  const sent = recordRequests(page, /^\/api\/chats\/messages$/);

  // Nothing to send: the button is disabled and Enter does nothing, also for blanks only.
  await expect(chat.sendButton()).toBeDisabled();
  await chat.input().press("Enter");
  await chat.input().fill("   ");
  await expect(chat.sendButton()).toBeDisabled();
  await chat.input().press("Enter");
  // Shift+Enter starts a new line instead of sending.
  await chat.input().fill("first line");
  await chat.input().press("Shift+Enter");
  await chat.input().pressSequentially("second line");
  await expect(chat.input()).toHaveValue("first line\nsecond line");
  await expect(chat.replies()).toHaveCount(0);
  expect(sent).toHaveLength(0);
  await expect(chat.backgroundTitle()).toBeVisible();

  const question = "How much water should I drink every day?";
  await chat.input().fill(question);
  await chat.input().press("Enter");
  await expect(chat.input()).toHaveValue("");
  await expect(chat.userTexts()).toHaveText([question]);
  await chat.waitForReply();
  expect(sent).toHaveLength(1);

  const reply = chat.lastReply();
  await expect(reply.locator("strong")).toHaveText("Fake model reply.");
  await expect(reply.getByRole("list")).toHaveCount(1);
  await expect(reply.getByRole("listitem")).toHaveText(["first point", "second point"]);
  await expect(reply).toContainText(`You asked: ${question}`);
  await expect(page).toHaveURL(/\/chats\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  await expect(chat.backgroundTitle()).toHaveCount(0);

  const menu = await chat.openMenu();
  await expect(menu.chatLinks()).toHaveText(["How much water should"]);
});

test("reopening a saved chat shows the whole conversation in order, after a reload and from the history", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  await chat.startChat("Is coffee bad for my sleep?");
  await chat.send("And what about green tea?");
  await chat.waitForReply(2);
  const address = page.url();

  const conversation = [
    /^You wrote\s*Is coffee bad for my sleep\?$/,
    /^The assistant replied\s*Fake model reply\. You asked: Is coffee bad/,
    /^You wrote\s*And what about green tea\?$/,
    /^The assistant replied\s*Fake model reply\. You asked: And what about green tea/,
  ];
  await page.reload();
  await expect(page.getByRole("article")).toHaveText(conversation);
  await expect(chat.backgroundTitle()).toHaveCount(0);

  await chat.goto("/");
  await expect(page.getByRole("article")).toHaveCount(0);
  const menu = await chat.openMenu();
  await menu.chatLink("Is coffee bad for").click();
  await expect(page).toHaveURL(address);
  await expect(page.getByRole("article")).toHaveText(conversation);
  await expect(chat.lastReply().getByRole("listitem")).toHaveCount(2);
});

test("like and dislike are toggles that survive a reload", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  await chat.startChat("Please rate this reply");
  const like = chat.lastReply().getByRole("button", { name: "Like", exact: true });
  const dislike = chat.lastReply().getByRole("button", { name: "Dislike", exact: true });
  const feedback = recordRequests(page, /^\/api\/messages\/[^/]+\/feedback$/);

  await expect(like).toHaveAttribute("aria-pressed", "false");
  await expect(dislike).toHaveAttribute("aria-pressed", "false");
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(dislike).toHaveAttribute("aria-pressed", "false");
  await dislike.click();
  await expect(dislike).toHaveAttribute("aria-pressed", "true");
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await expect.poll(() => feedback.length).toBe(2);
  expect(feedback.map((request) => request.postDataJSON())).toEqual([{ kind: "like" }, { kind: "dislike" }]);

  await expect(async () => {
    await page.reload();
    await expect(dislike).toHaveAttribute("aria-pressed", "true", { timeout: 1_000 });
  }).toPass();
  await expect(like).toHaveAttribute("aria-pressed", "false");

  // Like twice: liked, then neutral again; quick clicks must not leave a stale state behind.
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await expect(dislike).toHaveAttribute("aria-pressed", "false");
  await expect.poll(() => feedback.length).toBe(4);
  await page.reload();
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await expect(dislike).toHaveAttribute("aria-pressed", "false");
});

test("Stop keeps the partial reply, marked as stopped, also after a reload", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  await chat.send("Tell me about headaches, slowly #slow");
  await expect(chat.lastReply()).toContainText("You asked");
  await chat.stopButton().click();

  const note = "This reply was stopped before it was finished.";
  await expect(chat.lastReply()).toContainText(note);
  await expect(chat.sendButton()).toBeVisible();
  const partial = (await chat.lastReply().getByRole("paragraph").first().textContent()) ?? "";
  expect(partial).toMatch(/^Fake model reply\. You asked/);
  expect(partial).not.toContain("This reply comes from the test model.");
  await expect(page).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
  // The new chat's page loads it from the server; the partial reply must not vanish in between.
  await expect(chat.lastReply()).toContainText(note);
  await expect(chat.userTexts()).toHaveText(["Tell me about headaches, slowly #slow"]);

  // The server keeps what was written once the request is cancelled: poll until the saved version is there.
  await expect(async () => {
    await page.reload();
    await expect(chat.lastReply()).toContainText(note, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(chat.replies()).toHaveCount(1);
  await expect(chat.lastReply()).toContainText("Fake model reply.");
  await expect(chat.lastReply()).not.toContainText("This reply comes from the test model.");
  // The server may have received a word or two more than the screen before the request was cancelled.
  expect((await chat.lastReply().getByRole("paragraph").first().textContent())?.startsWith(partial.trim())).toBe(true);
});

test("another user's chat and a missing chat both show Chat not found", async ({ page, browser }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const chatId = await chat.startChat("Something private about my rash");

  const otherContext = await browser.newContext();
  const stranger = await otherContext.newPage();
  await signedInUser(stranger);
  const response = stranger.waitForResponse((r) => r.url().endsWith(`/api/chats/${chatId}`));
  await stranger.goto(`/chats/${chatId}`);
  expect((await response).status()).toBe(404);
  await expect(stranger.getByRole("heading", { name: "Chat not found" })).toBeVisible();
  await expect(stranger.getByText("This chat does not exist or belongs to another account.")).toBeVisible();
  await expect(stranger.getByText(/private about my rash/)).toHaveCount(0);
  await expect(stranger.getByText(/Fake model reply/)).toHaveCount(0);
  await expect(stranger.getByRole("textbox", { name: "Your message" })).toHaveCount(0);
  const strangerHistory = await new ChatScreen(stranger).openMenu();
  await expect(strangerHistory.root().getByText("No chats yet.")).toBeVisible();
  await otherContext.close();

  for (const missing of ["/chats/00000000-0000-4000-8000-000000000000", "/chats/not-a-uuid"]) {
    await page.goto(missing);
    await expect(page.getByRole("heading", { name: "Chat not found" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "New Chat" })).toBeVisible();
  }
});

test("leaving a new chat while its reply streams does not pull one back when the reply ends", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const streamed = page.waitForResponse((r) => r.url().endsWith("/api/chats/messages"));
  await chat.send("A slow answer while I read the privacy notice #slow");
  await expect(chat.lastReply()).toContainText("Fake model");
  const menu = await chat.openMenu();
  await menu.entry("Privacy").click();
  await expect(page).toHaveURL(/\/datenschutzerklaerung$/);

  // The reply ends in the background (the history then lists the chat with its title) …
  await (await streamed).finished();
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  await expect(menu.chatLinks()).toHaveText(["A slow answer while"]);
  await menu.close();
  // … and the privacy page stays.
  await expect(page).toHaveURL(/\/datenschutzerklaerung$/);
  await expect(page.getByRole("heading", { name: "Datenschutzerklärung (privacy notice)" })).toBeVisible();

  // The reply was saved in full.
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  await menu.chatLink("A slow answer while").click();
  await expect(chat.lastReply()).toContainText("This reply comes from the test model.");
});
