import { resolve } from "node:path";
import { createApp } from "./app";
import { createAuth } from "./auth/auth";
import { ActiveReplies } from "./chat/active-replies";
import { openConfiguredDatabase } from "./db/open-configured";
import { seedDefaultPrompts } from "./db/queries/prompts";
import type { Env } from "./env";
import { createChatProvider } from "./llm/provider";
import { createLogger, type Logger } from "./logger";
import { createMailer } from "./mail/mailer";
import { outboxDirOf } from "./mail/outbox";
import { ensurePrivateDataDir } from "./private-files";
import { outboxKeptSecondsOf, startHousekeeping } from "./retention";
import { regionHasCrisisLine } from "./safety/emergency-numbers";
import { resolveAuthSecret } from "./secret";

/** The start's warning in production without PUBLIC_URL (in the log, and printed under the addresses). */
export const PUBLIC_URL_UNSET =
  "PUBLIC_URL is not set: sign-in, sign-up and the links in e-mails work only at the addresses printed at start. Set PUBLIC_URL to the address people open (e.g. https://chat.example.org).";

/** Opens the database, wires auth and mail, and returns the app with a way to close it all. */
export async function startServices(env: Env, logger: Logger = createLogger(env.LOG_LEVEL)) {
  const dataDir = resolve(env.DATA_DIR);
  // Before anything is written there: the outbox and the secret are in it even with DATABASE_URL.
  ensurePrivateDataDir(dataDir);
  const database = await openConfiguredDatabase(env, dataDir, logger);
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
  if (env.NODE_ENV === "production" && !env.PUBLIC_URL) logger.warn(PUBLIC_URL_UNSET);
  if (!regionHasCrisisLine(env.EMERGENCY_REGION) && !env.CRISIS_LINE) {
    logger.warn(`EMERGENCY_REGION=${env.EMERGENCY_REGION} has no crisis line in the table: set CRISIS_LINE and CRISIS_LINE_NAME`);
  }
  if (env.RATE_LIMITS === "off") logger.warn("RATE_LIMITS=off: sign-in throttling and rate limits are disabled");
  if (provider.kind === "offline") logger.warn("no language model configured (OPENAI_API_KEY / OPENAI_BASE_URL): demo mode");
  logger.info("services ready", { database: database.kind, mail: env.SMTP_URL ? "SMTP" : "outbox", model: provider.model });
  return { app, database, auth, housekeeping, activeReplies };
}
