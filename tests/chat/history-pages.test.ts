import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Database } from "../../src/server/db/client";
import { chats, messages } from "../../src/server/db/schema";
import { signUp } from "../helpers/auth";
import { describeEachDatabase } from "../helpers/test-app";

type Page = { chats: { id: string; title: string }[]; nextCursor: string | null };
type Detail = { id: string; title: string; messages: { position: number; text: string }[]; olderBefore: number | null };

/**
 * Gives the user `count` chats, one a second apart (chat 0 the newest), each with one message. Chats 45 to 56
 * (across the first page's end) share one time to the microsecond when `tied`, and chats 44 and 57 differ from
 * it by one microsecond, so a cursor that dropped the id or the microseconds would repeat or lose chats.
 */
async function seedChats(db: Database, userId: string, { count, tied = false, text = () => "a question" }: SeedOptions) {
  const second = (i: number) => new Date((10_000 - i) * 1000).toISOString().slice(0, 19);
  const timeOf = (i: number) => {
    if (!tied || i < 44 || i > 57) return `${second(i)}.000000Z`;
    return `${second(45)}.${i === 44 ? "500001" : i === 57 ? "499999" : "500000"}Z`;
  };
  const rows = Array.from({ length: count }, (_, i) => ({ id: crypto.randomUUID(), title: `Chat number ${i}`, at: timeOf(i) }));
  await db.insert(chats).values(rows.map(({ id, title, at }) => ({ id, userId, title, updatedAt: sql`${at}::timestamptz` })));
  await db.insert(messages).values(rows.map((row, i) => ({ chatId: row.id, position: 0, sender: "user" as const, text: text(i) })));
  // Newest first, ties by id (descending), as the server orders them.
  return rows
    .slice()
    .sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1))
    .map((row) => row.id);
}
type SeedOptions = { count: number; tied?: boolean; text?: (i: number) => string };

async function userIdOf(agent: { get: (path: string) => Promise<{ json: unknown }> }) {
  return ((await agent.get("/api/auth/get-session")).json as { user: { id: string } }).user.id;
}

describeEachDatabase("the chat history in pages", ({ createApp }) => {
  const setup = async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    return { t, alice, aliceId: await userIdOf(alice) };
  };
  const allPages = async (agent: { get: (path: string) => Promise<{ status: number; json: unknown }> }, query = "") => {
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const params = new URLSearchParams(query);
      if (cursor) params.set("cursor", cursor);
      const response = await agent.get(`/api/chats?${params}`);
      expect(response.status).toBe(200);
      const page = response.json as Page;
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor && pages.length < 10);
    return pages;
  };

  it("lists 50 chats a page, newest first, and the cursors walk through all of them once, ties included", async () => {
    const { t, alice, aliceId } = await setup();
    const expected = await seedChats(t.db, aliceId, { count: 120, tied: true });
    const pages = await allPages(alice);
    expect(pages.map((page) => page.chats.length)).toEqual([50, 50, 20]);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    expect(pages.flatMap((page) => page.chats.map((chat) => chat.id))).toEqual(expected);
    // Only what the drawer shows.
    expect(Object.keys(pages[0]?.chats[0] ?? {})).toEqual(["id", "title", "updatedAt", "pinned"]);
    expect(Object.keys(pages[0] ?? {}).sort()).toEqual(["chats", "nextCursor", "pinned"]);
  });

  it("searches on the server, in pages too, by title or message text", async () => {
    const { t, alice, aliceId } = await setup();
    const all = await seedChats(t.db, aliceId, { count: 120, text: (i) => (i % 2 === 0 ? "a MIGRAINE since monday" : "a sore knee") });
    const pages = await allPages(alice, "q=migraine");
    expect(pages.map((page) => page.chats.length)).toEqual([50, 10]);
    expect(pages.flatMap((page) => page.chats.map((chat) => chat.id))).toEqual(all.filter((_, i) => i % 2 === 0));
    const byTitle = await allPages(alice, "q=number 11");
    expect(byTitle.flatMap((page) => page.chats.map((chat) => chat.title)).sort()).toEqual(
      ["Chat number 11", ...Array.from({ length: 10 }, (_, i) => `Chat number ${110 + i}`)].sort(),
    );
    expect((await allPages(alice, "q=%25")).flatMap((page) => page.chats)).toEqual([]);
  });

  it("says why a chat matched: a short snippet around a match in its text, none for a title match, none of others' chats", async () => {
    const { t, alice, aliceId } = await setup();
    const long = `${"Some words before it. ".repeat(20)}Then a **MIGRAINE** started on Monday.${" And more after it.".repeat(20)}`;
    const [byText, byTitle] = await seedChats(t.db, aliceId, { count: 2, text: (i) => (i === 0 ? long : "nothing to see") });
    await t.db.update(chats).set({ title: "My migraine diary" }).where(sql`${chats.id} = ${byTitle}`);
    const bob = t.client();
    await signUp(bob, "bob@example.com");
    await seedChats(t.db, await userIdOf(bob), { count: 1, text: () => "Bob's secret migraine notes" });

    const [page] = await allPages(alice, "q=migraine");
    expect(page?.chats.map((chat) => chat.id).sort()).toEqual([byText, byTitle].sort());
    const found = page?.chats.find((chat) => chat.id === byText) as { snippet?: string };
    expect(found.snippet).toMatch(/^….*Then a MIGRAINE started on Monday\..*…$/);
    expect(found.snippet?.length).toBeLessThanOrEqual(120);
    expect(Object.keys(page?.chats.find((chat) => chat.id === byTitle) ?? {})).toEqual(["id", "title", "updatedAt", "pinned"]);
    expect(JSON.stringify(page)).not.toContain("Bob");
    // Bob sees his own match, with nothing of Alice's.
    const [bobs] = await allPages(bob, "q=migraine");
    expect(bobs?.chats.map((chat) => (chat as { snippet?: string }).snippet)).toEqual(["Bob's secret migraine notes"]);
  });

  it("answers a cursor it did not make, or a bad position, with a 400 and never a 500", async () => {
    const { alice } = await setup();
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const id = crypto.randomUUID();
    for (const cursor of [
      "garbage",
      "",
      encode(["2025-01-01T00:00:00.000000Z"]),
      encode(["2025-13-01T00:00:00.000000Z", id]),
      encode(["2025-01-01T00:00:00Z", id]),
      encode(["2025-01-01T00:00:00.000000Z", "not-a-uuid"]),
      encode({ updatedAt: "2025-01-01T00:00:00.000000Z", id }),
      encode(["2025-01-01T00:00:00.000000Z'; drop table chats;--", id]),
      "x".repeat(201),
    ]) {
      const response = await alice.get(`/api/chats?cursor=${encodeURIComponent(cursor)}`);
      expect(response.status, cursor.slice(0, 40)).toBe(400);
      expect((response.json as { code: string }).code).toBe("bad-request");
    }
    const chat = (await alice.get(`/api/chats?cursor=${encode(["2025-01-01T00:00:00.000000Z", id])}`)).json as Page;
    expect(chat).toEqual({ chats: [], pinned: [], nextCursor: null });
    for (const before of ["abc", "-1", "1.5", "", "99999999999", "1e3"]) {
      const response = await alice.get(`/api/chats/${id}?before=${before}`);
      expect(response.status, `before=${before}`).toBe(400);
    }
  });

  it("opens a chat at its newest 50 messages; `before` loads the older ones, oldest first", async () => {
    const { t, alice, aliceId } = await setup();
    const [chatId] = await seedChats(t.db, aliceId, { count: 1 });
    await t.db.insert(messages).values(
      Array.from({ length: 119 }, (_, i) => ({
        chatId: chatId as string,
        position: i + 1,
        sender: (i % 2 === 0 ? "assistant" : "user") as "assistant" | "user",
        text: `message ${i + 1}`,
      })),
    );
    const first = (await alice.get(`/api/chats/${chatId}`)).json as Detail;
    expect(first.messages.map((m) => m.position)).toEqual(Array.from({ length: 50 }, (_, i) => 70 + i));
    expect(first.olderBefore).toBe(70);
    expect(Object.keys(first).sort()).toEqual(["id", "messages", "olderBefore", "title"]);
    expect(Object.keys(first.messages[0] ?? {}).sort()).toEqual(
      ["errorCode", "feedback", "feedbackComment", "feedbackReason", "id", "position", "redFlags", "sender", "status", "text"].sort(),
    );
    const second = (await alice.get(`/api/chats/${chatId}?before=70`)).json as Detail;
    expect(second.messages.map((m) => m.position)).toEqual(Array.from({ length: 50 }, (_, i) => 20 + i));
    expect(second.olderBefore).toBe(20);
    const last = (await alice.get(`/api/chats/${chatId}?before=20`)).json as Detail;
    expect(last.messages.map((m) => m.position)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(last.olderBefore).toBeNull();
    expect(last.messages[0]?.text).toBe("a question");
  });

  it("another user's chat is not found at any position, and a cursor shows nobody else's chats", async () => {
    const { t, alice, aliceId } = await setup();
    const mallory = t.client();
    await signUp(mallory, "mallory@example.com");
    const own = await seedChats(t.db, aliceId, { count: 60 });
    const page = (await alice.get("/api/chats")).json as Page;
    for (const path of [`/api/chats/${own[0]}`, `/api/chats/${own[0]}?before=1`]) {
      const response = await mallory.get(path);
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.json)).not.toContain("a question");
    }
    expect((await mallory.get(`/api/chats?cursor=${page.nextCursor}`)).json).toEqual({ chats: [], pinned: [], nextCursor: null });
    expect((await mallory.get("/api/chats")).json).toEqual({ chats: [], pinned: [], nextCursor: null });
  });
});
