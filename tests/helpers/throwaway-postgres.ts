import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./server-process";

const run = promisify(execFile);
const BIN = process.env.POSTGRES_BIN_DIR ?? "/usr/lib/postgresql/15/bin";
const isRoot = process.getuid?.() === 0;

/** Why a throwaway PostgreSQL server cannot be started here, or undefined when it can. */
export function throwawayPostgresUnavailable(): string | undefined {
  if (!existsSync(join(BIN, "initdb")) || !existsSync(join(BIN, "pg_ctl"))) return `no initdb/pg_ctl in ${BIN} (set POSTGRES_BIN_DIR)`;
  if (isRoot && !existsSync("/usr/sbin/runuser") && !existsSync("/sbin/runuser")) return "running as root, but runuser is missing";
  return undefined;
}

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** `pg_ctl start` (waits until it accepts connections). */
  start: () => Promise<void>;
  /**
   * `pg_ctl stop`: "fast" disconnects every client and shuts down; "immediate" kills every backend at once, like
   * a crash, so no waiting transaction can still commit during the shutdown.
   */
  stop: (mode?: "fast" | "immediate") => Promise<void>;
  /** Stops it (if running) and deletes its data. */
  destroy: () => Promise<void>;
}

/** PostgreSQL refuses to run as root, so as root its commands run as the `postgres` user. */
async function asPostgres(command: string, args: string[]) {
  const [file, fullArgs] = isRoot ? ["runuser", ["-u", "postgres", "--", join(BIN, command), ...args]] : [join(BIN, command), args];
  return run(file, fullArgs, { timeout: 60_000 });
}

/**
 * A PostgreSQL server of its own for a test that stops and starts it: initdb into a temp dir, trust auth,
 * listening on 127.0.0.1 on a free port, with its socket in the temp dir. Started when this resolves.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const dir = await mkdtemp(join(tmpdir(), "health-chat-pg-"));
  if (isRoot) {
    const { stdout: uid } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    await chown(dir, Number(uid.trim()), Number(gid.trim()));
  }
  const dataDir = join(dir, "data");
  const port = await freePort();
  let running = false;
  const start = async () => {
    await asPostgres("pg_ctl", [
      "start",
      "-D",
      dataDir,
      "-l",
      join(dir, "server.log"),
      "-w",
      "-t",
      "30",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
    ]);
    running = true;
  };
  const stop = async (mode: "fast" | "immediate" = "fast") => {
    running = false;
    await asPostgres("pg_ctl", ["stop", "-D", dataDir, "-m", mode, "-w", "-t", "30"]);
  };
  try {
    await asPostgres("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
    await start();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy: async () => {
      try {
        if (running) await asPostgres("pg_ctl", ["stop", "-D", dataDir, "-m", "immediate", "-w", "-t", "30"]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
