import { type ChatListItem, type ChatSummary, SNIPPET_MAX_CHARS } from "../../shared/schemas/chat";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// Markdown's emphasis and code marks, which would only clutter one line of plain text.
const markup = /\*\*|__|`+/g;

/**
 * The part of `text` around the first match of `search` (as ILIKE found it: any case), at most SNIPPET_MAX_CHARS
 * long with "…" where it was cut, on one line; undefined when the match is not found.
 */
export function snippetAround(text: string, search: string, max = SNIPPET_MAX_CHARS): string | undefined {
  const flat = text.replace(markup, "").replace(/\s+/g, " ").trim();
  const words = search.replace(/\s+/g, " ").trim();
  if (!words) return undefined;
  const found = new RegExp(escapeRegExp(words), "iu").exec(flat);
  if (!found) return undefined;
  const room = max - 2; // an "…" at either end
  const matchEnd = found.index + found[0].length;
  // A third of the room before the match, the rest after it; a match longer than the room is cut at its end.
  let start = Math.max(0, Math.min(found.index - Math.floor((room - found[0].length) / 3), flat.length - room));
  if (found[0].length >= room) start = found.index;
  let end = Math.min(flat.length, start + room);
  // Whole words at the cuts, unless that would leave out part of the match.
  if (start > 0) {
    const space = flat.indexOf(" ", start);
    if (space !== -1 && space < found.index && space - start < 20) start = space + 1;
  }
  if (end < flat.length) {
    const space = flat.lastIndexOf(" ", end);
    if (space > matchEnd && end - space < 20) end = space;
  }
  return `${start > 0 ? "…" : ""}${flat.slice(start, end).trim()}${end < flat.length ? "…" : ""}`;
}

/** A chat of the history as the list sends it: with the snippet of its matching message, if that is why it matched. */
export function withSnippet(
  { matchedText, ...chat }: ChatSummary & { matchedText: string | null },
  search: string | undefined,
): ChatListItem {
  const snippet = matchedText && search ? snippetAround(matchedText, search) : undefined;
  return snippet ? { ...chat, snippet } : chat;
}
