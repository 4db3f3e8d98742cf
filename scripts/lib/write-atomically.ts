import { renameSync, rmSync } from "node:fs";

/** Writes FILE through a temporary file beside it, so a failed backup never leaves half a dump under that name. */
export async function writeAtomically(file: string, write: (temporaryFile: string) => Promise<void>): Promise<void> {
  const temporary = `${file}.partial-${process.pid}`;
  try {
    await write(temporary);
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}
