/**
 * Redaction rules that need a cue before the value: a date is a date of birth only after "born", "DOB",
 * "geb.", "Geburtsdatum" …, and an id is a patient or case number only after words that say so. The cue stays in
 * the text ("DOB: [DATE_OF_BIRTH]"), so the model still knows what was there.
 */
import { anyCase, cueThen, type Rule, wordStart } from "./redact-rule";

// An id: up to four letters, then a digit and at least two more letters, digits, "/" or "-" ("AB-1234",
// "2024/12345", "98765"). Shorter numbers ("patient number 3 in the queue") are not ids.
const id = "[A-Za-z]{0,4}[-/ ]?\\d[A-Za-z0-9/-]{2,30}(?![\\p{L}\\p{N}])";

const patientIdCues =
  "patient(?:en)?[- ]?(?:number|nummer|no\\.?|nr\\.?|id|#)|pat\\.-?nr\\.?|fall-?(?:nummer|nr\\.?)|case (?:number|no\\.?)" +
  "|aufnahme-?(?:nummer|nr\\.?)|medical record (?:number|no\\.?)|mrn";
/** Patientennummer 98765, patient ID: AB-1234, Fallnummer 2024/12345 */
export const patientIdPattern = new RegExp(`(?<lead>${cueThen(patientIdCues)})${id}`, "gu");

const insuranceIdCues =
  "versicherten-?(?:nummer|nr\\.?)|versicherungs-?(?:nummer|nr\\.?)|mitglieds-?(?:nummer|nr\\.?)|insurance (?:number|no\\.?|id)|member (?:number|no\\.?|id)";
/** Versichertennummer 123456789 (private insurers' numbers have no fixed shape) */
export const insuranceIdPattern = new RegExp(`(?<lead>${cueThen(insuranceIdCues)})${id}`, "gu");

const months =
  "jan(?:uary|uar)?|feb(?:ruary|ruar)?|mar(?:ch)?|märz|maerz|apr(?:il)?|may|mai|jun(?:e|i)?|jul(?:y|i)?|aug(?:ust)?" +
  "|sep(?:t(?:ember)?)?|oct(?:ober)?|okt(?:ober)?|nov(?:ember)?|dec(?:ember)?|dez(?:ember)?";
const month = `(?:${anyCase(months)})(?![\\p{L}])\\.?`;
const ordinal = anyCase("st|nd|rd|th");
const year = "(?:\\d{4}|'?\\d{2})";
// 12/03/1985, 12-03-85, 12.3.85, 12. 3. 1985, 12.03. (the day and month alone are enough with a cue),
// 1985-03-12, 3. März 1985, 3rd of March 1985, March 3, 1985.
const date =
  `(?:\\d{1,2}[/-]\\d{1,2}[/-]${year}|\\d{1,2}\\.\\s?\\d{1,2}\\.(?:\\s?${year})?|\\d{4}[-/]\\d{1,2}[-/]\\d{1,2}` +
  `|\\d{1,2}(?:\\.|${ordinal})?\\s?(?:${anyCase("of")}\\s)?${month}(?:,?\\s${year})?|${month}\\s\\d{1,2}(?:${ordinal})?(?:,?\\s${year})?)(?![\\p{N}])`;

const birthCues = "born|birthday|birth ?date|date of birth|d\\.?o\\.?b\\.?|geb\\.?-?dat(?:um|\\.)?|geb\\.|geboren|geburtsdatum|geburtstag";
/** born 12/03/1985, DOB: 1985-03-12, geb. 12.03.1985, geboren am 3. März 1985; not "on 2026-01-05" or "born in 1985" */
export const dateOfBirthPattern = new RegExp(`(?<lead>${cueThen(birthCues)})${date}`, "gu");

/** German puts the cue last: "Ich bin am 12.03.1985 geboren", "am 3. März 1985 in Köln geboren". */
export const dateBeforeBornPattern = new RegExp(
  `${wordStart}${date}(?=[^\\p{L}\\p{N}\\n]{1,3}(?:\\p{L}{1,20}[^\\p{L}\\p{N}\\n]{1,3}){0,3}${anyCase("geboren")}(?![\\p{L}]))`,
  "gu",
);

/** Cued rules, in the order they run (before phone numbers, which would take the digits of an id or a date). */
export const cuedRules: Rule[] = [
  { kind: "insuranceNumber", pattern: insuranceIdPattern },
  { kind: "patientId", pattern: patientIdPattern },
  { kind: "dateOfBirth", pattern: dateOfBirthPattern },
  { kind: "dateOfBirth", pattern: dateBeforeBornPattern },
];
