import { expect, test } from "./fixtures";
import { ChatScreen, queueModel, recordRequests, signedInUser } from "./pages/chat-page";

const unreachable = "The assistant cannot be reached right now. Your message is saved; please try again.";

test("a failed reply shows Error with the reason and Retry; the message stays; Retry brings a normal reply", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  // The server's SDK retries twice, so three 500s make one failed turn; the next request answers normally.
  await queueModel(page.request, ...Array.from({ length: 3 }, () => ({ kind: "status" as const, status: 500 })));
  const question = "My knee is swollen after running";
  await chat.send(question);

  const failed = chat.lastReply();
  await expect(failed.getByText("Error", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(failed).toContainText(unreachable);
  await expect(failed.getByRole("alert")).toBeVisible();
  await expect(chat.userTexts()).toHaveText([question]);
  await expect(failed.getByRole("button", { name: "Like" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);

  // Still there after a reload: the failure is saved with the turn.
  await page.reload();
  await expect(chat.lastReply()).toContainText(unreachable);
  await expect(chat.userTexts()).toHaveText([question]);

  const retried = recordRequests(page, /^\/api\/chats\/[0-9a-f-]+\/regenerate$/);
  await chat.lastReply().getByRole("button", { name: "Retry" }).click();
  await chat.waitForReply(1);
  await expect(chat.lastReply().locator("strong")).toHaveText("Fake model reply.");
  await expect(chat.lastReply()).toContainText(`You asked: ${question}`);
  await expect(page.getByText("Error", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
  expect(retried).toHaveLength(1);

  await page.reload();
  await expect(chat.userTexts()).toHaveText([question]);
  await expect(chat.replies()).toHaveCount(1);
  await expect(chat.lastReply()).toContainText("Fake model reply.");
});

test("a marker in the message fails every time: #fail500 shows the error after the SDK's retries", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  await chat.send("This will fail #fail500");
  await expect(chat.lastReply()).toContainText(unreachable, { timeout: 15_000 });
  await expect(chat.userTexts()).toHaveText(["This will fail #fail500"]);
  await expect(chat.lastReply().getByRole("button", { name: "Retry" })).toBeVisible();
});

test("a rate-limited model says so", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  await chat.send("Busy model #fail429");
  await expect(chat.lastReply()).toContainText(
    "The assistant is very busy right now. Your message is saved; please try again in a moment.",
  );
  await expect(chat.lastReply().getByRole("button", { name: "Retry" })).toBeVisible();
});

test("a stream cut off midway keeps the partial text along with the error", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  await chat.send("Cut me off #cut");
  const failed = chat.lastReply();
  await expect(failed.getByText("Error", { exact: true })).toBeVisible();
  await expect(failed.locator("strong")).toHaveText("Fake model reply.");
  await expect(failed).not.toContainText("first point");
  await expect(failed.getByRole("button", { name: "Retry" })).toBeVisible();
  await expect(failed.getByText(/Your message is saved; please try again\./)).toBeVisible();

  await page.reload();
  await expect(chat.lastReply().getByText("Error", { exact: true })).toBeVisible();
  await expect(chat.lastReply().locator("strong")).toHaveText("Fake model reply.");
  await expect(chat.userTexts()).toHaveText(["Cut me off #cut"]);
});

test("a send refused by the rate limit says so and keeps the typed text in the input", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  // The server's answer when the per-user chat limit is reached (apiError "too-many-requests").
  await page.route("**/api/chats/messages", (route) =>
    route.fulfill({ status: 429, json: { code: "too-many-requests", message: "Too many requests. Please try again later." } }),
  );
  const question = "Is it fine to run with a cold?";
  await chat.send(question);

  await expect(page.getByRole("alert")).toHaveText(
    "You are sending messages very quickly. Please wait a moment and try again; your message is still in the input box.",
  );
  await expect(chat.input()).toHaveValue(question);
  await expect(chat.userMessages()).toHaveCount(0);
  await expect(chat.replies()).toHaveCount(0);
  await expect(page.getByText("Too many requests. Please try again later.")).toHaveCount(0);
  await expect(chat.sendButton()).toBeEnabled();
});

test("a send refused because the server is at its live-chat cap says so and keeps the typed text", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  // The server's answer past MAX_LIVE_CHATS (apiError "server-busy").
  await page.route("**/api/chats/messages", (route) =>
    route.fulfill({
      status: 429,
      headers: { "retry-after": "5" },
      json: { code: "server-busy", message: "Many people are using the assistant right now. Please try again in a few seconds." },
    }),
  );
  const question = "Can I take ibuprofen with a cold?";
  await chat.send(question);

  await expect(page.getByRole("alert")).toHaveText(
    "Many people are using the assistant right now. Please try again in a few seconds; your message is still in the input box.",
  );
  await expect(chat.input()).toHaveValue(question);
  await expect(chat.userMessages()).toHaveCount(0);
});

test("a send refused because this user already has replies streaming says so and keeps the typed text", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  // The server's answer past MAX_LIVE_CHATS_PER_USER (apiError "too-many-live-replies").
  await page.route("**/api/chats/messages", (route) =>
    route.fulfill({
      status: 429,
      headers: { "retry-after": "5" },
      json: {
        code: "too-many-live-replies",
        message: "Several of your answers are still being written. Please wait until one has finished.",
        redFlags: [],
      },
    }),
  );
  const question = "What helps against a sore throat?";
  await chat.send(question);

  await expect(page.getByRole("alert")).toHaveText(
    "Several of your answers are still being written. Please wait until one of them has finished; your message is still in the input box.",
  );
  await expect(chat.input()).toHaveValue(question);
  await expect(chat.userMessages()).toHaveCount(0);
  await expect(chat.sendButton()).toBeEnabled();
});

test("a message over 8,000 characters shows the too-long error, disables Send and sends nothing", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const sent = recordRequests(page, /^\/api\/chats\/messages$/);
  const tooLong = "Please read all of this. ".repeat(321).slice(0, 8001);
  expect(tooLong).toHaveLength(8001);

  // At the limit all is well.
  await chat.input().fill(tooLong.slice(0, 8000));
  await expect(chat.sendButton()).toBeEnabled();
  await expect(page.getByRole("alert")).toHaveCount(0);

  await chat.input().fill(tooLong);
  const error = page.getByRole("alert");
  await expect(error).toHaveText("Your message is too long. Please shorten it to at most 8000 characters.");
  await expect(chat.input()).toHaveAttribute("aria-invalid", "true");
  await expect(chat.input()).toHaveAccessibleDescription(/Your message is too long/);
  await expect(chat.sendButton()).toBeDisabled();
  await chat.input().press("Enter");
  await expect(chat.input()).toHaveValue(tooLong);
  await expect(chat.userMessages()).toHaveCount(0);
  expect(sent).toEqual([]);
});
