import { join } from "node:path";
import type { Env } from "../env";
import { errorFields } from "../log-safe-error";
import type { Logger } from "../logger";
import { type DatabaseHandle, openDatabase } from "./client";

export { DataDirLockedError } from "./pglite/data-dir-lock";

/** The database the settings name: PostgreSQL with DATABASE_URL, else the embedded one in `DATA_DIR/pglite`. */
export function openConfiguredDatabase(env: Env, dataDir: string, logger: Logger): Promise<DatabaseHandle> {
  if (!env.DATABASE_URL) return openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite"), worker: env.PGLITE_WORKER });
  return openDatabase({
    kind: "postgres",
    url: env.DATABASE_URL,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    poolSize: env.DATABASE_POOL_SIZE,
    onIdleError: (error) => logger.warn("database connection lost", { error: errorFields(error) }),
    logger,
  });
}
