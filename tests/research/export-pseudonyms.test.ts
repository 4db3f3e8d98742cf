import { afterAll, beforeAll, expect, it } from "vitest";
import { chats, messages, users } from "../../src/server/db/schema";
import { type FakeModelServer, startFakeModel } from "../fake-model/server";
import type { Agent } from "../helpers/agent";
import { signUp, signUpVerified } from "../helpers/auth";
import { eventOf, sendMessage } from "../helpers/chat";
import { describeEachDatabase } from "../helpers/test-app";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModel({ tokenDelayMs: 0 });
});
afterAll(() => fake.close());

const OPERATOR = "lead@research.example";
const today = () => new Date().toISOString().slice(0, 10);

type Row = Record<string, unknown>;
const jsonLines = (text: string): Row[] =>
  text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Row);

async function exportRows(operator: Agent, kind: "chats" | "feedback"): Promise<Row[]> {
  const answer = await operator.get(`/api/operator/export/${kind}?from=${today()}&to=${today()}&format=jsonl`);
  expect(answer.status).toBe(200);
  return jsonLines(answer.text);
}

/** Every value an export row uses to name a user, chat or message. */
const identifiers = (rows: Row[]) => new Set(rows.flatMap((row) => [row.user, row.chatId, row.messageId].filter((v) => v !== undefined)));

describeEachDatabase("research exports are pseudonymous, also across exports", ({ createApp }) => {
  it("name each chat and message by a per-export HMAC: consistent within an export, unlinkable across two", async () => {
    const t = await createApp({ OPENAI_BASE_URL: fake.url, LLM_MODEL: "test-model-1", OPERATOR_EMAILS: OPERATOR });
    const operator = t.client();
    const alice = t.client();
    const bob = t.client();
    await signUpVerified(t, operator, OPERATOR);
    await signUp(alice, "alice@example.com");
    await signUp(bob, "bob@example.com");
    const first = await sendMessage(alice, "How long does a cold last?");
    await sendMessage(alice, "And when should I see a doctor?", { chatId: first.chatId });
    const second = await sendMessage(alice, "Is ibuprofen safe with coffee?");
    const bobs = await sendMessage(bob, "What helps against hay fever?");
    for (const [agent, sent] of [
      [alice, first],
      [alice, second],
      [bob, bobs],
    ] as const) {
      await agent.put(`/api/messages/${eventOf(sent.events, "done")?.message.id}/feedback`, { kind: "dislike" });
    }

    const [chatsA, chatsB] = [await exportRows(operator, "chats"), await exportRows(operator, "chats")];
    const [feedbackA, feedbackB] = [await exportRows(operator, "feedback"), await exportRows(operator, "feedback")];
    const csv = await operator.get(`/api/operator/export/chats?from=${today()}&to=${today()}&format=csv`);
    const disliked = (await operator.get(`/api/operator/disliked?from=${today()}&to=${today()}`)).json as Row[];

    // Within one export, the rows of a chat share its pseudonym and a chat belongs to one user.
    const chatOf = (rows: Row[], text: string) => rows.find((row) => row.text === text)?.chatId;
    expect(chatsA).toHaveLength(8);
    expect(chatOf(chatsA, "How long does a cold last?")).toMatch(/^c-[0-9a-f]{16}$/);
    expect(chatOf(chatsA, "How long does a cold last?")).toBe(chatOf(chatsA, "And when should I see a doctor?"));
    expect(new Set(chatsA.map((row) => row.chatId)).size).toBe(3);
    expect(new Set(chatsA.map((row) => `${row.chatId} ${row.user}`)).size).toBe(3);
    expect(new Set(chatsA.map((row) => row.user)).size).toBe(2);
    expect(feedbackA.map((row) => row.messageId)).toEqual([
      expect.stringMatching(/^m-[0-9a-f]{16}$/),
      expect.any(String),
      expect.any(String),
    ]);
    expect(new Set(feedbackA.map((row) => row.messageId)).size).toBe(3);

    // Across exports (and the dashboard's answer), no user, chat or message carries the same name.
    const exports = [chatsA, chatsB, feedbackA, feedbackB, disliked].map(identifiers);
    const csvIds = new Set(
      csv.text
        .trim()
        .split("\r\n")
        .slice(1)
        .flatMap((line) => line.split(",").slice(1, 3)),
    );
    exports.push(csvIds);
    for (const [i, a] of exports.entries()) {
      for (const b of exports.slice(i + 1)) expect([...a].filter((id) => b.has(id))).toEqual([]);
    }

    // And no database id is in any of them.
    const databaseIds = [
      ...(await t.db.select({ id: users.id }).from(users)),
      ...(await t.db.select({ id: chats.id }).from(chats)),
      ...(await t.db.select({ id: messages.id }).from(messages)),
    ].map((row) => row.id);
    const everything = [chatsA, chatsB, feedbackA, feedbackB, disliked].map((rows) => JSON.stringify(rows)).join("") + csv.text;
    for (const id of databaseIds) expect(everything).not.toContain(id);
  }, 60_000);
});
