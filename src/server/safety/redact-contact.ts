/** Redaction rules for e-mail addresses (also written out: "name (at) domain (dot) de") and phone numbers. */
import { anyCase, type Candidate, digitCount, type Rule, standalone } from "./redact-rule";

// The local part is captured by a lookbehind from the "@" (or "(at)", " at ") back, so the search only stops there;
// a pattern that began with the local part would test every letter of a long text. Bounded parts (64 is the longest
// local part) keep long runs of letters or digits from costing quadratic time.
const localChar = "[\\p{L}\\p{N}._%+-]";
// Written-out addresses may spell the dots of the local part too: "anna dot mueller at gmail dot com".
const localBefore = (anchor: string, space = "", spelledDot?: string) => {
  const spelledParts = spelledDot ? `(?:${localChar}{1,64}${spelledDot}){0,2}` : "";
  return `(?<=(?<!${localChar})(?<before>${spelledParts}${localChar}{1,64}${space})${anchor})`;
};
const label = "[\\p{L}\\p{N}-]{1,63}";

/** name@domain.tld */
export const emailPattern = new RegExp(`@${localBefore("@")}${label}(?:\\.${label}){0,8}\\.\\p{L}{2,24}(?![\\p{L}\\p{N}])`, "gu");

// "(at)", "[at]", "{at}", "<at>", with or without spaces; "(dot)", "[punkt]" likewise. Label characters never
// include spaces, brackets or dots, so the parts cannot trade characters.
const bracketedAt = `[([{<]\\s?(?:${anyCase("at|ät")}|@)\\s?[)\\]}>]`;
const bracketedDot = `\\s?[([{<]\\s?(?:${anyCase("dot|punkt")})\\s?[)\\]}>]\\s?`;
const spokenDot = `\\s(?:${anyCase("dot|punkt")})\\s`;
const spokenAt = `\\s${anyCase("at")}\\s`;

/** name(at)domain.de, name [at] domain [dot] com: a bracketed "at" is never prose. */
export const bracketedEmailPattern = new RegExp(
  `${bracketedAt}${localBefore(bracketedAt, "\\s?", `(?:${bracketedDot}|${spokenDot})`)}\\s?${label}(?:(?:\\.|${bracketedDot}|${spokenDot})${label}){1,9}(?![\\p{L}\\p{N}])`,
  "gu",
);

/**
 * name at domain dot com: a plain "at" only counts with a written-out "dot" and a common top-level domain, so
 * "at home", "tablets at 8" and "look at nhs.uk" stay. Domains that are also words ("at", "it", "me") are left out.
 */
export const spokenEmailPattern = new RegExp(
  `${spokenAt}${localBefore(spokenAt, "", `(?:${bracketedDot}|${spokenDot})`)}${label}(?:(?:${bracketedDot}|${spokenDot})${label}){1,9}(?![\\p{L}\\p{N}])`,
  "gu",
);
const spokenTopLevelDomains = new Set(["com", "de", "org", "net", "ch", "eu", "info", "edu", "gov", "uk", "nl", "fr", "biz"]);
const topLevelDomain = (value: string) =>
  value
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]/u)
    .at(-1) ?? "";

/** +49 30 1234567, 0049 …, +1 555 123 4567. Each digit group is taken whole (no digit may follow it), so a long
 * run of digits is split one way only. */
export const internationalPhonePattern = new RegExp(
  `${standalone}(?:\\+|00)[1-9]\\d{0,2}(?:[\\s./-]{0,3}(?:\\(\\d{1,5}\\)|\\d{1,14}(?!\\d))){1,6}(?!\\w)`,
  "g",
);
/** 0171 1234567, 030/1234567, (030) 1234567, 089 / 123 456 78 */
export const germanPhonePattern = new RegExp(
  `${standalone}(?:\\(0\\d{2,5}\\)\\s?|0\\d{2,5}(?:\\s?[/.-]\\s?|\\s)?)\\d{2,8}(?:[\\s.-]\\d{2,8}){0,2}\\b`,
  "g",
);
/** (555) 123-4567, 555-123-4567 */
export const usPhonePattern = /(?:\(\d{3}\)\s?|\b\d{3}[.-])\d{3}[\s.-]\d{4}\b/g;

/** E-mail rules, in the order they run. */
export const emailRules: Rule[] = [
  { kind: "email", pattern: emailPattern },
  { kind: "email", pattern: bracketedEmailPattern },
  {
    kind: "email",
    pattern: spokenEmailPattern,
    accept: ({ value }: Candidate) => spokenTopLevelDomains.has(topLevelDomain(value)),
  },
];

/** Phone rules, in the order they run. */
export const phoneRules: Rule[] = [
  { kind: "phone", pattern: internationalPhonePattern, accept: digitCount(8, 15) },
  { kind: "phone", pattern: germanPhonePattern, accept: digitCount(9, 13) },
  { kind: "phone", pattern: usPhonePattern },
];
