import { closeSync, constants, copyFileSync, existsSync, linkSync, openSync, rmSync, writeFileSync } from "node:fs";

/** FILE exists already: a backup or export never replaces one (it may be the only good copy). */
export class FileExistsError extends Error {
  constructor(readonly file: string) {
    super(`${file} exists already: choose a new name, or move the old file away first. Nothing was written.`);
    this.name = "FileExistsError";
  }
}

/** Refuses a FILE that exists (FileExistsError), before the work of writing it starts. */
export function ensureNewFile(file: string): void {
  if (existsSync(file)) throw new FileExistsError(file);
}

/** Creates FILE with `content`, mode 0600; an existing FILE (or a link there) is refused, never replaced. */
export function writeNewFile(file: string, content: string): void {
  try {
    writeFileSync(file, content, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new FileExistsError(file);
    throw error;
  }
}

/**
 * Writes FILE (mode 0600, for its owner alone) through a temporary file beside it, so a failed backup never leaves
 * half a dump under that name; FILE must not exist, then or when the dump is complete (link fails rather than replace).
 */
export async function writeAtomically(file: string, write: (temporaryFile: string) => Promise<void>): Promise<void> {
  ensureNewFile(file);
  const temporary = `${file}.partial-${process.pid}`;
  try {
    // Created here, 0600 and new (never someone else's file or link): pg_dump then writes into it as it is.
    closeSync(openSync(temporary, "wx", 0o600));
    await write(temporary);
    try {
      linkSync(temporary, file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EEXIST") throw new FileExistsError(file);
      // A file system without hard links (some network shares): a copy that also refuses an existing FILE.
      if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS") throw error;
      copyNew(temporary, file);
    }
  } finally {
    rmSync(temporary, { force: true });
  }
}

function copyNew(from: string, to: string): void {
  try {
    copyFileSync(from, to, constants.COPYFILE_EXCL);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new FileExistsError(to);
    throw error;
  }
}
