/**
 * The shape shared by the redaction rules (redact-*.ts). A rule's pattern finds a candidate; `accept` (checksums,
 * shapes, the words around it) decides whether it is personal data. Every pattern must run in linear time:
 * bounded or non-overlapping quantifiers only (tests/safety/linear-time.test.ts feeds them 8,000 hostile characters).
 */

/** Kinds of personal identifier that are replaced. */
export const piiKinds = [
  "email",
  "iban",
  "card",
  "insuranceNumber",
  "taxId",
  "ssn",
  "patientId",
  "dateOfBirth",
  "phone",
  "address",
] as const;
/** One kind of personal identifier. */
export type PiiKind = (typeof piiKinds)[number];

/**
 * A candidate: `value` is what would be replaced; `lead` is a cue matched with it ("DOB: ", "Fallnummer ") that stays
 * in the text; `groups` are the pattern's named groups; `after` is the text that follows (at most 40 characters).
 * A group named `before`, captured by a lookbehind that ends where the match starts, belongs to the value: patterns
 * start at a cheap anchor ("@", " at ", the house number) and look back for the rest ("name" in "name@…").
 */
export type Candidate = { value: string; lead: string; groups: Partial<Record<string, string>>; after: string };

/** A pattern (global flag), what it finds, and an optional check of each candidate. */
export type Rule = { kind: PiiKind; pattern: RegExp; accept?: (candidate: Candidate) => boolean };

/** The digits of a match ("4111 1111-1111" → "411111111111"). */
export const digitsOnly = (text: string) => text.replace(/\D/g, "");

/** Accepts a candidate whose digit count lies between min and max. */
export const digitCount = (min: number, max: number) => (candidate: Candidate) => {
  const count = digitsOnly(candidate.value).length;
  return count >= min && count <= max;
};

/**
 * Digits that continue another number ("4.000-10.000", "+49…") or sit inside an IBAN whose checksum failed are not
 * the start of a card, phone or tax number.
 */
export const standalone = "(?<![\\w+.,/-]|[A-Za-z]{2}\\d{2}(?: ?[A-Za-z0-9]{4}){0,8}[ -]?)";

/** A word start that knows umlauts (`\b` only knows ASCII letters, so it sits between "a" and "ä"). */
export const wordStart = "(?<![\\p{L}\\p{N}_])";
/** A word end that knows umlauts. */
export const wordEnd = "(?![\\p{L}\\p{N}_])";

/**
 * A cue word or phrase, then what usually sits between it and the value: punctuation, and up to two connecting
 * words ("DOB: ", "geboren am ", "patient ID is "). Letters and non-letters alternate, so it never backtracks far.
 */
export function cueThen(cues: string, connectors = "is|was|ist|war|lautet|am|on|the|der|den"): string {
  return `${wordStart}(?:${anyCase(cues)})(?![\\p{L}])[^\\p{L}\\p{N}\\n]{0,4}(?:(?:${anyCase(connectors)})(?![\\p{L}])[^\\p{L}\\p{N}\\n]{1,3}){0,2}`;
}

/**
 * Lower-case words for a pattern, matched in any case ("dob" → "[dD][oO][bB]"). The `i` flag would do it, but with
 * `u` it turns `[A-Z]` into a Unicode class that is slow on every character. Only for plain words: a letter after a
 * backslash is left alone, and escapes with letters ("\s", "\d") must not be used.
 */
export function anyCase(words: string): string {
  return words.replace(/(?<!\\)[a-zäöü]/g, (letter) => `[${letter}${letter.toUpperCase()}]`);
}

/** A number that names a quantity or a dose, not a house number or a postcode ("Platz 2 Tabletten", "10000 Schritte"). */
export const unitAfter =
  /^\s?(?:x\b|mal\b|times\b|mg|µg|mcg|ml|g\b|kg|cm|km|m\b|l\b|liter|litre|ie\b|iu\b|%|°|€|\$|uhr\b|euro|dollar|tablette|tablet|kapsel|capsule|pill|tropfen|drop|stück|stunde|hour|tag|day|woche|week|monat|month|jahr|year|minute|sekunde|second|schritt|step|einheit|unit|kalorie|kcal|calorie)/i;
