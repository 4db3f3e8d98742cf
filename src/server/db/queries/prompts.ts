import { asc, eq } from "drizzle-orm";
import { defaultPrompts, type PromptId } from "../../prompts/defaults";
import type { Database } from "../client";
import { startingPrompts } from "../schema";

/** Inserts the default prompts that are missing; never overwrites an operator's text. */
export async function seedDefaultPrompts({ db }: { db: Database }) {
  const rows = Object.entries(defaultPrompts).map(([id, prompt]) => ({ id, prompt }));
  await db.insert(startingPrompts).values(rows).onConflictDoNothing();
}

export async function getPrompt({ db, id }: { db: Database; id: PromptId | string }) {
  const [row] = await db.select().from(startingPrompts).where(eq(startingPrompts.id, id)).limit(1);
  return row;
}

export async function listPrompts({ db }: { db: Database }) {
  return db.select().from(startingPrompts).orderBy(asc(startingPrompts.id));
}

export async function setPrompt({ db, id, prompt }: { db: Database; id: string; prompt: string }) {
  await db
    .insert(startingPrompts)
    .values({ id, prompt })
    .onConflictDoUpdate({ target: startingPrompts.id, set: { prompt, updatedAt: new Date() } });
}
