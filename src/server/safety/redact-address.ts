/**
 * Redaction rules for street addresses (German and English) and German postcodes with their town. Street words
 * and shapes decide, and the words around the number keep doses, times and body parts out: "am Morgen 2
 * Tabletten", "Am Arm 3 Stiche", "im Zimmer 12", "10000 Schritte" stay.
 */
import { type Candidate, type Rule, unitAfter, wordEnd, wordStart } from "./redact-rule";

const streetWordDe =
  "(?:[Ss]tra(?:ss|ß)e|[Ss]tr\\.?|[Ww]eg|[Gg]asse|[Aa]llee|[Pp]latz|[Rr]ing|[Dd]amm|[Uu]fer|[Cc]haussee|[Ss]teig|[Pp]fad)";
// Words that end a street name even in lower case ("hauptstraße 5"); "ring", "platz" or "damm" would also end
// "ohrring", "arbeitsplatz" and "dammriss".
const strongStreetWordDe = "(?:stra(?:ss|ß)e|str\\.?|weg|gasse|allee)";
// Street names that begin with a preposition: "Am Markt", "An der Kirche", "Im Winkel", "Zur Mühle".
const prefixDe = "(?:[Aa]m|[Aa]n de[rn]|[Ii]m|In den|Auf de[mr]|Zu[mr]|Unter den|Hinter de[mr])";
/**
 * Hauptstraße 12, hauptstraße 5, Berliner Str. 45, Münchner Str 12, Am Markt 3, am markt 7, Im Winkel 3. The match
 * starts at the house number and a lookbehind finds the street name before it (`before`), so the search stops only
 * at digits after a space. The number may be a range ("5/7", "3-5") but not a decimal or a time ("38,5", "7:30").
 */
export const germanStreetPattern = new RegExp(
  "\\d(?<=" +
    `${wordStart}(?<before>(?:(?<prefix>${prefixDe}) (?<name>\\p{L}[\\p{L}-]{0,60})` +
    `|(?<compound>[A-ZÄÖÜ][\\p{L}-]{0,60}${streetWordDe}|[a-zäöü][\\p{L}-]{0,60}${strongStreetWordDe})` +
    `|(?<firstWord>\\p{L}[\\p{L}-]{0,60}) (?<streetWord>${streetWordDe})) )\\d)` +
    "\\d{0,3}(?:[/-]\\d{1,4})?(?![.,:/]?\\d)(?:\\s?[a-zA-Z](?![\\p{L}]))?",
  "gu",
);

const streetWordEn =
  "(?:Street|St\\.?|Road|Rd\\.?|Avenue|Ave\\.?|Lane|Ln\\.?|Drive|Dr\\.?|Boulevard|Blvd\\.?|Court|Ct\\.?|Place|Way|Close|Square)";

/** 221B Baker Street, 1600 Pennsylvania Avenue, 12 High St */
export const englishStreetPattern = new RegExp(`\\b\\d{1,5}[A-Za-z]? (?:[A-Z][\\p{L}-]+ ){1,3}${streetWordEn}${wordEnd}`, "gu");

/** 12 baker street: in lower case only words that are never anything but a street ("2 pills close to bed" stays). */
export const lowerCaseEnglishStreetPattern = new RegExp(
  `${wordStart}\\d{1,5}[a-z]? (?<names>(?:\\p{L}[\\p{L}-]* ){1,2})(?:street|road|avenue|lane|boulevard)${wordEnd}`,
  "gu",
);

/** 10115 Berlin, 80331 München, 10115 berlin, D-10115 Berlin */
export const postcodeCityPattern = new RegExp(
  `(?<![\\p{L}\\p{N}_.,/+-])(?:D-)?(?<postcode>\\d{5}) (?<town>\\p{L}[\\p{L}-]{1,40})${wordEnd}`,
  "gu",
);

// Words after a preposition and before a number that are times, body parts, places in a hospital or amounts:
// "Am Montag 2 Tabletten", "am Arm 3 Stiche", "im Zimmer 12", "am besten 2".
const notStreetNames = new Set(
  `montag dienstag mittwoch donnerstag freitag samstag sonntag wochenende morgen vormittag mittag nachmittag abend nacht
  tag woche monat jahr anfang ende schluss moment augenblick schnitt durchschnitt alter stück januar februar märz april
  mai juni juli august september oktober november dezember frühling sommer herbst winter arm bein kopf knie fuß fuss
  rücken hals bauch brust auge ohr finger zeh po ellbogen handgelenk hüfte seite stelle zimmer raum bett station
  stock etage haus krankenhaus klinik gebäude saal flur block platz beispiel`.split(/\s+/),
);
const articlesAndPronouns = new Set(
  "der die das dem den des ein eine einer einem einen mein meine meiner meinem dein sein seine seiner ihr ihre ihrer unser unsere unserer the".split(
    " ",
  ),
);
const notEnglishStreetNames = new Set(
  "the a an my our this that of on in to at from down up across along per km miles blocks minutes".split(" "),
);

// A street number that starts with a preposition must end the phrase: "Am Markt 3, 2. Stock", "Im Winkel 3 in Köln",
// but not "im Schnitt 3 Anfälle".
const endsPhrase = /^(?:\s*$|\s*[,;:!?)\n]|\.(?!\d)|\s(?:in|bei|und|seit|im|and|near)\b)/i;

const endsWithStreetWord = new RegExp(`${streetWordDe}$`);

const acceptGermanStreet = ({ value, groups, after }: Candidate) => {
  if (unitAfter.test(after)) return false;
  if (groups.prefix !== undefined) {
    const name = (groups.name ?? "").toLowerCase();
    // "Zum Sportplatz 4" is a street whatever follows; "im Sitzen 130/85" is a blood pressure.
    if (endsWithStreetWord.test(groups.name ?? "")) return true;
    return !notStreetNames.has(name) && !name.endsWith("sten") && !value.includes("/") && endsPhrase.test(after);
  }
  if (groups.firstWord === undefined) return true;
  // "münchner straße 12" in lower case, but not "dem weg 2" or "mein platz 3".
  const lowerCase = !/^[A-ZÄÖÜ]/.test(groups.firstWord);
  if (lowerCase && !/^(?:stra(?:ss|ß)e|str\.?|allee)$/i.test(groups.streetWord ?? "")) return false;
  return !articlesAndPronouns.has(groups.firstWord.toLowerCase());
};

// A five-digit number before a noun that counts something is an amount, not a postcode: "10000 Schritte".
const notTown = new RegExp(
  `^(?:${[
    "schritte?n?|steps?|einheit(?:en)?|units?|ie|iu|euro|eur|dollars?|mal|times|zellen|cells|leukozyten|thrombozyten",
    "erythrozyten|kalorien|calories|kcal|kj|m|km|meter|metres?|meters|miles|meilen|liter|litres?|liters|mg|ml",
    "tabletten|tablets?|einwohner\\p{L}*|menschen|personen|people|patient\\p{L}*|fälle|cases|kinder|children|tote|deaths",
    "tests?|dosen|doses|wörter|words|zeichen|characters|mitglieder|members|jahre?n?|years?|tage?n?|days?|stunden?",
    "hours?|minuten?|minutes?|sekunden?|seconds?",
  ].join("|")})$`,
  "iu",
);

/** Address rules, in the order they run. */
export const addressRules: Rule[] = [
  { kind: "address", pattern: germanStreetPattern, accept: acceptGermanStreet },
  { kind: "address", pattern: englishStreetPattern },
  {
    kind: "address",
    pattern: lowerCaseEnglishStreetPattern,
    accept: ({ groups }) => !(groups.names ?? "").split(" ").some((word) => notEnglishStreetNames.has(word.toLowerCase())),
  },
  {
    kind: "address",
    pattern: postcodeCityPattern,
    // No delivery area starts with 00, and round thousands ("20000 IE") are nearly always amounts.
    accept: ({ groups }) => !/^00|000$/.test(groups.postcode ?? "") && !notTown.test(groups.town ?? ""),
  },
];
