import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import { chats } from "../../src/server/db/schema";
import { loadEnv } from "../../src/server/env";
import { createLogger } from "../../src/server/logger";
import { startServices } from "../../src/server/server";
import { createAgent, TEST_ORIGIN } from "../helpers/agent";
import { signUp } from "../helpers/auth";
import { sendMessage } from "../helpers/chat";
import { outboxMailsTo } from "../helpers/mail";
import { waitFor } from "../helpers/wait";

const DAY_MS = 24 * 60 * 60 * 1000;
let dataDir: string | undefined;
afterEach(async () => {
  vi.useRealTimers();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The real start-up path (src/server/server.ts), on an embedded database in a fresh folder. */
async function start(folder: string, lines: string[], nodeEnv = "development") {
  const env = loadEnv({
    DATA_DIR: folder,
    PUBLIC_URL: TEST_ORIGIN,
    RATE_LIMITS: "off",
    CHAT_RETENTION_DAYS: "30",
    LOG_LEVEL: "info",
    NODE_ENV: nodeEnv,
  });
  const services = await startServices(
    env,
    createLogger("info", (line) => lines.push(line)),
  );
  const client = () => createAgent((path, init) => Promise.resolve(services.app.request(`${TEST_ORIGIN}${path}`, init)));
  const ageChat = (chatId: string | undefined) =>
    services.database.db
      .update(chats)
      .set({ updatedAt: sql`now() - interval '40 days'` })
      .where(eq(chats.id, chatId ?? ""));
  const chatIds = async () => (await services.database.db.select({ id: chats.id }).from(chats)).map((c) => c.id);
  const stop = async () => {
    services.housekeeping.stop();
    await services.database.close();
  };
  return { services, client, ageChat, chatIds, stop };
}

it("warns when throttling is off, logs links without SMTP in development only, and runs retention at start-up and daily", {
  timeout: 60_000,
}, async () => {
  dataDir = await mkdtemp(join(tmpdir(), "health-chat-start-"));
  vi.useFakeTimers({ toFake: ["setInterval"] });
  const lines: string[] = [];
  const first = await start(dataDir, lines);
  const messages = () => lines.map((line) => JSON.parse(line) as { level: string; message: string; link?: string });
  expect(messages()).toContainEqual(expect.objectContaining({ level: "warn", message: expect.stringContaining("RATE_LIMITS=off") }));

  const alice = first.client();
  await signUp(alice, "alice@example.com");
  expect((await alice.post("/api/auth/request-password-reset", { email: "alice@example.com" })).status).toBe(200);
  await waitFor("the reset link in the log", () => messages().find((m) => m.link?.includes("/reset-password?token=")));
  expect(messages().some((m) => m.link?.includes("/confirm-email?token="))).toBe(true);

  // The daily run.
  const daily = await sendMessage(alice, "an old question");
  await first.ageChat(daily.chatId);
  await first.services.housekeeping.ready;
  expect(await first.chatIds()).toContain(daily.chatId);
  vi.advanceTimersByTime(DAY_MS);
  await waitFor("the daily retention run", async () => !(await first.chatIds()).includes(daily.chatId ?? ""));

  // The run at start-up.
  const atStart = await sendMessage(alice, "another old question");
  const recent = await sendMessage(alice, "a recent question");
  await first.ageChat(atStart.chatId);
  await first.stop();
  // In production (the default) no link reaches the log: the mail in the outbox is the only copy.
  const productionLines: string[] = [];
  const second = await start(dataDir, productionLines, "production");
  await second.services.housekeeping.ready;
  expect(await second.chatIds()).toEqual([recent.chatId]);
  const bob = second.client();
  await signUp(bob, "bob@example.com");
  expect((await bob.post("/api/auth/request-password-reset", { email: "bob@example.com" })).status).toBe(200);
  await waitFor(
    "both mails in the outbox",
    async () => (await outboxMailsTo(join(dataDir ?? "", "outbox"), "bob@example.com")).length === 2,
  );
  expect(productionLines.join("\n")).not.toMatch(/token=/);
  await second.stop();
});
