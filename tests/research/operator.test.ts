import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { messages } from "../../src/server/db/schema";
import type { RatedReply } from "../../src/shared/schemas/research";
import { type FakeModelServer, startFakeModel } from "../fake-model/server";
import { GOOD_PASSWORD, sessionUser, signIn, signInRequest, signUp, signUpVerified, userIdOf } from "../helpers/auth";
import { eventOf, sendMessage } from "../helpers/chat";
import { describeEachDatabase } from "../helpers/test-app";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModel({ tokenDelayMs: 0 });
});
afterAll(() => fake.close());

const today = () => new Date().toISOString().slice(0, 10);
const range = () => `from=${today()}&to=${today()}`;
const OPERATOR = "Research.Lead@University.example";

describeEachDatabase("the research team's operator tools", ({ createApp }) => {
  const setup = async () => {
    const t = await createApp({ OPENAI_BASE_URL: fake.url, LLM_MODEL: "test-model-1", OPERATOR_EMAILS: ` other@x.example, ${OPERATOR} ` });
    const operator = t.client();
    const alice = t.client();
    const bob = t.client();
    await signUpVerified(t, operator, OPERATOR.toLowerCase());
    await signUp(alice, "alice@example.com");
    await signUp(bob, "bob@example.com", GOOD_PASSWORD, "de");
    return { t, operator, alice, bob };
  };

  it("are a 404 for anyone who is not an operator, and the profile says who is", async () => {
    const { t, operator, alice } = await setup();
    const paths = [
      `/api/operator/stats?${range()}`,
      `/api/operator/disliked?${range()}`,
      `/api/operator/export/chats?${range()}`,
      "/api/operator/prompts",
    ];
    for (const path of paths) {
      expect((await t.client().get(path)).status, `${path} anonymous`).toBe(404);
      expect((await alice.get(path)).status, `${path} as a user`).toBe(404);
      expect((await operator.get(path)).status, `${path} as the operator`).toBe(200);
    }
    expect((await alice.put("/api/operator/prompts/system", { prompt: "Be unhelpful." })).status).toBe(404);
    expect((await alice.get("/api/profile")).body.isOperator).toBe(false);
    expect((await operator.get("/api/profile")).body.isOperator).toBe(true);
  });

  it("counts usage, ratings, red flags, languages, latency and errors per day", async () => {
    const { operator, alice, bob } = await setup();
    const first = await sendMessage(alice, "How much sleep does an adult need?");
    await sendMessage(alice, "I have crushing chest pain spreading to my left arm", { chatId: first.chatId });
    const german = await sendMessage(bob, "Wie viel Wasser sollte ich trinken?", { language: "de" });
    fake.queue({ kind: "status", status: 400 });
    await sendMessage(bob, "a question that fails", { language: "de", chatId: german.chatId });
    await alice.put(`/api/messages/${eventOf(first.events, "done")?.message.id}/feedback`, { kind: "like" });
    await bob.put(`/api/messages/${eventOf(german.events, "done")?.message.id}/feedback`, { kind: "dislike" });

    const answer = await operator.get(`/api/operator/stats?${range()}`);
    expect(answer.status).toBe(200);
    const [day] = answer.json as Record<string, unknown>[];
    expect(day).toMatchObject({
      day: today(),
      activeUsers: 2,
      chats: 2,
      messages: 8,
      likes: 1,
      dislikes: 1,
      likeRatio: 0.5,
      redFlagHits: 1,
      messagesEn: 2,
      messagesDe: 2,
      errorRate: 0.25,
    });
    expect(day?.medianLatencyMs).toEqual(expect.any(Number));

    const week = await operator.get(`/api/operator/stats?from=2026-01-01&to=2026-01-07`);
    expect((week.json as { day: string; messages: number }[]).map((d) => [d.day, d.messages])).toEqual([
      ["2026-01-01", 0],
      ["2026-01-02", 0],
      ["2026-01-03", 0],
      ["2026-01-04", 0],
      ["2026-01-05", 0],
      ["2026-01-06", 0],
      ["2026-01-07", 0],
    ]);
    for (const bad of ["from=2026-02-01&to=2026-01-01", "from=yesterday&to=today", "from=2020-01-01&to=2026-01-01", ""]) {
      const refused = await operator.get(`/api/operator/stats?${bad}`);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.code).toBe("bad-request");
    }
  });

  it("lists disliked replies with the question, the reason, the model and prompt version, pseudonymous", async () => {
    const { operator, alice, bob } = await setup();
    const english = await sendMessage(alice, "My e-mail is alice@example.com, what helps against a cold?");
    const german = await sendMessage(bob, "Was hilft gegen Schnupfen?", { language: "de" });
    const englishReply = eventOf(english.events, "done")?.message.id;
    await alice.put(`/api/messages/${englishReply}/feedback`, { kind: "dislike" });
    expect(
      (
        await alice.put(`/api/messages/${englishReply}/feedback-reason`, {
          reason: "unclear",
          comment: "too vague, call me on +49 170 1234567",
        })
      ).status,
    ).toBe(200);
    await bob.put(`/api/messages/${eventOf(german.events, "done")?.message.id}/feedback`, { kind: "dislike" });

    const table = await operator.get(`/api/operator/disliked?${range()}`);
    const rows = table.json as RatedReply[];
    expect(rows).toHaveLength(2);
    const row = rows.find((r) => r.language === "en");
    expect(row).toMatchObject({ feedback: "dislike", reason: "unclear", model: "test-model-1", promptVersion: 1 });
    expect(row?.comment).toMatch(/^too vague, call me on /);
    expect(row?.comment).not.toContain("1234567");
    expect(row?.question).toContain("what helps against a cold?");
    expect(row?.question).not.toContain("alice@example.com");
    expect(row?.user).toMatch(/^p-[0-9a-f]{12}$/);
    expect(table.text).not.toMatch(/alice|bob@/);

    const germanOnly = (await operator.get(`/api/operator/disliked?${range()}&language=de`)).json as RatedReply[];
    expect(germanOnly.map((r) => r.question)).toEqual(["Was hilft gegen Schnupfen?"]);
  });

  it("exports feedback and chats as CSV and JSON Lines with one pseudonym per user per export", async () => {
    const { operator, alice } = await setup();
    const first = await sendMessage(alice, '=HYPERLINK("http://evil.example") is this safe?');
    await sendMessage(alice, "and a second question", { chatId: first.chatId });
    await alice.put(`/api/messages/${eventOf(first.events, "done")?.message.id}/feedback`, { kind: "like" });

    const csv = await operator.get(`/api/operator/export/chats?${range()}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain(`health-chat-chats-${today()}-to-${today()}.csv`);
    const lines = csv.text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "createdAt,user,chatId,position,version,supersededAt,sender,language,status,errorCode,feedback,reason,comment,redFlags,redFlagLayer,redFlagModelOutcome,redFlagModelCategory,redFlagPromptVersion,model,promptVersion,latencyMs,text",
    );
    expect(lines).toHaveLength(5);
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil.example"") is this safe?"`);
    const csvUsers = new Set(lines.slice(1).map((line) => line.split(",")[1]));
    expect(csvUsers.size).toBe(1);

    const jsonl = await operator.get(`/api/operator/export/chats?${range()}&format=jsonl`);
    const records = jsonl.text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { user: string; sender: string });
    expect(records.map((r) => r.sender)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(new Set(records.map((r) => r.user)).size).toBe(1);
    expect(records[0]?.user).not.toBe([...csvUsers][0]);
    expect(jsonl.text).not.toContain("alice");

    const feedback = await operator.get(`/api/operator/export/feedback?${range()}&format=jsonl`);
    expect(
      feedback.text
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).feedback),
    ).toEqual(["like"]);
    expect((await operator.get(`/api/operator/export/everything?${range()}`)).status).toBe(404);
  });

  it("disables a user (signed out everywhere, sign-in refused with user-disabled) and enables them again", async () => {
    const { t, operator, alice } = await setup();
    const aliceId = await userIdOf(t.db, "alice@example.com");
    const found = await operator.get("/api/operator/users?email=alice");
    expect(found.json).toEqual([expect.objectContaining({ id: aliceId, email: "alice@example.com", disabled: false })]);

    expect((await operator.put(`/api/operator/users/${aliceId}/disabled`, { disabled: true })).body).toMatchObject({ disabled: true });
    expect(await sessionUser(alice)).toBeNull();
    const refused = await signInRequest(t.client(), "alice@example.com", GOOD_PASSWORD);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("user-disabled");

    await operator.put(`/api/operator/users/${aliceId}/disabled`, { disabled: false });
    await signIn(t.client(), "alice@example.com");
    const self = await userIdOf(t.db, OPERATOR.toLowerCase());
    expect((await operator.put(`/api/operator/users/${self}/disabled`, { disabled: true })).status).toBe(400);
    expect((await operator.put("/api/operator/users/nobody/disabled", { disabled: true })).status).toBe(404);
  });

  it("changes a prompt with a version history; new replies carry the new version", async () => {
    const { t, operator, alice } = await setup();
    const before = await sendMessage(alice, "first question");
    const changed = await operator.put("/api/operator/prompts/system", { prompt: "You are a careful assistant. Version two." });
    expect(changed.body).toMatchObject({ id: "system", version: 2 });
    const versions = (await operator.get("/api/operator/prompts/system/versions")).json as { version: number; changedBy: string }[];
    expect(versions.map((v) => [v.version, v.changedBy])).toEqual([
      [2, OPERATOR.toLowerCase()],
      [1, "default"],
    ]);
    const after = await sendMessage(alice, "second question");
    expect(fake.requests.filter((r) => r.stream).at(-1)?.messages[0]?.content).toContain("Version two.");
    const versionOf = async (sent: typeof before) =>
      (
        await t.db
          .select()
          .from(messages)
          .where(eq(messages.id, eventOf(sent.events, "done")?.message.id ?? ""))
      )[0]?.promptVersion;
    expect(await versionOf(before)).toBe(1);
    expect(await versionOf(after)).toBe(2);
    expect((await operator.put("/api/operator/prompts/nonsense", { prompt: "x" })).status).toBe(404);
    expect((await operator.put("/api/operator/prompts/system", { prompt: "   " })).status).toBe(400);
  });

  it("keeps a reason only with a rating: none without one, cleared when the rating changes", async () => {
    const { alice } = await setup();
    const sent = await sendMessage(alice, "a question");
    const reply = eventOf(sent.events, "done")?.message.id;
    expect((await alice.put(`/api/messages/${reply}/feedback-reason`, { reason: "wrong" })).status).toBe(404);
    await alice.put(`/api/messages/${reply}/feedback`, { kind: "dislike" });
    const withReason = await alice.put(`/api/messages/${reply}/feedback-reason`, {
      reason: "unsafe",
      comment: "  told me to double the dose ",
    });
    expect(withReason.body).toMatchObject({ feedback: "dislike", feedbackReason: "unsafe", feedbackComment: "told me to double the dose" });
    expect((await alice.put(`/api/messages/${reply}/feedback-reason`, { reason: "because" })).status).toBe(400);
    expect((await alice.put(`/api/messages/${reply}/feedback-reason`, { reason: "other", comment: "x".repeat(501) })).status).toBe(400);
    const switched = await alice.put(`/api/messages/${reply}/feedback`, { kind: "like" });
    expect(switched.body).toMatchObject({ feedback: "like", feedbackReason: null, feedbackComment: null });
  });
});
