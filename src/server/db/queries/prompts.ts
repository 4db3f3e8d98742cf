import { asc, desc, eq, ne, sql } from "drizzle-orm";
import type { PromptId } from "../../../shared/values";
import { defaultPrompts, PROMPT_IDS } from "../../prompts/defaults";
import { promptCacheOf } from "../../prompts/prompt-cache";
import type { Database } from "../client";
import { promptVersions, startingPrompts } from "../schema";

const DEFAULT = "default";

/**
 * Inserts the default prompts that are missing (as version 1), and moves a prompt that only ever had default texts
 * to today's default (a new version): an upgrade reaches unedited prompts. Never overwrites an operator's text.
 */
export async function seedDefaultPrompts({ db }: { db: Database }) {
  const rows = Object.entries(defaultPrompts).map(([id, prompt]) => ({ id, prompt }));
  await db.transaction(async (tx) => {
    const inserted = await tx.insert(startingPrompts).values(rows).onConflictDoNothing().returning();
    if (inserted.length === 0) return;
    await tx
      .insert(promptVersions)
      .values(inserted.map((row) => ({ promptId: row.id, version: row.version, prompt: row.prompt, changedBy: DEFAULT })))
      .onConflictDoNothing();
  });
  const edited = await db.selectDistinct({ id: promptVersions.promptId }).from(promptVersions).where(ne(promptVersions.changedBy, DEFAULT));
  const editedIds = new Set(edited.map((row) => row.id));
  for (const row of await listPrompts({ db })) {
    const today = defaultPrompts[row.id as PromptId];
    if (today !== undefined && row.prompt !== today && !editedIds.has(row.id))
      await setPrompt({ db, id: row.id, prompt: today, changedBy: DEFAULT });
  }
}

type PromptRow = typeof startingPrompts.$inferSelect;

/** One prompt, from memory once read (src/server/prompts/prompt-cache.ts says when it is read again). */
export async function getPrompt({ db, id }: { db: Database; id: PromptId | string }): Promise<PromptRow | undefined> {
  const read = async () => {
    const [row] = await db.select().from(startingPrompts).where(eq(startingPrompts.id, id)).limit(1);
    return row;
  };
  const cache = promptCacheOf<PromptRow>(db);
  return cache ? cache.get(id, read) : read();
}

/** Every prompt: the known ones in PROMPT_IDS order (the system prompt first), then any others by id. */
export async function listPrompts({ db }: { db: Database }) {
  const known = sql.join(
    Object.values(PROMPT_IDS).map((id) => sql`${id}`),
    sql`, `,
  );
  return db
    .select()
    .from(startingPrompts)
    .orderBy(sql`array_position(array[${known}]::text[], ${startingPrompts.id}) nulls last`, asc(startingPrompts.id));
}

/** Sets a prompt's text as its next version and records who did it; returns the new row. */
export async function setPrompt({ db, id, prompt, changedBy }: { db: Database; id: string; prompt: string; changedBy: string }) {
  const row = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(startingPrompts)
      .values({ id, prompt })
      .onConflictDoUpdate({
        target: startingPrompts.id,
        set: { prompt, version: sql`${startingPrompts.version} + 1`, updatedAt: new Date() },
      })
      .returning();
    if (!row) throw new Error("prompt upsert returned no row");
    await tx.insert(promptVersions).values({ promptId: id, version: row.version, prompt, changedBy });
    return row;
  });
  // On PostgreSQL the trigger's notice comes back on another connection; the next reply here must not wait for it.
  promptCacheOf(db)?.forget();
  return row;
}

/** Every version of a prompt, newest first. */
export async function listPromptVersions({ db, id }: { db: Database; id: string }) {
  return db.select().from(promptVersions).where(eq(promptVersions.promptId, id)).orderBy(desc(promptVersions.version));
}
