import { chmodSync, type Dirent, lstatSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

/** Group and others: any of their bits on a file or folder of ours opens it to other users of the machine. */
const GROUP_AND_OTHERS = 0o077;

/**
 * From here on, every file and folder this process (and its children: pg_dump) creates is its user's alone: 0600
 * and 0700 at most. Run first at start, before anything is written. The worker threads share it.
 */
export function keepFilesPrivate(): void {
  process.umask(GROUP_AND_OTHERS);
}

/** DATA_DIR exists and other users of the machine may read or enter it. */
export class DataDirNotPrivateError extends Error {
  constructor(
    readonly dataDir: string,
    readonly mode: number,
  ) {
    super(
      [
        `DATA_DIR ${dataDir} is open to other users of this machine (mode ${mode.toString(8).padStart(4, "0")}).`,
        "It holds the database (messages, password hashes), the mail outbox and the session secret.",
        "Make it yours alone, then start again:",
        `  chmod 700 ${shellQuoted(dataDir)}`,
      ].join("\n"),
    );
    this.name = "DataDirNotPrivateError";
  }
}

const shellQuoted = (path: string) => (/^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`);

/**
 * Creates DATA_DIR with mode 0700, or checks that an existing one is private: one that group or others may read
 * or enter stops the start (DataDirNotPrivateError, naming the chmod to run). Windows has no such modes.
 */
export function ensurePrivateDataDir(dataDir: string): void {
  const path = resolve(dataDir);
  mkdirSync(path, { recursive: true, mode: 0o700 });
  if (process.platform === "win32") return;
  const { mode } = statSync(path);
  if ((mode & GROUP_AND_OTHERS) !== 0) throw new DataDirNotPrivateError(path, mode & 0o7777);
}

/**
 * Takes group and others' access off everything under `dir`. PGlite sets some of its files' modes itself (0666,
 * 0644) whatever the umask: run as the database opens and closes, so they stay private even where a folder above
 * is not (a data dir made before this check, or copied elsewhere).
 */
export function makeTreePrivate(dir: string): void {
  if (process.platform === "win32") return;
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const paths = [dir, ...entries.filter((entry) => !entry.isSymbolicLink()).map((entry) => join(entry.parentPath, entry.name))];
  for (const path of paths) {
    try {
      // lstat, and links skipped above: chmod follows a link, and its target is not ours to change.
      const { mode } = lstatSync(path);
      if ((mode & GROUP_AND_OTHERS) !== 0) chmodSync(path, mode & 0o700);
    } catch (error) {
      // PGlite removes files (old WAL segments) while it runs.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}
