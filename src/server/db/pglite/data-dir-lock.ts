import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { dirname, resolve } from "node:path";
import { z } from "zod";

const lockHolderSchema = z.object({
  pid: z.number().int().positive(),
  hostname: z.string(),
  /** When the holding process started. */
  startedAt: z.iso.datetime(),
});
type LockHolder = z.infer<typeof lockHolderSchema>;

/** The lock file of a PGlite data dir: beside it, so PGlite's own files stay untouched. */
export const lockFileOf = (dataDir: string) => `${resolve(dataDir)}.lock`;

/** Another process (or one whose lock file cannot be read) has the embedded database open. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(lockedMessage(resolve(dataDir), holder));
    this.name = "DataDirLockedError";
  }
}

function lockedMessage(dataDir: string, holder: LockHolder | undefined): string {
  const lockFile = lockFileOf(dataDir);
  const who = holder
    ? `process ${holder.pid} on ${holder.hostname === hostname() ? "this machine" : `the host ${holder.hostname}`}, running since ${holder.startedAt}`
    : `a process that left an unreadable lock file (${lockFile})`;
  return [
    `The embedded database in ${dataDir} is in use by ${who}.`,
    "PGlite lets one process at a time open it; a second one could corrupt it.",
    "While the server runs, use its operator dashboard instead, or stop the server and run this command again.",
    'To run several processes on one database, move to PostgreSQL (DATABASE_URL; see "Scale" in docs/operations.md).',
    ...(holder?.hostname === hostname() ? [] : [`If no process uses it any more, delete ${lockFile}.`]),
  ].join("\n");
}

/** The lock files this process holds: a lock naming this process's id but not listed here is a former process's. */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readLockFile(lockFile: string): string | undefined {
  try {
    return readFileSync(lockFile, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function removeIfUnchanged(lockFile: string, content: string) {
  if (readLockFile(lockFile) !== content) return;
  try {
    unlinkSync(lockFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

function parseHolder(content: string): LockHolder | undefined {
  try {
    return lockHolderSchema.parse(JSON.parse(content));
  } catch {
    return undefined; // unreadable: reported as such, never taken over
  }
}

/**
 * Takes the data dir's lock for this process, or throws DataDirLockedError. A lock left by a process that no
 * longer runs on this host (killed, crashed) is taken over; one from another host cannot be checked and stays.
 * Returns the release function, which also runs when the process exits without releasing.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = lockFileOf(dataDir);
  mkdirSync(dirname(lockFile), { recursive: true, mode: 0o700 });
  const startedAt = new Date(Date.now() - process.uptime() * 1000).toISOString();
  const mine = JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt } satisfies LockHolder);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(lockFile, mine, { flag: "wx", mode: 0o600 });
      return holdLock(lockFile, mine);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const content = readLockFile(lockFile);
    if (content === undefined) continue; // released in between: try again
    const holder = parseHolder(content);
    if (!holder || !isStale(lockFile, holder)) throw new DataDirLockedError(dataDir, holder);
    // Stale. Remove it only if it is still the same stale lock, not one a third process has just taken over.
    removeIfUnchanged(lockFile, content);
  }
  throw new DataDirLockedError(dataDir, parseHolder(readLockFile(lockFile) ?? ""));
}

/**
 * Only a lock from this host can be checked. Its process id may belong to this very process when it restarted in a
 * container, where process ids start again from 1 (then this process holds no such lock yet).
 */
function isStale(lockFile: string, holder: LockHolder): boolean {
  if (holder.hostname !== hostname()) return false;
  if (holder.pid === process.pid) return !heldHere.has(lockFile);
  return !isAlive(holder.pid);
}

function holdLock(lockFile: string, mine: string): () => void {
  heldHere.add(lockFile);
  const release = () => {
    process.off("exit", release);
    heldHere.delete(lockFile);
    removeIfUnchanged(lockFile, mine);
  };
  process.on("exit", release);
  return release;
}
