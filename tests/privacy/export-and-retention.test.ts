import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { chats, messages } from "../../src/server/db/schema";
import { createLogger } from "../../src/server/logger";
import { startHousekeeping } from "../../src/server/retention";
import { signUp } from "../helpers/auth";
import { eventOf, sendMessage } from "../helpers/chat";
import { describeEachDatabase } from "../helpers/test-app";

describeEachDatabase("the user's own data", ({ createApp }) => {
  it("Download my data: profile, every chat with its messages, feedback, markers and times, and nobody else's", async () => {
    const t = await createApp();
    const alice = t.client();
    const bob = t.client();
    await signUp(alice, "alice@example.com", undefined, "de");
    await signUp(bob, "bob@example.com");
    const sent = await sendMessage(alice, "Rückenschmerzen seit gestern", { language: "de" });
    await alice.put(`/api/messages/${eventOf(sent.events, "done")?.message.id}/feedback`, { kind: "like" });
    await sendMessage(alice, "Ich habe starke Brustschmerzen und schwitze", { language: "de", chatId: sent.chatId });
    await sendMessage(bob, "bob's secret question");

    const response = await alice.get("/api/account/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="health-chat-data-.*\.json"/);
    const data = response.json as {
      account: { email: string; createdAt: string };
      settings: { languageCode: string };
      sessions: unknown[];
      chats: {
        id: string;
        messages: {
          sender: string;
          text: string;
          feedback: string | null;
          redFlags: string[];
          errorCode: string | null;
          createdAt: string;
        }[];
      }[];
    };
    expect(data.account).toMatchObject({ email: "alice@example.com" });
    expect(data.settings).toMatchObject({ languageCode: "de" });
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.chats).toHaveLength(1);
    expect(data.chats[0]?.id).toBe(sent.chatId);
    expect(data.chats[0]?.messages.map((m) => [m.sender, m.feedback, m.redFlags, m.errorCode])).toEqual([
      ["user", null, [], null],
      ["assistant", "like", [], null],
      ["user", null, ["cardiac"], null],
      ["assistant", null, [], null],
    ]);
    // Demo mode: no model gave a second opinion, so the rules' layer alone fired.
    expect(data.chats[0]?.messages[2]).toMatchObject({
      redFlagLayer: "rules",
      redFlagModelOutcome: null,
      redFlagModelCategory: null,
      redFlagPromptVersion: null,
    });
    expect(data.chats[0]?.messages[0]?.text).toBe("Rückenschmerzen seit gestern");
    expect(response.text).not.toContain("bob");
    // Secrets stay out (export-completeness.test.ts checks every column and the hash and token values).
    expect(response.text).not.toMatch(/argon2|"password"|"token"/i);
    expect((await t.client().get("/api/account/export")).status).toBe(401);
  });

  it("CHAT_RETENTION_DAYS deletes older chats and their messages at start-up", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const old = await sendMessage(alice, "an old question");
    const recent = await sendMessage(alice, "a recent question");
    await t.db
      .update(chats)
      .set({ updatedAt: sql`now() - interval '40 days'` })
      .where(eq(chats.id, old.chatId ?? ""));

    const housekeeping = startHousekeeping({
      db: t.db,
      retentionDays: 30,
      signInWindowSeconds: 900,
      outboxDir: t.outboxDir,
      outboxKeptSeconds: 3600,
      logger: createLogger("silent"),
    });
    await housekeeping.ready;
    housekeeping.stop();

    expect((await t.db.select({ id: chats.id }).from(chats)).map((c) => c.id)).toEqual([recent.chatId]);
    expect(
      await t.db
        .select()
        .from(messages)
        .where(eq(messages.chatId, old.chatId ?? "")),
    ).toEqual([]);
  });
});
