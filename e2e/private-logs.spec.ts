import { expect, test } from "./fixtures";
import { BASE_URL, ChatScreen, queueModel, signedInUser } from "./pages/chat-page";
import { serverLogLines } from "./server-log";

type LogLine = { message?: string; level?: string; error?: { name?: string; causeCode?: string } };

/** The main server's log lines that are JSON (all of ours; a library could print other text). */
function mainServerLog(): LogLine[] {
  return serverLogLines(process.env.E2E_DATA_DIR ?? "")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

// The reply quotes the question (tests/fake-model), so saving it once the chat is gone fails on a query whose
// parameters hold the user's words. e2e/private-logs.teardown.ts then checks that those words are nowhere in the log.
test("a chat deleted while its reply streams: the failed save is logged by name and code, without the text", async ({ page, request }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const failuresBefore = mainServerLog().filter((line) => line.message === "reply stream failed").length;
  await queueModel(request, { kind: "reply", delayMs: 150 });
  await chat.send("My son swallowed a button battery an hour ago and now he drools");
  await expect(chat.lastReply()).toContainText("You asked");

  // Another tab deletes the chat while the reply is still coming in.
  const [streaming] = ((await (await page.request.get("/api/chats")).json()) as { chats: { id: string }[] }).chats;
  const deleted = await page.request.delete(`/api/chats/${streaming?.id}`, { headers: { origin: BASE_URL } });
  expect(deleted.status()).toBe(200);

  await expect
    .poll(() => mainServerLog().filter((line) => line.message === "reply stream failed"), { timeout: 15_000 })
    .toHaveLength(failuresBefore + 1);
  const failure = mainServerLog()
    .filter((line) => line.message === "reply stream failed")
    .at(-1);
  expect(failure).toMatchObject({ level: "error", error: { name: "DrizzleQueryError", causeCode: "23502" } });
});
