/**
 * A message split into the parts an emergency can hide in: sentences and clauses, cut at ". ! ?", line breaks,
 * dashes, emoji and the words people use to change the subject ("oh and", "btw", "übrigens", "ach ja").
 */

// The words people change the subject with; a new piece starts before them (tried only at the start of a word).
const topicShift =
  /(?:oh,? and|and also|also|btw|by the way|anyway|anyways|ps|p\.s\.|one more thing|uebrigens|übrigens|nebenbei|ach ja|ach,? und|und noch was|apropos)(?![\p{L}\p{N}])/iuy;
const pictograph = /\p{Extended_Pictographic}/u;
const isSpace = (char: string | undefined) => char === " " || char === "\t" || char === "\n" || char === "\r" || char === "\u00a0";
const isDash = (char: string | undefined) => char === "-" || char === "–" || char === "—";

/** At most this many parts are judged one by one; a longer message is grouped into this many runs of parts. */
export const MAX_PARTS = 40;
/** A part of fewer words is joined to the one before it ("Oh." "Help!"). */
const MIN_WORDS = 2;

const hasWord = /[\p{L}\p{N}]/u;
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * Where a piece ends: after ". ! ? …" (a dot only before a space, so not in "38.5"), line breaks, a dash between
 * spaces or an emoji; and before a change of subject. One scan by hand: a regular expression's match objects cost
 * more than the rest of the check on a message of thousands of "?".
 */
function pieces(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  const cut = (at: number) => {
    if (at > from) out.push(text.slice(from, at));
    from = Math.max(from, at);
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === "!" || char === "?" || char === "." || char === "…") {
      let end = i;
      let strong = false;
      for (; end < text.length && ".!?…".includes(text[end] as string); end++) if (text[end] !== "." && text[end] !== "…") strong = true;
      if (strong || end === text.length || isSpace(text[end])) cut(end);
      i = end - 1;
    } else if (char === "\n") cut(i + 1);
    else if (isDash(char) && isSpace(text[i - 1]) && (isSpace(text[i + 1]) || isDash(text[i + 1]))) {
      while (isDash(text[i + 1])) i++;
      cut(i + 1);
    } else if (char.charCodeAt(0) >= 0x2000 && pictograph.test(text.slice(i, i + 2))) {
      let end = i + (char.charCodeAt(0) >= 0xd800 && char.charCodeAt(0) < 0xdc00 ? 2 : 1);
      while (text[end] === "\uFE0F" || text[end] === "\u200D") end++;
      cut(end);
      i = end - 1;
    } else if (i === 0 || isSpace(text[i - 1]) || ",;:".includes(text[i - 1] as string)) {
      topicShift.lastIndex = i;
      if (topicShift.test(text)) cut(i);
    }
  }
  cut(text.length);
  return out;
}

/** The message's parts, in order, trimmed; a message with one part gives `[]` (the whole is judged anyway). */
export function messageParts(text: string): string[] {
  const parts: string[] = [];
  let lastWords = 0;
  for (const untrimmed of pieces(text)) {
    const piece = untrimmed.trim();
    if (!hasWord.test(piece)) continue;
    const words = wordCount(piece);
    if (parts.length > 0 && (words < MIN_WORDS || lastWords < MIN_WORDS)) {
      parts[parts.length - 1] += ` ${piece}`;
      lastWords += words;
    } else {
      parts.push(piece);
      lastWords = words;
    }
  }
  if (parts.length <= 1) return [];
  if (parts.length <= MAX_PARTS) return parts;
  const size = Math.ceil(parts.length / MAX_PARTS);
  const grouped: string[] = [];
  for (let i = 0; i < parts.length; i += size) grouped.push(parts.slice(i, i + size).join(" "));
  return grouped;
}

/** What is judged of a message besides the whole: its parts, and each pair of neighbouring parts. */
export function partsAndPairs(text: string): { parts: string[]; pairs: string[] } {
  const parts = messageParts(text);
  return { parts, pairs: parts.slice(1).map((part, i) => `${parts[i]} ${part}`) };
}
