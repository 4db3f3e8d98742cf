import { describe, expect, it } from "vitest";
import { isLuhnValid, isValidIban, isValidInsuranceNumber, isValidSsn, isValidTaxId } from "../../src/server/safety/pii-checksums";
import { piiKinds, redactionFor, redactPersonalData } from "../../src/server/safety/redact";
import { ruleCases } from "./redact-cases";

const redacted: [language: "en" | "de", input: string, expected: string][] = [
  // e-mail
  ["en", "Mail me at anna.mueller@example.de please", "Mail me at [EMAIL] please"],
  ["de", "Meine Adresse: jürgen.groß@beispiel-mail.de", "Meine Adresse: [EMAIL]"],
  // phone
  ["de", "Ruf mich an: 0171 1234567", "Ruf mich an: [PHONE]"],
  ["de", "Festnetz 030/1234567", "Festnetz [PHONE]"],
  ["de", "Praxis (030) 1234567 oder 089 / 123 456 78", "Praxis [PHONE] oder [PHONE]"],
  ["de", "Handy: 0176-12345678.", "Handy: [PHONE]."],
  ["de", "erreichbar unter +49 30 12345678 oder 0049 171 1234567", "erreichbar unter [PHONE] oder [PHONE]"],
  ["de", "+49 (0)30 1234567", "[PHONE]"],
  ["en", "my number is 0151 23456789", "my number is [PHONE]"],
  ["en", "Call (555) 123-4567 or 555-123-4567", "Call [PHONE] or [PHONE]"],
  ["en", "US: +1 555 123 4567", "US: [PHONE]"],
  ["en", "UK: +44 20 7946 0958", "UK: [PHONE]"],
  // IBAN (mod-97 valid only)
  ["de", "IBAN DE89 3704 0044 0532 0130 00 für die Rechnung", "IBAN [IBAN] für die Rechnung"],
  ["de", "iban de89370400440532013000", "iban [IBAN]"],
  ["en", "pay to GB82 WEST 1234 5698 7654 32", "pay to [IBAN]"],
  // cards (Luhn valid only)
  ["en", "card 4111 1111 1111 1111 was charged", "card [CARD] was charged"],
  ["de", "Karte 5500-0000-0000-0004", "Karte [CARD]"],
  ["en", "Amex 3714 496353 98431", "Amex [CARD]"],
  ["en", "card number 371449635398431", "card number [CARD]"],
  // German health-insurance number: valid check digit, or any letter + 9 digits named as one
  ["de", "Versichertennummer A123456780", "Versichertennummer [INSURANCE_NUMBER]"],
  ["de", "Meine Nummer auf der Karte ist Z987654321", "Meine Nummer auf der Karte ist [INSURANCE_NUMBER]"],
  ["de", "KVNR: A123456789 (Tippfehler?)", "KVNR: [INSURANCE_NUMBER] (Tippfehler?)"],
  ["en", "my insurance number is X 123456788", "my insurance number is [INSURANCE_NUMBER]"],
  // addresses
  ["de", "Ich wohne in der Hauptstraße 12 in Berlin", "Ich wohne in der [ADDRESS] in Berlin"],
  ["de", "Musterweg 5a", "[ADDRESS]"],
  ["de", "Am Markt 3, 2. Stock", "[ADDRESS], 2. Stock"],
  ["de", "Berliner Str. 45 und Berliner Straße 45b", "[ADDRESS] und [ADDRESS]"],
  ["de", "Praxis Dr. Müller, Lindenallee 7, 50667 Köln", "Praxis Dr. Müller, [ADDRESS], [ADDRESS]"],
  ["de", "Kaiser-Wilhelm-Straße 101", "[ADDRESS]"],
  ["en", "I live at 221B Baker Street, London", "I live at [ADDRESS], London"],
  ["en", "1600 Pennsylvania Avenue", "[ADDRESS]"],
  ["en", "send it to 12 High St please", "send it to [ADDRESS] please"],
  // several at once
  ["de", "Wohne in der Hauptstraße 12, Tel 030 1234567, Mail a@b.de", "Wohne in der [ADDRESS], Tel [PHONE], Mail [EMAIL]"],
];

const untouched: [language: "en" | "de", input: string][] = [
  ["de", "2x täglich 400 mg Ibuprofen"],
  ["de", "Blutdruck 140/90 am 12.03.2024 um 14:30"],
  ["de", "am 01.03.2024 um 07.30 Uhr, Kontrolle 2024-03-12"],
  ["de", "nehme am Morgen 2 Tabletten"],
  ["de", "Am Montag 2 Tabletten, Am Abend 3 Tropfen"],
  ["de", "Am Arm 3 Stiche, Platz 2 im Wartezimmer"],
  ["de", "Insulin 10 IE um 07:30 und 18:30, 0,5 IE/kg"],
  ["de", "Vitamin D 1000 IE, B12 500 µg"],
  ["de", "Leukozyten 4.000-10.000/µl, Thrombozyten 150.000 - 400.000"],
  ["de", "CRP 120 mg/l; Hb 13,5 g/dl; Blutzucker 098 mg/dl"],
  ["de", "Größe 1,80 m, Gewicht 80 kg, BMI 24,7, Fieber 38,5 °C"],
  ["de", "Zwischen 2010 und 2020 3 Operationen, PZN 01234567"],
  ["en", "I am 45 and my temperature is 38,5 °C"],
  ["en", "HbA1c 6.5%, LDL 130 mg/dl in 2023, TSH 2,45 mU/l"],
  ["en", "500 mg paracetamol every 6 hours, max 4000 mg a day"],
  ["en", "born 1980, 3 children, 72 kg, 1,80 m"],
  ["en", "pulse 110, SpO2 94 %, respiratory rate 22"],
  ["en", "My doctor's number starts with 0 but I forgot it"],
  ["en", "I took 2 Advil at 3 Dr appointments"],
  ["en", "ISBN 978-3-16-148410-0"],
  // Checksums keep look-alikes apart: Luhn-invalid, mod-97-invalid, wrong check digit with no keyword.
  ["en", "1234567890123"],
  ["en", "4111 1111 1111 1112"],
  ["de", "DE89 3704 0044 0532 0130 01"],
  ["en", "A123456789 is a reference code"],
];

describe("personal data is replaced before text goes to the model provider", () => {
  it.each(redacted)("(%s) %s", (_language, input, expected) => {
    expect(redactPersonalData(input).text).toBe(expected);
  });

  it.each(untouched)("(%s) leaves health content and look-alikes alone: %s", (_language, input) => {
    expect(redactPersonalData(input).text).toBe(input);
  });

  it("counts what it replaced, for every kind", () => {
    const { counts } = redactPersonalData(
      "a@b.de, c(at)d.org, 0171 1234567, Hauptstraße 1, 10115 Berlin, 4111 1111 1111 1111, A123456780, " +
        "Steuer-ID 86095742719, SSN 123-45-6789, Fallnummer 2024/12345, geb. 12.03.1985",
    );
    expect(Object.keys(counts).sort()).toEqual([...piiKinds].sort());
    expect(counts).toEqual({
      email: 2,
      iban: 0,
      card: 1,
      insuranceNumber: 1,
      taxId: 1,
      ssn: 1,
      patientId: 1,
      dateOfBirth: 1,
      phone: 1,
      address: 2,
    });
  });

  // How long these take is measured by `npm run bench -- --only=safety`; the bound is in linear-time.test.ts.
  it("leaves long runs of letters and digits that are no personal data as they are", () => {
    const runs = ["7".repeat(20_000), "0123 ".repeat(4_000), "aB3".repeat(7_000), "name.".repeat(4_000)];
    for (const run of runs) expect(redactPersonalData(run).text).toBe(run);
  });

  it("is switched by REDACT_PERSONAL_DATA", () => {
    expect(redactionFor({ REDACT_PERSONAL_DATA: true })?.("a@b.de")).toBe("[EMAIL]");
    expect(redactionFor({ REDACT_PERSONAL_DATA: false })).toBeUndefined();
  });
});

describe.each(Object.entries(ruleCases))("%s", (_rule, { redacted: replaced, untouched: kept }) => {
  it("has cases to replace and to keep, in English and German", () => {
    expect(new Set(replaced.map(([language]) => language))).toEqual(new Set(["en", "de"]));
    expect(new Set(kept.map(([language]) => language))).toEqual(new Set(["en", "de"]));
  });

  it.each(replaced)("(%s) replaces %s", (_language, input, expected) => {
    expect(redactPersonalData(input).text).toBe(expected);
  });

  it.each(kept)("(%s) keeps %s", (_language, input) => {
    expect(redactPersonalData(input).text).toBe(input);
  });
});

describe("checksums", () => {
  it("validates IBANs with mod 97", () => {
    expect(isValidIban("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(isValidIban("GB82WEST12345698765432")).toBe(true);
    expect(isValidIban("DE89 3704 0044 0532 0130 01")).toBe(false);
    expect(isValidIban("DE89")).toBe(false);
  });

  it("validates card numbers with Luhn", () => {
    expect(isLuhnValid("4111111111111111")).toBe(true);
    expect(isLuhnValid("371449635398431")).toBe(true);
    expect(isLuhnValid("4111111111111112")).toBe(false);
    expect(isLuhnValid("0000000000000")).toBe(false);
  });

  it("takes only social security numbers the SSA issues", () => {
    expect(isValidSsn("123-45-6789")).toBe(true);
    expect(isValidSsn("078-05-1120")).toBe(true);
    expect(isValidSsn("899-99-9999")).toBe(true);
    for (const never of ["000-12-3456", "666-12-3456", "900-12-3456", "999-12-3456", "123-00-4567", "123-45-0000", "123-45-678"]) {
      expect(isValidSsn(never), never).toBe(false);
    }
    // An area the SSA never issues is no SSN (this one is taken for a German phone number instead).
    expect(redactPersonalData("000-12-3456").counts.ssn).toBe(0);
  });

  it("validates the Steuer-ID check digit and digit pattern", () => {
    for (const valid of ["86095742719", "47036892816", "65929970489", "57549285017", "25768131411", "86 095 742 719"]) {
      expect(isValidTaxId(valid), valid).toBe(true);
    }
    expect(isValidTaxId("86095742718")).toBe(false); // wrong check digit
    expect(isValidTaxId("06095742719")).toBe(false); // leading 0
    // Right check digits: one digit three times, not in a row, is allowed; no digit repeated, one three times in a
    // row, or two digits repeated are not.
    expect(isValidTaxId("11213456783")).toBe(true);
    for (const invalid of ["12345678903", "11123456786", "11223456785"]) expect(isValidTaxId(invalid), invalid).toBe(false);
  });

  it("validates the Krankenversichertennummer check digit", () => {
    expect(isValidInsuranceNumber("A123456780")).toBe(true);
    expect(isValidInsuranceNumber("Z987654321")).toBe(true);
    expect(isValidInsuranceNumber("M000000019")).toBe(true);
    expect(isValidInsuranceNumber("A123456789")).toBe(false);
    expect(isValidInsuranceNumber("a123456780")).toBe(false);
  });
});
