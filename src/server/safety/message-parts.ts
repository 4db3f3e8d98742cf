/**
 * A message split into the parts an emergency can hide in: sentences and clauses, cut at ". ! ?", line breaks,
 * dashes, emoji and the words people use to change the subject ("oh and", "btw", "übrigens", "ach ja").
 */

// The words people change the subject with; a new piece starts before them (tried only at the start of a word).
const topicShift =
  /(?:oh,? and|and also|also|btw|by the way|anyway|anyways|ps|p\.s\.|one more thing|uebrigens|übrigens|nebenbei|ach ja|ach,? und|und noch was|apropos)(?![\p{L}\p{N}])/iuy;
/**
 * Words that, capitalised after a word with no full stop, start a new sentence someone did not end ("cant breathe
 * Hi, I wanted to ask…"). Only words never capitalised mid-sentence: function words, greetings; in German no nouns.
 */
const sentenceOpener = new RegExp(
  `(?:${[
    ...["My", "Our", "Your", "The", "This", "That", "These", "It", "It's", "He", "He's"],
    ...["She", "She's", "We", "We're", "We've", "They", "They're", "There", "Is", "Are", "Am", "Was", "Were", "Do", "Does", "Did"],
    ...["Can", "Could", "Should", "Would", "Will", "Have", "Has", "What", "How", "Why", "When", "Where", "Which", "Who", "Any"],
    ...["Hi", "Hello", "Hey", "Hiya", "Dear", "Good", "Thanks", "Thank", "Sorry", "Please", "However", "Otherwise", "So", "But"],
    ...["Ich", "Er", "Es", "Wir", "Mein", "Meine", "Meinem", "Meinen", "Meiner", "Unser", "Unsere", "Die", "Der", "Das", "Ein"],
    ...["Eine", "Gibt", "Und", "Aber", "Oder", "Hallo", "Servus", "Grüezi", "Grüß", "Moin", "Sehr", "Guten", "Liebe", "Lieber"],
    ...["Danke", "Vielen", "Ist", "Sind", "War", "Was", "Welche", "Welcher", "Welches", "Wie", "Wo", "Warum", "Wann", "Wer"],
    ...["Soll", "Sollte", "Kann", "Können", "Könnte", "Könnten", "Würde", "Würden", "Muss", "Darf", "Habe", "Hab", "Haben"],
    ...["Hat", "Hast", "Habt", "Bin", "Seit", "Mit", "Wenn", "Mir", "Mich", "Im", "Bei", "Nach", "Nur", "Kein", "Keine", "Leider"],
    ...["Allerdings", "Normalerweise", "Außerdem", "Ansonsten", "Trotzdem", "Jetzt", "Gestern", "Heute"],
  ].join("|")})(?![\\p{L}\\p{N}])`,
  "uy",
);
/**
 * "I" starts a sentence as often as it goes on one ("in 2023 I had", "now I am fine"), so it counts as an opener only
 * after a clause of 4 words or more that ends in a word other than these.
 */
const iOpener = /I(?:'[a-z]+|m|ve|d|ll)?(?![\p{L}\p{N}])/uy;
const continuesBeforeI =
  /(?:^|\s)(?:and|but|or|so|if|when|whenever|that|because|cause|cuz|as|since|until|till|while|than|what|where|how|why|which|who|whether|then|though|tho|before|after|once|unless|do|did|can|could|should|would|will|have|had|am|was|think|know|mean|guess|hope|feel|felt|said|wish|now|today|tonight|yesterday|morning|evening|night|week|month|year|ago|later|earlier|recently|also|too|sometimes|usually|always|never|often)$/i;
const MIN_WORDS_BEFORE_I = 4;
const pictograph = /\p{Extended_Pictographic}/u;
const isSpace = (char: string | undefined) => char === " " || char === "\t" || char === "\n" || char === "\r" || char === "\u00a0";
const endsWord = /[\p{L}\p{N}%)°]/u;
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
      if (topicShift.test(text) || startsRunOnSentence(text, i, from)) cut(i);
    }
  }
  cut(text.length);
  return out;
}

/** Whether a sentence someone did not end with a full stop gives way to a new one at `i` (see sentenceOpener). */
function startsRunOnSentence(text: string, i: number, from: number): boolean {
  const char = text[i] as string;
  if (i === 0 || char.toLowerCase() === char || !isSpace(text[i - 1]) || !endsWord.test(text[i - 2] ?? "")) return false;
  sentenceOpener.lastIndex = i;
  if (sentenceOpener.test(text)) return true;
  iOpener.lastIndex = i;
  if (!iOpener.test(text) || !/\p{Ll}/u.test(text[i - 2] ?? "")) return false;
  // At most 60 characters back: enough for 4 words, and linear on a text of "and I and I…".
  const before = text.slice(Math.max(from, i - 61), i - 1);
  return wordCount(before) >= MIN_WORDS_BEFORE_I && !continuesBeforeI.test(before.slice(-12));
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

/**
 * Runs of three parts are judged up to this length (an emergency told in three short sentences inside a longer
 * message); beyond it they would nearly double the check's time on the longest messages.
 */
export const MAX_TRIPLES_LENGTH = 2000;

/** What is judged of a message besides the whole: its parts, and each run of two and of three neighbouring parts. */
export function messageSpans(text: string): { parts: string[]; pairs: string[]; triples: string[] } {
  const parts = messageParts(text);
  const runs = (size: number) => parts.slice(size - 1).map((_, i) => parts.slice(i, i + size).join(" "));
  return { parts, pairs: runs(2), triples: text.length > MAX_TRIPLES_LENGTH ? [] : runs(3) };
}
