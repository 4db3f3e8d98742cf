import { readFileSync, writeFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import { hasPgliteDatabase, openPgliteDataDir } from "../../server/db/pglite/data-dir";
import { ensureRestorable, knownSettings, type Query, wipeStatements } from "./database-contents";
import { copyHint, dumpForPglite } from "./dump-text";
import { writeAtomically } from "./write-atomically";

const queryOf =
  (client: Pick<PGlite, "query">): Query =>
  async <T>(text: string) =>
    (await client.query<T>(text)).rows;

/** Writes the embedded database as a plain SQL dump (PGlite's pg_dump; rows as INSERTs), under its lock. */
export async function backupPglite({ dataDir, file }: { dataDir: string; file: string }): Promise<void> {
  if (!hasPgliteDatabase(dataDir)) throw new Error(`There is no embedded database in ${dataDir}: check DATA_DIR (or set DATABASE_URL).`);
  const { client, close } = await openPgliteDataDir(dataDir);
  try {
    // Owners and grants name the roles of this database; the target's role owns everything restored.
    const dump = await pgDump({ pg: client, args: ["--no-owner", "--no-privileges"] });
    const text = await dump.text();
    await writeAtomically(file, async (temporary) => writeFileSync(temporary, text));
  } finally {
    await close();
  }
}

/** Loads a plain SQL dump into the embedded database (created when missing), in one transaction, under its lock. */
export async function restorePglite({ dataDir, file, force }: { dataDir: string; file: string; force: boolean }): Promise<void> {
  const dump = readFileSync(file, "utf8");
  const { client, close } = await openPgliteDataDir(dataDir);
  try {
    const query = queryOf(client);
    await ensureRestorable(query, { force, where: `The embedded database in ${dataDir}` });
    const sql = dumpForPglite(dump, await knownSettings(query));
    const wipe = force ? await wipeStatements(query) : "";
    try {
      await client.transaction(async (tx) => {
        if (wipe) await tx.exec(wipe);
        await tx.exec(sql);
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error([`Nothing was restored: ${reason}`, copyHint(dump)].filter(Boolean).join("\n"), { cause: error });
    }
  } finally {
    await close();
  }
}
