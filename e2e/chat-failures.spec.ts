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
