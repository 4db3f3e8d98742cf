import type { Database } from "../db/client";
import { getOwnedPromptHistory, type HistoryTurn, setRedactedTexts } from "../db/queries/messages";
import type { PromptTurn, Redact } from "./prompt";

/** How a message's text goes out: `redact` is undefined when REDACT_PERSONAL_DATA is off (sent as written). */
export interface PromptTextDeps {
  redact: Redact | undefined;
}

/** The redacted text to store with a message as it is saved (null when redaction is off: made when first needed). */
export function redactedTextOf({ redact }: PromptTextDeps, text: string): string | null {
  return redact ? redact(text) : null;
}

/** A message's text as a prompt sends it: as written, or redacted (stored, or else redacted now). */
export function promptContentOf({ redact }: PromptTextDeps, message: Pick<HistoryTurn, "text" | "redactedText">): string {
  if (!redact) return message.text;
  return message.redactedText ?? redact(message.text);
}

/** A chat's newest turns for a prompt (PromptTurn) with their ids, and the redactions to store for the rows that had none. */
export interface PromptHistory {
  turns: (PromptTurn & Pick<HistoryTurn, "id">)[];
  /** Stores what was redacted now, so it is never redacted again; run it beside the model request. */
  storeRedactions: () => Promise<void>;
}

/**
 * The newest turns of a chat that a prompt of `maxTokens` can hold (a bounded read, with the owner check), each
 * as it goes out: its stored redacted text, or for a row that has none, its text redacted now (once: the result
 * is stored by `storeRedactions`). Undefined when the chat is missing or someone else's.
 */
export async function loadPromptHistory(
  { db, redact, maxTokens }: PromptTextDeps & { db: Database; maxTokens: number },
  { userId, chatId }: { userId: string; chatId: string },
): Promise<PromptHistory | undefined> {
  const rows = await getOwnedPromptHistory({ db, userId, chatId, maxTokens, redacted: redact !== undefined });
  if (!rows) return undefined;
  const redactedNow: { id: string; redactedText: string }[] = [];
  const turns = rows.map(({ id, sender, text, redactedText, status }) => {
    // A failed reply never goes out: there is nothing to redact.
    if (status === "error") return { id, sender, status, content: text };
    const content = promptContentOf({ redact }, { text, redactedText });
    if (redact && redactedText === null) redactedNow.push({ id, redactedText: content });
    return { id, sender, status, content };
  });
  return { turns, storeRedactions: () => setRedactedTexts({ db, texts: redactedNow }) };
}
