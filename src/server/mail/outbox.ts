import { readdir, readFile, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { normalizeEmail } from "../../shared/email";

/** Where mail goes when no SMTP server is configured: DATA_DIR/outbox, one .eml file per mail. */
export const outboxDirOf = (dataDir: string) => join(resolve(dataDir), "outbox");

/** The .eml files in the outbox; none when it does not exist (SMTP is configured, or nothing was sent yet). */
async function outboxFiles(outboxDir: string): Promise<string[]> {
  try {
    return (await readdir(outboxDir)).filter((name) => name.endsWith(".eml")).map((name) => join(outboxDir, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** Deletes a file that another process (or an earlier pass) may have deleted already. */
const remove = (file: string) => rm(file, { force: true });

/**
 * Deletes outbox mails written before `now - olderThanSeconds`. Their links (reset tokens) have expired by
 * then, and each mail names a person by their address. Returns how many were deleted.
 */
export async function pruneOutbox({ outboxDir, olderThanSeconds, now }: { outboxDir: string; olderThanSeconds: number; now: Date }) {
  const cutoff = now.getTime() - olderThanSeconds * 1000;
  let deleted = 0;
  for (const file of await outboxFiles(outboxDir)) {
    const written = await stat(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
    if (written && written.mtimeMs < cutoff) {
      await remove(file);
      deleted++;
    }
  }
  return deleted;
}

/** The addresses in a mail's To header (headers unfolded; nodemailer writes `To: a@example.com`). */
export function recipientsOf(raw: string): string[] {
  const head = raw.replace(/\r\n/g, "\n").split("\n\n", 1)[0] ?? "";
  const to = head
    .replace(/\n[ \t]+/g, " ")
    .split("\n")
    .find((line) => /^to:/i.test(line));
  return to ? (to.slice(3).match(/[^\s<>,;"]+@[^\s<>,;"]+/g) ?? []).map(normalizeEmail) : [];
}

/** Deletes every outbox mail addressed to this e-mail (on account deletion). Returns how many were deleted. */
export async function deleteOutboxMailTo({ outboxDir, email }: { outboxDir: string; email: string }) {
  const address = normalizeEmail(email);
  let deleted = 0;
  for (const file of await outboxFiles(outboxDir)) {
    const raw = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return "";
      throw error;
    });
    if (recipientsOf(raw).includes(address)) {
      await remove(file);
      deleted++;
    }
  }
  return deleted;
}
