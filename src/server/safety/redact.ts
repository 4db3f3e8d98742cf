/**
 * Replaces personal identifiers with placeholders before a conversation is sent to the model provider.
 * Checksums (IBAN mod 97, Luhn, the insurance-number and tax-ID check digits, the SSA's number ranges), shapes
 * (grouped digits, street words) and cues ("DOB", "Fallnummer") keep doses, dates, blood pressure and lab values
 * untouched. The rules live in redact-{contact,numbers,cued,address}.ts.
 */
import {
  addressRules,
  englishStreetPattern,
  germanStreetPattern,
  lowerCaseEnglishStreetPattern,
  postcodeCityPattern,
} from "./redact-address";
import {
  bracketedEmailPattern,
  emailPattern,
  emailRules,
  germanPhonePattern,
  internationalPhonePattern,
  phoneRules,
  spokenEmailPattern,
  usPhonePattern,
} from "./redact-contact";
import { cuedRules, dateBeforeBornPattern, dateOfBirthPattern, insuranceIdPattern, patientIdPattern } from "./redact-cued";
import { cardPattern, ibanPattern, insuranceNumberPattern, numberRules, ssnPattern, taxIdPattern } from "./redact-numbers";
import { type PiiKind, piiKinds, type Rule, unitAfter } from "./redact-rule";

export { type PiiKind, piiKinds };

const placeholders: Record<PiiKind, string> = {
  email: "[EMAIL]",
  iban: "[IBAN]",
  card: "[CARD]",
  insuranceNumber: "[INSURANCE_NUMBER]",
  taxId: "[TAX_ID]",
  ssn: "[SSN]",
  patientId: "[PATIENT_ID]",
  dateOfBirth: "[DATE_OF_BIRTH]",
  phone: "[PHONE]",
  address: "[ADDRESS]",
};

// Order matters: the more specific identifiers go first so their digits are not taken for phone numbers or
// house numbers.
const rules: Rule[] = [...emailRules, ...numberRules, ...cuedRules, ...phoneRules, ...addressRules];

/** Every pattern the redaction uses, by name (tests/safety/linear-time.test.ts checks that each runs in linear time). */
export const redactionPatterns: Record<string, RegExp> = {
  emailPattern,
  bracketedEmailPattern,
  spokenEmailPattern,
  ibanPattern,
  cardPattern,
  insuranceNumberPattern,
  taxIdPattern,
  ssnPattern,
  insuranceIdPattern,
  patientIdPattern,
  dateOfBirthPattern,
  dateBeforeBornPattern,
  internationalPhonePattern,
  germanPhonePattern,
  usPhonePattern,
  germanStreetPattern,
  englishStreetPattern,
  lowerCaseEnglishStreetPattern,
  postcodeCityPattern,
  unitAfter,
};

/** Returns the text with personal identifiers replaced, and how many of each kind were found. */
export function redactPersonalData(text: string): { text: string; counts: Record<PiiKind, number> } {
  const counts = Object.fromEntries(piiKinds.map((kind) => [kind, 0])) as Record<PiiKind, number>;
  let result = text;
  for (const rule of rules) result = applyRule(result, rule, counts);
  return { text: result, counts };
}

function applyRule(text: string, { kind, pattern, accept }: Rule, counts: Record<PiiKind, number>): string {
  let output = "";
  let copied = 0;
  // exec() on the shared pattern, not matchAll(), which would compile a fresh copy of it on every call.
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match[0] === "") {
      pattern.lastIndex++; // no rule matches nothing, but an empty match must not stop the loop
      continue;
    }
    const groups: Partial<Record<string, string>> = match.groups ?? {};
    const lead = groups.lead ?? "";
    const before = groups.before ?? "";
    const start = match.index - before.length;
    const end = match.index + match[0].length;
    // A lookbehind may reach back into a replacement this rule has just made.
    if (start < copied) continue;
    const candidate = { value: `${before}${match[0].slice(lead.length)}`, lead, groups, after: text.slice(end, end + 40) };
    if (accept && !accept(candidate)) continue;
    counts[kind]++;
    output += `${text.slice(copied, start)}${lead}${placeholders[kind]}`;
    copied = end;
  }
  return output + text.slice(copied);
}

/** The transform the chat applies before text leaves the server (REDACT_PERSONAL_DATA, on by default); undefined when off. */
export function redactionFor(env: { REDACT_PERSONAL_DATA: boolean }): ((text: string) => string) | undefined {
  return env.REDACT_PERSONAL_DATA ? (text) => redactPersonalData(text).text : undefined;
}
