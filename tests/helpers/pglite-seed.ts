import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";

/**
 * Fills DATA_DIR/pglite from the migrated template the global setup made (tests/helpers/global-setup.ts), so
 * the server reopens a data dir (~0.2 s) instead of running initdb in it (~4 s).
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const template = inject("pgliteTemplatePath");
  if (!template) return;
  const db = await PGlite.create({ dataDir: join(dataDir, "pglite"), loadDataDir: new Blob([await readFile(template)]) });
  await db.close();
}
