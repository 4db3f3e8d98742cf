/**
 * Redaction rules for numbers with a known shape: IBAN, payment card, German health-insurance number, German tax
 * ID, US social security number. Checksums keep look-alikes (lab values, order numbers, ISBNs) untouched; an
 * insurance number or tax ID that the text names ("KVNR: …", "Steuer-ID …") is replaced even when its check digit is
 * wrong, and after "SSN" a social security number needs no dashes.
 */
import { isLuhnValid, isValidIban, isValidInsuranceNumber, isValidSsn, isValidTaxId } from "./pii-checksums";
import { anyCase, type Candidate, cueThen, digitsOnly, type Rule, standalone, wordStart } from "./redact-rule";

export const ibanPattern = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/gi;

/** Card layouts 4-4-4-4(-3), 4-6-5 (Amex) and 4-6-4 (Diners), or 13–19 digits in one run; never the tail of an IBAN. */
export const cardPattern = new RegExp(
  `${standalone}(?:\\d{4}([ -])\\d{4}\\1\\d{4}\\1\\d{4}(?:\\1\\d{1,3})?|\\d{4}([ -])\\d{6}\\2\\d{4,5}|\\d{13,19})(?![\\w.,/-]?\\d|\\w)`,
  "g",
);

/**
 * Krankenversichertennummer (A123456780). The lead is a word that names it ("Versichertennummer", "KVNR",
 * "insurance"), possibly two words before the number ("insurance number is X 123456788").
 */
export const insuranceNumberPattern = new RegExp(
  `(?<lead>${wordStart}(?:${anyCase("versicherten|versicherungs|kvnr|krankenkass|gesundheitskarte|egk|insurance|member")})` +
    `[\\p{L}-]{0,30}(?:[^\\p{L}\\p{N}]{1,3}\\p{L}{1,20}){0,2}[^\\p{L}\\p{N}]{1,3})?\\b[A-Z] ?\\d{9}\\b`,
  "gu",
);

const taxIdCues = "steuer-?id(?:entifikationsnummer)?|steuerliche identifikationsnummer|identifikationsnummer|idnr\\.?|tax id|tin";
/** Steuer-ID: 11 digits, also grouped 2-3-3-3 ("86 095 742 719"), never inside a phone number ("+49 30 …"). */
export const taxIdPattern = new RegExp(
  `(?<lead>${cueThen(taxIdCues)})?(?<![\\p{L}\\p{N}+.,/-]|(?:\\+|00)\\d{1,3} )\\d{2}(?<sep> ?)\\d{3}\\k<sep>\\d{3}\\k<sep>\\d{3}(?![\\p{N}]|[.,/-]\\d)`,
  "gu",
);

const ssnCues = "ssn|social security(?: number| no\\.?| #)?|soc\\. sec\\.(?: no\\.?| #)?";
/** US social security number: 123-45-6789; with a cue also 123 45 6789 or 123456789. */
export const ssnPattern = new RegExp(
  `(?<lead>${cueThen(ssnCues)})?(?<![\\p{L}\\p{N}+.,/-])\\d{3}(?<sep>[- ]?)\\d{2}\\k<sep>\\d{4}(?![\\p{N}]|[.,/-]\\d)`,
  "gu",
);

/** Number rules, in the order they run (before phone numbers, which would take their digit groups). */
export const numberRules: Rule[] = [
  { kind: "iban", pattern: ibanPattern, accept: ({ value }) => isValidIban(value) },
  { kind: "card", pattern: cardPattern, accept: ({ value }) => isLuhnValid(digitsOnly(value)) },
  {
    kind: "insuranceNumber",
    pattern: insuranceNumberPattern,
    accept: ({ value, lead }) => lead !== "" || isValidInsuranceNumber(value),
  },
  { kind: "taxId", pattern: taxIdPattern, accept: ({ value, lead }) => lead !== "" || isValidTaxId(value) },
  {
    kind: "ssn",
    pattern: ssnPattern,
    // Without a cue only the dashed form: nine digits alone are too often something else.
    accept: ({ value, lead, groups }: Candidate) => isValidSsn(value) && (lead !== "" || groups.sep === "-"),
  },
];
