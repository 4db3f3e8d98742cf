import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { loadEnv, publicUrl } from "./env";
import { createLogger } from "./logger";
import { startServices } from "./server";

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const { app, database, housekeeping, activeReplies } = await startServices(env, logger);

// We serve HTTP/1.1 (no createServer option), so this is a node:http Server.
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  logger.info("listening", { url: publicUrl(env), port: info.port });
}) as Server;

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
