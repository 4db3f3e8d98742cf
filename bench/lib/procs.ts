import { type ChildProcess, spawn } from "node:child_process";
import { openSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { freePort } from "../../tests/helpers/server-process";
import { projectRoot } from "./paths";

/** Resident set size of a process from /proc (Linux), in bytes. */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? "0");
  return kb * 1024;
}

/** CPU time (user + system) a process has used so far, in milliseconds, from /proc (Linux). */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start at state; utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticksPerSecond = 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** One GET, resolved with its status (0 when the connection fails). */
export function getStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", () => resolve(0));
    req.end();
  });
}

/** Polls until the URL answers 200; resolves with the milliseconds since `since` (performance.now()). */
export async function waitFor200(url: string, since: number, child?: ChildProcess, timeoutMs = 60_000): Promise<number> {
  for (;;) {
    if ((await getStatus(url)) === 200) return performance.now() - since;
    if (child && child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before ${url} answered`);
    if (performance.now() - since > timeoutMs) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function stop(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

export interface ModelProcess {
  url: string;
  port: number;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** Starts tests/fake-model in its own process with a fixed pause between streamed tokens. */
export async function startModel(tokenDelayMs: number): Promise<ModelProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", join(projectRoot, "bench/model.ts"), String(tokenDelayMs)], {
    cwd: projectRoot,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`fake model exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/v1`, port, child, stop: () => stop(child) };
}

export interface LoopStats {
  rssBytes: number;
  heapUsedBytes: number;
  loop: { p50: number; p99: number; max: number; samples: number };
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200. */
  startMs: number;
  /** CPU milliseconds the server had used by its first 200 (less sensitive to other load than startMs). */
  startCpuMs: number;
  rss: () => number;
  /** Event-loop delay since the last reset, and memory, from the preloaded probe. */
  stats: (options?: { reset?: boolean; gc?: boolean }) => Promise<LoopStats>;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  dataDir: string;
  databaseUrl?: string;
  modelUrl?: string;
  logFile: string;
  /** Run `npm start` (scripts/start.mjs) instead of the built entry directly; no probe then. */
  viaNpmStart?: boolean;
  extraEnv?: Record<string, string>;
  /** Extra node flags for the server (e.g. --cpu-prof when profiling); not with viaNpmStart. */
  nodeArgs?: string[];
}

/** Starts the built server on a free port (RATE_LIMITS=off) and waits for its first 200. */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: options.dataDir,
    RATE_LIMITS: "off",
    // The load sections stream many replies at once for one signed-up user.
    MAX_LIVE_CHATS_PER_USER: "100000",
    LOG_LEVEL: "info",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.modelUrl ? { OPENAI_BASE_URL: options.modelUrl, OPENAI_API_KEY: "bench", LLM_MAX_RETRIES: "0" } : {}),
    ...options.extraEnv,
  };
  const log = openSync(options.logFile, "a");
  const args = options.viaNpmStart
    ? ["start", "--silent"]
    : [
        ...(options.nodeArgs ?? []),
        "--expose-gc",
        "--import",
        join(projectRoot, "bench/probe.mjs"),
        join(projectRoot, "dist/server/index.js"),
      ];
  const started = performance.now();
  const child = options.viaNpmStart
    ? spawn("npm", args, { cwd: projectRoot, env, stdio: ["ignore", log, log], detached: true })
    : spawn(process.execPath, args, { cwd: projectRoot, env, stdio: ["ignore", log, log, "ipc"] });
  const startMs = await waitFor200(`${base}/api/password-policy`, started, child);
  const pid = () => (options.viaNpmStart ? serverPidUnder(child.pid ?? 0) : (child.pid ?? 0));
  const startCpuMs = cpuMsOf(pid());
  let nextId = 0;
  const stats = ({ reset = false, gc = false } = {}) =>
    new Promise<LoopStats>((resolve, reject) => {
      if (!child.connected) return reject(new Error("the server has no IPC channel (started via npm)"));
      const id = nextId++;
      const onMessage = (message: unknown) => {
        const reply = message as LoopStats & { bench?: string; id?: number };
        if (reply.bench !== "stats" || reply.id !== id) return;
        child.off("message", onMessage);
        resolve(reply);
      };
      child.on("message", onMessage);
      child.send({ bench: "stats", id, reset, gc });
    });
  return {
    base,
    child,
    startMs,
    startCpuMs,
    rss: () => rssOf(pid()),
    stats,
    stop: async () => {
      if (options.viaNpmStart && child.pid) {
        // npm runs the server as a child: signal the whole group we created (detached), and wait for npm.
        const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
        process.kill(-child.pid, "SIGTERM");
        await exited;
      } else await stop(child);
    },
  };
}

/** The node process that `npm start` runs (npm → sh → node), found through /proc. */
function serverPidUnder(pid: number): number {
  const children = (p: number) => readFileSync(`/proc/${p}/task/${p}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  let current = pid;
  for (let depth = 0; depth < 4; depth++) {
    const next = children(current);
    if (next.length === 0) return current;
    current = next[0] as number;
  }
  return current;
}
