import { expect, test } from "./fixtures";
import { BASE_URL, ChatScreen, queueModel, signedInUser } from "./pages/chat-page";
import { serverLogLines } from "./server-log";

type LogLine = { message?: string; level?: string; chatId?: string };

/** The main server's log lines that are JSON (all of ours; a library could print other text). */
function mainServerLog(): LogLine[] {
  return serverLogLines(process.env.E2E_DATA_DIR ?? "")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

// The reply quotes the question (tests/fake-model), so a failed save of it would be a query whose parameters hold
// the user's words. A chat deleted while its reply streams drops the reply with one line naming only the chat;
// e2e/private-logs.teardown.ts then checks that the words are nowhere in the log.
test("a chat deleted while its reply streams: the reply is dropped, logged by chat id only, with no error", async ({ page, request }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const dropped = () => mainServerLog().filter((line) => line.message === "reply dropped: its chat was deleted");
  const droppedBefore = dropped().length;
  const failuresBefore = mainServerLog().filter((line) => line.level === "error").length;
  await queueModel(request, { kind: "reply", delayMs: 150 });
  await chat.send("My son swallowed a button battery an hour ago and now he drools");
  await expect(chat.lastReply()).toContainText("You asked");

  // Another tab deletes the chat while the reply is still coming in.
  const [streaming] = ((await (await page.request.get("/api/chats")).json()) as { chats: { id: string }[] }).chats;
  const deleted = await page.request.delete(`/api/chats/${streaming?.id}`, { headers: { origin: BASE_URL } });
  expect(deleted.status()).toBe(200);

  await expect.poll(() => dropped(), { timeout: 15_000 }).toHaveLength(droppedBefore + 1);
  expect(dropped().at(-1)).toMatchObject({ level: "info", chatId: streaming?.id });
  expect(mainServerLog().filter((line) => line.level === "error")).toHaveLength(failuresBefore);
});
