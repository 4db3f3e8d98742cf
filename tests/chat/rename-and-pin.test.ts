import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { chats } from "../../src/server/db/schema";
import { MAX_CHAT_TITLE_CHARS } from "../../src/shared/values";
import { signUp } from "../helpers/auth";
import { sendMessage } from "../helpers/chat";
import { describeEachDatabase } from "../helpers/test-app";

type Summary = { id: string; title: string; updatedAt: string; pinned: boolean };
type Page = { chats: Summary[]; pinned: Summary[]; nextCursor: string | null };

describeEachDatabase("renaming and pinning a chat (PATCH /api/chats/:id)", ({ createApp }) => {
  const setup = async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const first = await sendMessage(alice, "How much water should I drink?");
    const second = await sendMessage(alice, "What helps against a cold?");
    return { t, alice, firstId: first.chatId as string, secondId: second.chatId as string };
  };

  it("renames a chat (trimmed) without moving it in the history, and the model's titles no longer replace the name", async () => {
    const { t, alice, firstId } = await setup();
    const [before] = await t.db.select({ updatedAt: chats.updatedAt }).from(chats).where(eq(chats.id, firstId));
    const renamed = await alice.send("PATCH", `/api/chats/${firstId}`, { json: { title: "  Water  " } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ id: firstId, title: "Water", pinned: false });
    const [after] = await t.db.select({ updatedAt: chats.updatedAt }).from(chats).where(eq(chats.id, firstId));
    expect(after?.updatedAt).toEqual(before?.updatedAt);
    await sendMessage(alice, "And in summer?", { chatId: firstId });
    expect((await alice.get(`/api/chats/${firstId}`)).body.title).toBe("Water");
  });

  it("pins a chat into the first page's pinned list and unpins it again", async () => {
    const { alice, firstId, secondId } = await setup();
    expect((await alice.send("PATCH", `/api/chats/${firstId}`, { json: { pinned: true } })).json).toMatchObject({ pinned: true });
    const page = (await alice.get("/api/chats")).json as Page;
    expect(page.pinned.map((chat) => chat.id)).toEqual([firstId]);
    expect(page.chats.map((chat) => chat.id)).toEqual([secondId]);
    expect(Number.isNaN(Date.parse(page.chats[0]?.updatedAt ?? ""))).toBe(false);
    await alice.send("PATCH", `/api/chats/${firstId}`, { json: { pinned: false } });
    const unpinned = (await alice.get("/api/chats")).json as Page;
    expect(unpinned.pinned).toEqual([]);
    expect(unpinned.chats.map((chat) => chat.id).sort()).toEqual([firstId, secondId].sort());
  });

  it("refuses an empty, blank, too long or unknown change with 400 and keeps the title", async () => {
    const { alice, firstId } = await setup();
    const before = (await alice.get(`/api/chats/${firstId}`)).body.title;
    const bodies = [
      {},
      { title: "" },
      { title: "   " },
      { title: "x".repeat(MAX_CHAT_TITLE_CHARS + 1) },
      { title: 5 },
      { pinned: "yes" },
      { title: "ok", userId: "someone" },
      null,
    ];
    for (const json of bodies) {
      const response = await alice.send("PATCH", `/api/chats/${firstId}`, { json });
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(response.body.code).toBe("bad-request");
    }
    expect((await alice.send("PATCH", `/api/chats/${firstId}`, { rawBody: "{not json" })).status).toBe(400);
    expect((await alice.get(`/api/chats/${firstId}`)).body.title).toBe(before);
    const longest = "y".repeat(MAX_CHAT_TITLE_CHARS);
    expect((await alice.send("PATCH", `/api/chats/${firstId}`, { json: { title: longest } })).status).toBe(200);
  });

  it("answers 404 for another user's chat, a missing one or a malformed id, and changes nothing", async () => {
    const { t, firstId } = await setup();
    const bob = t.client();
    await signUp(bob, "bob@example.com");
    for (const id of [firstId, crypto.randomUUID(), "not-an-id"]) {
      const response = await bob.send("PATCH", `/api/chats/${id}`, { json: { title: "Mine now", pinned: true } });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe("not-found");
    }
    const [row] = await t.db.select({ title: chats.title, pinnedAt: chats.pinnedAt }).from(chats).where(eq(chats.id, firstId));
    expect(row?.title).not.toBe("Mine now");
    expect(row?.pinnedAt).toBeNull();
  });

  it("answers 401 without a session", async () => {
    const { t, firstId } = await setup();
    expect((await t.client().send("PATCH", `/api/chats/${firstId}`, { json: { pinned: true } })).status).toBe(401);
  });
});
