/**
 * Replaces personal identifiers with placeholders before a conversation is sent to the model provider.
 * Checksums (IBAN mod 97, Luhn, the insurance-number check digit) and shapes (grouped digits, street words)
 * keep doses, dates, blood pressure and lab values untouched.
 */
import { isLuhnValid, isValidIban, isValidInsuranceNumber } from "./pii-checksums";

/** Kinds of personal identifier that are replaced. */
export const piiKinds = ["email", "iban", "card", "insuranceNumber", "phone", "address"] as const;
/** One kind of personal identifier. */
export type PiiKind = (typeof piiKinds)[number];

const placeholders: Record<PiiKind, string> = {
  email: "[EMAIL]",
  iban: "[IBAN]",
  card: "[CARD]",
  insuranceNumber: "[INSURANCE_NUMBER]",
  phone: "[PHONE]",
  address: "[ADDRESS]",
};

const digitsOnly = (text: string) => text.replace(/\D/g, "");
const digitCount = (min: number, max: number) => (match: string) => digitsOnly(match).length >= min && digitsOnly(match).length <= max;

// A number with an invalid check digit is still redacted when the text names it as an insurance number.
const insuranceWord =
  /(?:versicherten|versicherungs|kvnr|krankenkass|gesundheitskarte|egk|insurance|member)[\p{L}-]*\W{0,3}(?:\p{L}+\W{1,3}){0,2}$/iu;

// Street words in either case ("Hauptstraße", "Berliner Straße", "Berliner Str."); the street name itself must
// be capitalised, so "am Morgen 2 Tabletten" is never taken for "Am Markt 3".
const streetWordsDe =
  "(?:[Ss]tra(?:ss|ß)e|[Ss]tr\\.|[Ww]eg|[Gg]asse|[Aa]llee|[Pp]latz|[Rr]ing|[Dd]amm|[Uu]fer|[Cc]haussee|[Ss]teig|[Pp]fad)";
const streetWordsEn =
  "(?:Street|St\\.?|Road|Rd\\.?|Avenue|Ave\\.?|Lane|Ln\\.?|Drive|Dr\\.?|Boulevard|Blvd\\.?|Court|Ct\\.?|Place|Way|Close|Square)";
// "Am Montag 2 Tabletten", "Am Arm 3 Stiche": time words and body parts are not streets.
const notStreetNames = new Set(
  "Montag Dienstag Mittwoch Donnerstag Freitag Samstag Sonntag Wochenende Morgen Vormittag Mittag Nachmittag Abend Tag Anfang Ende Arm Bein Kopf Knie Fuß Fuss Rücken Hals Bauch Auge Ohr Finger Zeh Po Ellbogen Handgelenk".split(
    " ",
  ),
);
// A street number is not followed by a unit or a dose ("Platz 2 Tabletten" reads as a dose, not an address).
const unitAfter =
  /^\s?(?:x\b|mal\b|mg|µg|mcg|ml|g\b|kg|cm|ie\b|%|°|uhr\b|tablette|kapsel|tropfen|stück|stunde|tag|woche|monat|jahr|minute)/i;

// Digits that continue another number ("4.000-10.000", "+49…") or sit inside an IBAN whose checksum failed
// are not the start of a card or phone number.
const standalone = "(?<![\\w+.,/-]|[A-Za-z]{2}\\d{2}(?: ?[A-Za-z0-9]{4}){0,8}[ -]?)";

type Rule = { kind: PiiKind; pattern: RegExp; accept?: (match: string, before: string, after: string) => boolean };

// Order matters: the more specific identifiers go first so their digits are not taken for phone numbers.
const rules: Rule[] = [
  // Bounded parts (64 is the longest local part) keep long runs of letters or digits from costing quadratic time.
  {
    kind: "email",
    pattern:
      /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63}){0,8}\.\p{L}{2,24}(?![\p{L}\p{N}])/gu,
  },
  { kind: "iban", pattern: /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/gi, accept: isValidIban },
  {
    // Card layouts 4-4-4-4(-3), 4-6-5 (Amex) and 4-6-4 (Diners), or 13–19 digits in one run; never the tail of an IBAN.
    kind: "card",
    pattern: new RegExp(
      `${standalone}(?:\\d{4}([ -])\\d{4}\\1\\d{4}\\1\\d{4}(?:\\1\\d{1,3})?|\\d{4}([ -])\\d{6}\\2\\d{4,5}|\\d{13,19})(?![\\w.,/-]?\\d|\\w)`,
      "g",
    ),
    accept: (match) => isLuhnValid(digitsOnly(match)),
  },
  {
    kind: "insuranceNumber",
    pattern: /\b[A-Z] ?\d{9}\b/g,
    accept: (match, before) => isValidInsuranceNumber(match) || insuranceWord.test(before.slice(-60)),
  },
  // International (+49 30 1234567, 0049 …), German (0171 1234567, 030/1234567, (030) 1234567) and US numbers.
  {
    kind: "phone",
    pattern: new RegExp(`${standalone}(?:\\+|00)[1-9]\\d{0,2}(?:[\\s./-]{0,3}\\(?\\d{1,5}\\)?){2,6}(?!\\w)`, "g"),
    accept: digitCount(8, 15),
  },
  {
    kind: "phone",
    pattern: new RegExp(`${standalone}(?:\\(0\\d{2,5}\\)\\s?|0\\d{2,5}(?:\\s?[/.-]\\s?|\\s)?)\\d{2,8}(?:[\\s.-]\\d{2,8}){0,2}\\b`, "g"),
    accept: digitCount(9, 13),
  },
  { kind: "phone", pattern: /(?:\(\d{3}\)\s?|\b\d{3}[.-])\d{3}[\s.-]\d{4}\b/g },
  {
    kind: "address",
    pattern: new RegExp(
      `\\b(?:[A-ZÄÖÜ][\\p{L}-]*${streetWordsDe}|[A-ZÄÖÜ][\\p{L}-]+ ${streetWordsDe}|(?:Am|An der) [A-ZÄÖÜ][\\p{L}-]+) \\d{1,4}(?:\\s?[a-zA-Z]\\b)?`,
      "gu",
    ),
    accept: (match, _before, after) =>
      !unitAfter.test(after) && !notStreetNames.has(match.replace(/^(?:Am|An der) /, "").split(" ")[0] ?? ""),
  },
  { kind: "address", pattern: new RegExp(`\\b\\d{1,5}[A-Za-z]? (?:[A-Z][\\p{L}-]+ ){1,3}${streetWordsEn}(?=\\W|$)`, "gu") },
];

/** Returns the text with personal identifiers replaced, and how many of each kind were found. */
export function redactPersonalData(text: string): { text: string; counts: Record<PiiKind, number> } {
  const counts = Object.fromEntries(piiKinds.map((kind) => [kind, 0])) as Record<PiiKind, number>;
  let result = text;
  for (const { kind, pattern, accept } of rules) {
    result = result.replace(pattern, (match: string, ...rest: unknown[]) => {
      const offset = rest.find((value) => typeof value === "number") as number;
      if (accept && !accept(match, result.slice(0, offset), result.slice(offset + match.length))) return match;
      counts[kind]++;
      return placeholders[kind];
    });
  }
  return { text: result, counts };
}

/** The transform the chat applies before text leaves the server (REDACT_PERSONAL_DATA, on by default). */
export function redactionFor(env: { REDACT_PERSONAL_DATA: boolean }): (text: string) => string {
  return env.REDACT_PERSONAL_DATA ? (text) => redactPersonalData(text).text : (text) => text;
}
