/**
 * Context cues for the red-flag classifier, written against normalizeText() output (lower case, ä→ae, ß→ss).
 * The logic that uses them is in red-flags.ts.
 */
import type { Language } from "../../shared/schemas/profile";

/** A negation cue this many words or fewer before a term, in the same clause, cancels it ("no chest pain"). */
export const NEGATION_WINDOW = 4;

/** Words that negate a term shortly after them ("no", "denies", "keine", "ohne"). */
export const negationCues = new Set(
  [
    "no not dont don't doesnt doesn't didnt didn't never without denies deny denied denying nor none",
    "kein keine keinen keiner keinem keines keinerlei nicht nie niemals ohne",
  ]
    .join(" ")
    .split(" "),
);

/** Cue pairs that only look like negation: "not sure", "oh no", "weiss nicht". */
export const pseudoNegations = new Set([
  "not sure",
  "not certain",
  "not only",
  "no idea",
  "no doubt",
  "oh no",
  "dont know",
  "don't know",
  "dont think",
  "don't think",
  "nicht sicher",
  "nicht nur",
  "weiss nicht",
  "keine ahnung",
  // Feeling unwell, not a denial: "I'm not well and have chest pain".
  "not well",
  "not good",
  "not great",
  "not ok",
  "not okay",
  "not right",
  "nicht gut",
  "nicht wohl",
  "nicht fit",
]);

/** Right after a term: an everyday cause that explains it ("my chest hurts from laughing"). */
export const explainedAfter =
  /^ (?:\w+ ){0,1}(?:from|after|because of|vom|von|wegen) (?:all (?:the |that )?|so much |dem |zu viel )?(?:laughing|laughter|lachen|coughing|husten|sit-?ups|push-?ups|lifting|the gym|gym|training|workout|muskelkater|liegestuetzen)\b/;

/** Right after a negated term: the negation measures it, not denies it ("never had chest pain like this"). */
export const intensifiedAfter =
  /^ (?:\w+ ){0,2}(?:like (?:this|that|it is now|today)|this (?:bad|badly|strong|severe)|so (?:bad|badly|strong|severe)|wie (?:jetzt|diesmal|heute|das hier)|so (?:schlimm|stark|heftig))\b/;

/** Clause ends: punctuation (not a decimal point) and contrast words, so "no, I really have chest pain" counts. */
export const clauseBreak = /[;:!?\n,]|\.(?!\d)|\b(?:but|however|though|although|aber|jedoch|sondern|trotzdem|doch)\b/g;
/** Sentence ends, for finding the sentence a term stands in. */
export const sentenceBreak = /[!?\n]|\.(?!\d)/g;

// A past event named right before or after the term is history, not an emergency: "heart attack in 2015",
// "history of stroke", "vor 5 Jahren einen Herzinfarkt". Self-harm is exempt (see red-flags.ts).
const agoDe =
  "vor (?:\\d+|einem|einigen|ein paar|vielen|zwei|drei|vier|fuenf|sechs|sieben|acht|neun|zehn|zwoelf|zwanzig) (?:jahr|jahren|monat|monaten)";
const lastDe =
  "letzte[ns]? (?:jahr|monat|sommer|winter|herbst|fruehling|fruehjahr)|im letzten jahr|vorige[ns]? jahr|vurigs joa|letzt(?:es|s) joa";
const lastEn = "last (?:year|month|summer|winter|spring|autumn|fall|christmas)";
const numberEn = "\\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|a few|several|many";
/** History named just before a term (the clause text before it ends here). */
export const historyBefore = new RegExp(
  `(?:history of|hx of|vorgeschichte|zustand nach|${agoDe}|${lastDe}|(?<!(?:since|seit) )(?:(?:19|20)\\d\\d|${lastEn})(?: \\w+){0,2}) (?:(?:a|an|ein|eine|einen|einem|einer) )?(?:(?:small|mild|minor|little|slight|bad|severe|serious|nasty|big|major|massive|kleine[nmrs]?|leichte[nmrs]?|schwere[nmrs]?) )?$`,
);
/** History named just after a term (the clause text after it starts here). */
export const historyAfter = new RegExp(
  `^ (?:(?:back )?in (?:19|20)\\d\\d|im jahr (?:19|20)\\d\\d|(?:${numberEn}) (?:years?|months?) ago|last (?:year|month|summer|winter|spring|autumn)|${lastDe}|${agoDe}|as a (?:child|kid)|als kind|at (?:the age of )?\\d\\d(?! ?(?:weeks?|wks?|\\+))|mit \\d\\d(?: jahren)?)\\b`,
);

type Cues = { wh: string; aux: string; personal: string };
// "was" is a question word in German but an auxiliary in English; the message language decides.
const cues: Record<Language, Cues> = {
  en: {
    wh: "what|whats|what's|how|why|which|when|where|who",
    aux: "is|are|was|were|can|could|does|do|did|should|would|will|may",
    // Family named without "my" ("mum's face is drooping, what do I do") is someone affected too.
    personal:
      "i|i'm|im|i've|ive|i'd|my|me|mine|myself|we|our|us|he|he's|she|she's|his|him|her|mum|mom|mam|dad|grandma|grandpa|granny|gran|nan|nana|grandad|hubby|mum's|mom's|dad's|nan's|gran's|grandma's|grandpa's",
  },
  de: {
    wh: "was|wie|warum|wieso|weshalb|welche|welcher|welches|welchen|woran|wann|wo|wer|wodurch|wogegen|wovon",
    aux: "ist|sind|kann|koennen|sollte|soll|darf|hilft|gibt|fuehrt|verursacht|hat|haben",
    personal:
      "ich|mein|meine|meiner|meinem|meinen|meines|mich|mir|wir|uns|unser|unsere|unserem|unseren|er|ihm|ihn|seine|seiner|seinem|seinen|oma|opa|omi|opi|mama|papa|mutti|vati|bub|bua|bueb|meitli",
  },
};

/** Regular expressions that recognise a question and a person in it. */
export type QuestionCues = { wh: RegExp; aux: RegExp; personal: RegExp };

function compileCues(languages: Language[]): QuestionCues {
  const joined = (key: keyof Cues) => languages.map((language) => cues[language][key]).join("|");
  const word = (alternatives: string) => `(?:${alternatives})(?![\\w'])`;
  return {
    wh: new RegExp(`^${word(joined("wh"))}`),
    aux: new RegExp(`^${word(joined("aux"))}`),
    personal: new RegExp(`(?<![\\w'])${word(joined("personal"))}`),
  };
}

/** Question words and pronouns per message language; "any" (unknown) combines both, and "was" then reads as German. */
export const questionCues: Record<Language | "any", QuestionCues> = {
  en: compileCues(["en"]),
  de: compileCues(["de"]),
  any: compileCues(["de", "en"]),
};

/** Lowercase "sie"/"ihr" is "she"/"her" (capitalised, usually the polite "you"); matched on the original text. */
export const germanThirdPerson = /\b(?:sie|ihr|ihre|ihrem|ihren|ihrer)\b/;

/** Greetings and fillers before a question ("Hi, what are…"). */
export const leadIn =
  /^(?:(?:hi|hello|hey|hallo|moin|servus|guten tag|ok|okay|so|also|and|und|please|bitte|quick question|kurze frage|question|frage)[,!:]? )+/;
/** Polite requests whose "me"/"mir" does not make a question personal ("can you tell me…"). */
export const politeRequest =
  /\b(?:koennen|koennten|wuerden) sie mir\b|\bsagen sie mir\b|\berklaeren sie mir\b|\b(?:can|could) you (?:tell|explain to|show) me\b|\bexplain to me\b/g;
/** "Is this a stroke?" is about the writer even without a pronoun. */
export const deixis =
  /\b(?<!(?:realistic|true|right|accurate|correct|likely|common) )(?:is|was|could|can|might) (?:this|that)\b(?! (?:true|right|correct|accurate|realistic|likely|a myth))|\b(?:ist|war|koennte) das\b(?! (?:richtig|wahr|korrekt|so|realistisch|ein mythos))|\b(?:is it|is this|is that) normal\b|\bist es normal\b|\bnormal,? dass\b/;
/** Urgency or dying turns a general question back into one that gets the card. */
export const urgency =
  /\b(?:now|right now|currently|asap|help me|please help|to die|lethal|jetzt|gerade|sofort|hilfe|notarzt|zu sterben|toedlich\w*)\b|\bhelp!|(?<!\b(?:for|in|in case of) (?:an |the )?)\bemergency\b(?! (?:kit|spray|number|contact|supply|pack|plan|bag|inhaler|medication|medicine)s?\b)|(?<!\b(?:fuer|im) (?:den |einen )?)\bnotfall\b/;

/** Key terms corrected when misspelt by one letter ("unconsious", "Herzinfrakt", "sucide"). */
export const typoTerms = [
  "herzinfarkt",
  "schlaganfall",
  "bewusstlos",
  "ueberdosis",
  "vergiftet",
  "vergiftung",
  "krampfanfall",
  "brustschmerz",
  "brustschmerzen",
  "atemnot",
  "anaphylaxie",
  "anaphylaxis",
  "anaphylactic",
  "suizid",
  "suizidal",
  "selbstmord",
  "lebensmuede",
  "laehmung",
  "gelaehmt",
  "sprachstoerung",
  "unconscious",
  "unresponsive",
  "suicide",
  "suicidal",
  "overdose",
  "seizure",
  "poisoned",
  "poisoning",
] as const;
/** Real words one edit away from a key term, never corrected. */
export const typoExceptions = new Set(["overdone", "overdoes", "seizer", "poisoner"]);
