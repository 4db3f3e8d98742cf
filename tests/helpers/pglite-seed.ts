import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";

/**
 * Fills DATA_DIR/pglite from the migrated template the global setup made (tests/helpers/global-setup.ts), so
 * the server reopens a data dir (~0.2 s) instead of running initdb in it (~4 s).
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  // 0700, as the server wants DATA_DIR (it refuses one other users may read): PGlite would make it 0755.
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const template = inject("pgliteTemplatePath");
  if (!template) return;
  const db = await PGlite.create({ dataDir: join(dataDir, "pglite"), loadDataDir: new Blob([await readFile(template)]) });
  await db.close();
}
