import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { reportCrashes } from "./crash-reports";
import { DataDirLockedError } from "./db/open-configured";
import { loadEnv } from "./env";
import { listenAddresses } from "./http/listen-addresses";
import { createLogger } from "./logger";
import { DataDirNotPrivateError, keepFilesPrivate } from "./private-files";
import { PUBLIC_URL_UNSET, startServices } from "./server";

// First: everything the server writes (database, mails, secret) is its user's alone, 0600/0700.
keepFilesPrivate();
const env = loadEnv();
/** Capped by the kernel's net.core.somaxconn (4096 on current Linux). */
const LISTEN_BACKLOG = 4096;
const logger = createLogger(env.LOG_LEVEL);
const { app, database, housekeeping, activeReplies } = await startServices(env, logger).catch((error: unknown) => {
  // Another process holds the embedded database, or DATA_DIR is open to other users: the message says what to do;
  // a stack trace would not.
  if (!(error instanceof DataDirLockedError || error instanceof DataDirNotPrivateError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
// From here on (a failed start above reports its message: it holds no user's text).
reportCrashes(process, logger, (code) => process.exit(code));

// We serve HTTP/1.1 (no createServer option), so this is a node:http Server.
const server = createAdaptorServer({ fetch: app.fetch }) as Server;
// A busy event loop accepts one new connection per turn: connections arriving faster wait in the kernel's queue.
// Past its length (Node's default 511) the kernel drops them and clients retry only after 1, 3, 7, 15… s.
server.listen({ port: env.PORT, host: env.HOST, backlog: LISTEN_BACKLOG }, () => {
  const { port } = server.address() as AddressInfo;
  const urls = listenAddresses({ host: env.HOST, port, publicUrl: env.PUBLIC_URL });
  logger.info("listening", { urls, port });
  // For the person who just ran `npm start`: plain lines on stdout (the JSON log goes to stderr).
  process.stdout.write(`\n${env.SITE_NAME} is running. Open it at:\n${urls.map((url) => `  ${url}\n`).join("")}\n`);
  if (env.NODE_ENV === "production" && !env.PUBLIC_URL) process.stdout.write(`WARNING: ${PUBLIC_URL_UNSET}\n\n`);
});

/** Stops taking requests, lets streaming replies finish (or stops and saves them after the grace time), then exits. */
const shutdown = async (signal: string) => {
  logger.info("shutting down", { signal, streamingReplies: activeReplies.count });
  housekeeping.stop();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  await activeReplies.drain(env.SHUTDOWN_GRACE_SECONDS * 1000);
  // Idle keep-alive sockets would hold close() open; a last few seconds for the final bytes, then force.
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 5000);
  await closed;
  clearTimeout(force);
  await database.close();
  logger.info("stopped");
  process.exit(0);
};
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
