import { eq } from "drizzle-orm";
import type { DisplaySettings, Language } from "../../../shared/schemas/profile";
import type { Database } from "../client";
import { profiles } from "../schema";

export async function getProfile({ db, userId }: { db: Database; userId: string }) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row;
}

/** Sets the language, creating the profile when it is missing (spec section 4). */
export async function saveLanguage({ db, userId, languageCode }: { db: Database; userId: string; languageCode: Language }) {
  const [row] = await db
    .insert(profiles)
    .values({ userId, languageCode })
    .onConflictDoUpdate({ target: profiles.userId, set: { languageCode, updatedAt: new Date() } })
    .returning();
  return row;
}

/** Sets the text size and theme, creating the profile when it is missing. */
export async function saveDisplaySettings({ db, userId, settings }: { db: Database; userId: string; settings: DisplaySettings }) {
  const [row] = await db
    .insert(profiles)
    .values({ userId, ...settings })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...settings, updatedAt: new Date() } })
    .returning();
  return row;
}
