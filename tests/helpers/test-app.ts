import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, describe, inject } from "vitest";
import { createApp } from "../../src/server/app";
import { type Auth, createAuth } from "../../src/server/auth/auth";
import { ActiveReplies } from "../../src/server/chat/active-replies";
import { type Database, openDatabase } from "../../src/server/db/client";
import { seedDefaultPrompts } from "../../src/server/db/queries/prompts";
import { type Env, loadEnv } from "../../src/server/env";
import { createChatProvider } from "../../src/server/llm/provider";
import { createLogger } from "../../src/server/logger";
import { createMailer, type Mailer } from "../../src/server/mail/mailer";
import { resolveAuthSecret } from "../../src/server/secret";
import { type Agent, createAgent, TEST_ORIGIN } from "./agent";
import { createScratchDatabase, postgresAdminUrl } from "./scratch-database";

export type DbKind = "pglite" | "postgres";
/** Environment variables as the server reads them: strings. */
export type EnvVars = Partial<Record<keyof Env, string>>;

export { TEST_ORIGIN };

/**
 * Defaults close to production (rate limits on), except that the per-IP limits are generous:
 * requests made with app.request all share one address, and tests that check those limits set
 * their own. AUTH_SECRET is fixed so two app instances on one database accept each other's cookies.
 */
const defaultEnv: EnvVars = {
  PUBLIC_URL: TEST_ORIGIN,
  LOG_LEVEL: "silent",
  AUTH_SECRET: "test-secret-0123456789abcdefghijklmnopqrstuvwxyz",
  RATE_LIMITS: "on",
  RATE_LIMIT_MAX: "1000",
  SIGN_IN_RATE_LIMIT_MAX: "1000",
  SIGN_UP_RATE_LIMIT_MAX: "1000",
  PASSWORD_RESET_RATE_LIMIT_MAX: "1000",
};

export interface TestApp {
  kind: DbKind;
  app: ReturnType<typeof createApp>;
  db: Database;
  auth: Auth;
  env: Env;
  dataDir: string;
  outboxDir: string;
  /** The PGlite instance behind db (PGlite only); pass the app as `shareDatabaseWith` to reuse it. */
  pglite?: PGlite;
  /** The URL of this app's own database (PostgreSQL only). */
  databaseUrl?: string;
  /** A new "user agent" with its own cookie jar. */
  client: () => Agent;
  /** A raw request to the app, path relative to PUBLIC_URL. */
  request: (path: string, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  kind?: DbKind;
  /** Collect the server's log lines here instead of writing them to stderr. */
  logLines?: string[];
  /** Run a second app instance on the database of this one (for state that must be shared). */
  shareDatabaseWith?: TestApp;
  /** Serve this folder as the built web app (index.html and its fallback); by default there is none. */
  webRoot?: string;
}

const openApps = new Set<TestApp>();

// PGlite: create and migrate once (global-setup.ts, or else once per worker), then load the dump for
// every app (STACK-NOTES).
let pgliteTemplate: Promise<Blob> | undefined;
function pgliteDump(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const path = inject("pgliteTemplatePath");
    if (path) return new Blob([await readFile(path)]);
    const template = await PGlite.create();
    try {
      await openDatabase({ kind: "pglite", instance: template });
      return await template.dumpDataDir("none");
    } finally {
      await template.close();
    }
  })();
  return pgliteTemplate;
}

interface OpenedDatabase {
  db: Database;
  pglite?: PGlite;
  databaseUrl?: string;
  close: () => Promise<void>;
}

async function openPglite(shared?: TestApp): Promise<OpenedDatabase> {
  if (shared) {
    if (!shared.pglite) throw new Error("shareDatabaseWith needs a PGlite test app");
    const handle = await openDatabase({ kind: "pglite", instance: shared.pglite });
    return { db: handle.db, pglite: shared.pglite, close: handle.close };
  }
  const instance = await PGlite.create({ loadDataDir: await pgliteDump() });
  const handle = await openDatabase({ kind: "pglite", instance });
  return {
    db: handle.db,
    pglite: instance,
    close: async () => {
      await handle.close();
      await instance.close();
    },
  };
}

async function openPostgres(shared?: TestApp): Promise<OpenedDatabase> {
  if (shared) {
    if (!shared.databaseUrl) throw new Error("shareDatabaseWith needs a PostgreSQL test app");
    const handle = await openDatabase({ kind: "postgres", url: shared.databaseUrl, poolSize: 3 });
    return { db: handle.db, databaseUrl: shared.databaseUrl, close: handle.close };
  }
  const scratch = await createScratchDatabase("test");
  const databaseUrl = scratch.url;
  const dropDatabase = scratch.drop;
  try {
    const handle = await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 3 });
    return {
      db: handle.db,
      databaseUrl,
      close: async () => {
        try {
          await handle.close();
        } finally {
          await dropDatabase();
        }
      },
    };
  } catch (error) {
    await dropDatabase();
    throw error;
  }
}

/** Builds the whole server (env, database, mailer, auth, app) on a fresh database and data dir. */
export async function createTestApp(overrides: EnvVars = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const kind = options.shareDatabaseWith?.kind ?? options.kind ?? "pglite";
  const dataDir = await mkdtemp(join(tmpdir(), "health-chat-test-"));
  const outboxDir = join(dataDir, "outbox");
  let database: OpenedDatabase | undefined;
  try {
    const env = loadEnv({ ...defaultEnv, DATA_DIR: dataDir, ...overrides });
    database = kind === "postgres" ? await openPostgres(options.shareDatabaseWith) : await openPglite(options.shareDatabaseWith);
    // As at server start (src/server/server.ts): the default prompts exist, as version 1.
    await seedDefaultPrompts({ db: database.db });
    const logger = createLogger(env.LOG_LEVEL, options.logLines ? (line) => options.logLines?.push(line) : undefined);
    const mailer = trackingSends(createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir, logger }));
    const auth = createAuth({ env, db: database.db, secret: resolveAuthSecret({ configured: env.AUTH_SECRET, dataDir }), mailer, logger });
    const provider = createChatProvider(env);
    const app = createApp({
      env,
      db: database.db,
      auth,
      provider,
      activeReplies: new ActiveReplies(env.MAX_LIVE_CHATS, env.MAX_LIVE_CHATS_PER_USER),
      logger,
      webRoot: options.webRoot ?? join(dataDir, "no-web-build"),
    });
    const request = async (path: string, init?: RequestInit) => app.request(`${TEST_ORIGIN}${path}`, init);
    const opened = database;
    let closed = false;
    const testApp: TestApp = {
      kind,
      app,
      db: database.db,
      auth,
      env,
      dataDir,
      outboxDir,
      pglite: database.pglite,
      databaseUrl: database.databaseUrl,
      client: () => createAgent(request),
      request,
      close: async () => {
        if (closed) return;
        closed = true;
        openApps.delete(testApp);
        try {
          // Mails go out in the background (account-mails.ts): one still being written to the outbox would
          // put a file into the folder while it is being removed (ENOTEMPTY).
          await mailer.settled();
          await opened.close();
        } finally {
          await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
        }
      },
    };
    openApps.add(testApp);
    return testApp;
  } catch (error) {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
    throw error;
  }
}

/** The mailer, and a way to wait until every mail it was given has been sent or has failed. */
function trackingSends(mailer: Mailer): Mailer & { settled: () => Promise<void> } {
  const pending = new Set<Promise<void>>();
  return {
    ...mailer,
    send: (mail) => {
      const sending = mailer.send(mail);
      const done = sending.then(
        () => undefined,
        () => undefined,
      );
      pending.add(done);
      void done.then(() => pending.delete(done));
      return sending;
    },
    settled: async () => {
      await Promise.all(pending);
    },
  };
}

/** Closes every app still open, apps that share another's database first. */
export async function closeAllTestApps() {
  const apps = [...openApps].reverse();
  const errors: unknown[] = [];
  for (const app of apps) {
    try {
      await app.close();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, "closing test apps failed");
}

export interface DatabaseSuite {
  kind: DbKind;
  /** createTestApp on this suite's database kind; the app is closed after each test. */
  createApp: (overrides?: EnvVars, options?: Omit<TestAppOptions, "kind">) => Promise<TestApp>;
}

let skipReasonPrinted = false;

/**
 * Runs a suite on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (skipped with a
 * printed reason otherwise). Every app a test creates is closed after that test.
 */
export function describeEachDatabase(name: string, fn: (suite: DatabaseSuite) => void) {
  const register = (kind: DbKind) => {
    afterEach(closeAllTestApps);
    fn({ kind, createApp: (overrides, options) => createTestApp(overrides, { ...options, kind }) });
  };
  describe(`${name} [pglite]`, () => register("pglite"));
  if (postgresAdminUrl) {
    describe(`${name} [postgres]`, () => register("postgres"));
  } else {
    if (!skipReasonPrinted) {
      skipReasonPrinted = true;
      console.log("PostgreSQL variants skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run them.");
    }
    describe.skip(`${name} [postgres: skipped, TEST_DATABASE_URL not set]`, () => register("postgres"));
  }
}
