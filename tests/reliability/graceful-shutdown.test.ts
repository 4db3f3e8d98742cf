import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { messages } from "../../src/server/db/schema";
import { type FakeModelServer, startFakeModel } from "../fake-model/server";
import { GOOD_PASSWORD } from "../helpers/auth";
import { parseEvents } from "../helpers/chat";
import { waitFor } from "../helpers/wait";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModel();
});
afterAll(() => fake.close());

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startServer(dataDir: string, extra: Record<string, string>) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/index.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      OPENAI_BASE_URL: fake.url,
      LOG_LEVEL: "warn",
      ...extra,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  await waitFor(
    "the server to listen",
    () =>
      fetch(`${origin}/api/health`)
        .then((r) => r.ok)
        .catch(() => false),
    { timeoutMs: 30_000, intervalMs: 100 },
  );
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: "alice@example.com", password: GOOD_PASSWORD, name: "", languageCode: "en" }),
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { child, origin, cookie };
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

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
      const { child, origin, cookie } = await startServer(dataDir, {});
      fake.queue({ kind: "reply", delayMs: 40, text: Array.from({ length: 30 }, (_, i) => `word${i}`).join(" ") });
      const response = await fetch(`${origin}/api/chats/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", origin, cookie },
        body: JSON.stringify({ text: "a question in flight", language: "en" }),
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let body = decoder.decode((await reader.read()).value, { stream: true });
      const exit = exited(child);
      child.kill("SIGTERM");
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) body += decoder.decode(chunk.value, { stream: true });
      expect(parseEvents(body).at(-1)?.type).toBe("title");
      expect(await exit).toBe(0);
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
      const { child, origin, cookie } = await startServer(dataDir, { SHUTDOWN_GRACE_SECONDS: "0" });
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
      const exit = exited(child);
      child.kill("SIGTERM");
      expect(await exit).toBe(0);
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
