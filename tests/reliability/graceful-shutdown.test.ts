import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { messages } from "../../src/server/db/schema";
import { type FakeModelServer, startFakeModel } from "../fake-model/server";
import { parseEvents } from "../helpers/chat";
import { seedPgliteDataDir } from "../helpers/pglite-seed";
import { signUpOverHttp, startServerProcess } from "../helpers/server-process";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModel();
});
afterAll(() => fake.close());

async function startServer(dataDir: string, extra: Record<string, string>) {
  await seedPgliteDataDir(dataDir);
  const server = await startServerProcess({ dataDir, env: { OPENAI_BASE_URL: fake.url, ...extra } });
  const cookie = await signUpOverHttp(server.origin, "alice@example.com");
  return { ...server, cookie };
}

async function savedReplies(dataDir: string) {
  const handle = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite") });
  try {
    return await handle.db.select().from(messages).orderBy(asc(messages.position));
  } finally {
    await handle.close();
  }
}

describe("graceful shutdown on SIGTERM", () => {
  it("lets a streaming reply finish and save, then exits 0", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "health-chat-shutdown-"));
    try {
      const { child, origin, cookie, exited } = await startServer(dataDir, {});
      fake.queue({ kind: "reply", delayMs: 40, text: Array.from({ length: 30 }, (_, i) => `word${i}`).join(" ") });
      const response = await fetch(`${origin}/api/chats/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", origin, cookie },
        body: JSON.stringify({ text: "a question in flight", language: "en" }),
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let body = decoder.decode((await reader.read()).value, { stream: true });
      child.kill("SIGTERM");
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) body += decoder.decode(chunk.value, { stream: true });
      expect(parseEvents(body).at(-1)?.type).toBe("title");
      expect((await exited).code).toBe(0);
      const rows = await savedReplies(dataDir);
      expect(rows.map((r) => [r.sender, r.status])).toEqual([
        ["user", "complete"],
        ["assistant", "complete"],
      ]);
      expect(rows[1]?.text.split(" ")).toHaveLength(30);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("past the grace time stops the reply, saves what was written and exits", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "health-chat-shutdown-"));
    try {
      const { child, origin, cookie, exited } = await startServer(dataDir, { SHUTDOWN_GRACE_SECONDS: "0" });
      fake.queue({ kind: "reply", delayMs: 100, text: Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ") });
      const response = await fetch(`${origin}/api/chats/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", origin, cookie },
        body: JSON.stringify({ text: "a long answer please", language: "en" }),
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let body = "";
      while (!body.includes('"delta"')) body += decoder.decode((await reader.read()).value, { stream: true });
      child.kill("SIGTERM");
      expect((await exited).code).toBe(0);
      const rows = await savedReplies(dataDir);
      expect(rows.map((r) => [r.sender, r.status])).toEqual([
        ["user", "complete"],
        ["assistant", "incomplete"],
      ]);
      expect(rows[1]?.text).toMatch(/^word0/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
