import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { DatabaseOptions } from "../../src/server/db/client";

export interface ServerProcess {
  origin: string;
  pid: number;
  /** How to open the server's database from outside once it has stopped. */
  database: DatabaseOptions;
  rssMb: () => number | undefined;
  stop: () => Promise<void>;
  cleanUp: () => Promise<void>;
}

const builtEntry = join(import.meta.dirname, "../../dist/server/index.js");

/** Starts the server as its own process (the built one when there is a build) on a free port and a fresh database. */
export async function startServerProcess({
  databaseUrl,
  env,
}: {
  databaseUrl?: string;
  env: Record<string, string>;
}): Promise<ServerProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), "health-chat-soak-"));
  const postgres = databaseUrl ? await createDatabase(databaseUrl) : undefined;
  const args = existsSync(builtEntry) ? [builtEntry] : ["--import", "tsx", "src/server/index.ts"];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url ?? "",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await waitUntilReady(origin, child);
  let stopped = false;
  return {
    origin,
    pid: child.pid ?? 0,
    database: postgres ? { kind: "postgres", url: postgres.url } : { kind: "pglite", dataDir: join(dataDir, "pglite") },
    rssMb: () => readRssMb(child.pid),
    stop: async () => {
      if (!stopped) child.kill("SIGTERM");
      stopped = true;
      await exited;
    },
    cleanUp: async () => {
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitUntilReady(origin: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const ok = await fetch(`${origin}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error("the server did not start within 60 s");
}

function readRssMb(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined; // the process has exited
  }
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A fresh database on the given server, so a run never sees another run's rows. */
async function createDatabase(adminUrl: string) {
  const name = `health_chat_soak_${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const withAdmin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await withAdmin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => withAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
