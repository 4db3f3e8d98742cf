import { join, resolve } from "node:path";
import { createApp } from "./app";
import { createAuth } from "./auth/auth";
import { ActiveReplies } from "./chat/active-replies";
import { openDatabase } from "./db/client";
import { seedDefaultPrompts } from "./db/queries/prompts";
import type { Env } from "./env";
import { createChatProvider } from "./llm/provider";
import { errorFields } from "./log-safe-error";
import { createLogger, type Logger } from "./logger";
import { createMailer } from "./mail/mailer";
import { outboxDirOf } from "./mail/outbox";
import { outboxKeptSecondsOf, startHousekeeping } from "./retention";
import { resolveAuthSecret } from "./secret";

/** Opens the database, wires auth and mail, and returns the app with a way to close it all. */
export async function startServices(env: Env, logger: Logger = createLogger(env.LOG_LEVEL)) {
  const dataDir = resolve(env.DATA_DIR);
  const database = env.DATABASE_URL
    ? await openDatabase({
        kind: "postgres",
        url: env.DATABASE_URL,
        connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
        poolSize: env.DATABASE_POOL_SIZE,
        onIdleError: (error) => logger.warn("database connection lost", { error: errorFields(error) }),
        logger,
      })
    : await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite"), worker: env.PGLITE_WORKER });
  const outboxDir = outboxDirOf(dataDir);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir, logger });
  const secret = resolveAuthSecret({ configured: env.AUTH_SECRET, dataDir });
  const auth = createAuth({ env, db: database.db, secret, mailer, logger });
  await seedDefaultPrompts({ db: database.db });
  const housekeeping = startHousekeeping({
    db: database.db,
    retentionDays: env.CHAT_RETENTION_DAYS,
    signInWindowSeconds: env.FAILED_SIGN_IN_WINDOW_SECONDS,
    outboxDir,
    outboxKeptSeconds: outboxKeptSecondsOf(env),
    logger,
  });
  const provider = createChatProvider(env);
  const activeReplies = new ActiveReplies(env.MAX_LIVE_CHATS, env.MAX_LIVE_CHATS_PER_USER);
  const app = createApp({ env, db: database.db, auth, provider, activeReplies, logger });
  if (env.RATE_LIMITS === "off") logger.warn("RATE_LIMITS=off: sign-in throttling and rate limits are disabled");
  if (provider.kind === "offline") logger.warn("no language model configured (OPENAI_API_KEY / OPENAI_BASE_URL): demo mode");
  logger.info("services ready", { database: database.kind, mail: env.SMTP_URL ? "SMTP" : "outbox", model: provider.model });
  return { app, database, auth, housekeeping, activeReplies };
}
