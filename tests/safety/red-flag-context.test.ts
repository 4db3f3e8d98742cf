import { describe, expect, it } from "vitest";
import { typoCorrector, withinOneEdit } from "../../src/server/safety/fuzzy";
import { normalizeText } from "../../src/server/safety/normalize";
import { typoExceptions, typoTerms } from "../../src/server/safety/red-flag-cues";
import { ruleFindings } from "../../src/server/safety/red-flag-rules";

// The hand-written rules' context logic; the learned layer reads their findings, and the whole detector is measured
// on the corpus (corpus.test.ts).
const flags = (text: string, language?: "en" | "de") => ruleFindings(text, language).categories;

describe("negation", () => {
  it.each([
    "no chest pain",
    "I don't have chest pain",
    "without difficulty breathing",
    "Patient denies suicidal thoughts",
    "kein Fieber und keine Brustschmerzen",
    "ich habe keine Atemnot",
    "nicht suizidal",
    "I never really had much chest pain",
  ])("cancels a term when the cue is up to four words before it: %s", (text) => {
    expect(flags(text)).toEqual([]);
  });

  it("does not reach further back than four words", () => {
    expect(flags("never in all those years had chest pain")).toEqual(["cardiac"]);
  });

  it.each([
    ["No, I really have chest pain", "cardiac"],
    ["I'm not sure but I think I'm having a heart attack", "cardiac"],
    ["no fever; chest pain since noon", "cardiac"],
    ["no fever\nchest pain since noon", "cardiac"],
    ["Kein Fieber, aber Brustschmerzen", "cardiac"],
    ["Keine Übelkeit. Atemnot seit einer Stunde", "breathing"],
    ["keine Brustschmerzen jedoch Atemnot", "breathing"],
  ])("stops at clause boundaries: %s", (text, category) => {
    expect(flags(text)).toEqual([category]);
  });

  it.each([
    ["not sure if it's a stroke", "stroke"],
    ["Oh no, he is not breathing", "breathing"],
    ["I don't know, is this a heart attack", "cardiac"],
    ["Ich weiß nicht ob das ein Herzinfarkt ist", "cardiac"],
    ["Ich bin nicht sicher, ob es ein Schlaganfall ist", "stroke"],
  ])("ignores cues that only look like negation: %s", (text, category) => {
    expect(flags(text)).toEqual([category]);
  });
});

describe("history", () => {
  it.each(["My mother had a stroke in 2012", "history of heart attack", "Herzinfarkt vor 5 Jahren", "Er hatte 2019 einen Schlaganfall"])(
    "a past event is not an emergency: %s",
    (text) => expect(flags(text)).toEqual([]),
  );

  it("still flags what is happening now, and never drops self-harm as history", () => {
    expect(flags("I had a heart attack in 2019 and now I have chest pain again")).toEqual(["cardiac"]);
    expect(flags("I tried to kill myself two years ago")).toEqual(["self-harm"]);
  });
});

describe("general questions", () => {
  it.each([
    "What are the signs of a stroke?",
    "how does aspirin prevent heart attacks?",
    "Hi! What are the symptoms of an overdose",
    "Can you tell me the warning signs of anaphylaxis?",
    "Woran erkennt man einen Herzinfarkt?",
    "Können Sie mir sagen, was bei einer Vergiftung hilft?",
    "Ist ein Schlaganfall erblich?",
    // Asking whether a claim is true points at the claim, not at someone ("is that right?").
    "Hilft Husten bei einem Herzinfarkt? Ist das richtig?",
    "Can foxglove cause a poisoning? How realistic is that?",
    // An emergency kept for later is not urgent now.
    "Was hilft bei einem Herzinfarkt, für den Notfall?",
  ])("are not flagged when they are about nobody in particular: %s", (text) => {
    expect(flags(text)).toEqual([]);
  });

  it.each([
    ["my father has chest pain right now", "cardiac"],
    ["What are the signs of a stroke? My mum's face is drooping", "stroke"],
    ["What do I do if I have chest pain?", "cardiac"],
    ["What should you do if someone is choking right now?", "breathing"],
    ["Is this a stroke?", "stroke"],
    ["Was tun, wenn sie bewusstlos ist?", "unconscious"],
    ["How many pills is a lethal dose?", "self-harm"],
    ["What do you do when mum's face is drooping?", "stroke"],
    ["Was tun, wenn Oma nicht mehr ansprechbar ist?", "unconscious"],
  ])("are flagged when someone is affected, it is urgent, or about dying: %s", (text, category) => {
    expect(flags(text)).toEqual([category]);
  });

  it("reads 'was' as an English auxiliary or a German question word depending on the language", () => {
    expect(flags("was it a stroke", "en")).toEqual(["stroke"]);
    expect(flags("was ist ein Schlaganfall", "de")).toEqual([]);
  });
});

describe("word boundaries and compounds", () => {
  it.each(["my warm arm", "a stroke of luck", "Meine Armbanduhr drückt", "Brustkrebsvorsorge", "Schlaganfallrisiko senken", "sunstroke"])(
    "does not match inside other words: %s",
    (text) => expect(flags(text)).toEqual([]),
  );

  it("matches listed compounds and inflections", () => {
    expect(flags("Brustschmerzen")).toEqual(["cardiac"]);
    expect(flags("Brustschmerz")).toEqual(["cardiac"]);
    expect(flags("Suizidgedanken")).toEqual(["self-harm"]);
    expect(flags("heart attacks")).toEqual(["cardiac"]);
  });
});

describe("case, diacritics and misspellings", () => {
  it("normalises umlauts, ß, accents, apostrophes and spaces", () => {
    expect(normalizeText("Übelkeit,  GRÖẞE  und Lähmung – café’s")).toBe("uebelkeit, groesse und laehmung – cafe's");
    expect(normalizeText("eins \n  zwei")).toBe("eins\nzwei");
  });

  it.each(["Überdosis", "Ueberdosis", "UEBERDOSIS", "Uberdosis"])("%s is the same word", (text) => {
    expect(flags(text)).toEqual(["poisoning"]);
  });

  it.each(["bewußtlos", "BEWUSSTLOS", "bewustlos", "Lähmung", "Laehmung", "Lahmung"])("%s is found", (text) => {
    expect(flags(text)).not.toEqual([]);
  });

  it.each([
    ["chest pian", "cardiac"],
    ["cant breath", "breathing"],
    ["sucide", "self-harm"],
    ["sucidal", "self-harm"],
    ["Herzinfakt", "cardiac"],
    ["Herzinfrakt", "cardiac"],
    ["unconsious", "unconscious"],
    ["Schlaganfal", "stroke"],
  ])("tolerates the misspelling %s", (text, category) => {
    expect(flags(text)).toEqual([category]);
  });

  it("allows one edit: substitution, insertion, deletion or a swap of neighbours", () => {
    expect(withinOneEdit("suicide", "suicide")).toBe(true);
    expect(withinOneEdit("suicide", "suicida")).toBe(true);
    expect(withinOneEdit("suicide", "sucide")).toBe(true);
    expect(withinOneEdit("suicide", "suiccide")).toBe(true);
    expect(withinOneEdit("suicide", "suicdie")).toBe(true);
    expect(withinOneEdit("suicide", "sucdie")).toBe(false);
    expect(withinOneEdit("suicide", "suizidal")).toBe(false);
  });

  it("corrects only words of six letters or more, not inflections or listed real words", () => {
    const correct = typoCorrector(typoTerms, typoExceptions);
    expect(correct("herzinfrakt und unconsious")).toBe("herzinfarkt und unconscious");
    expect(correct("schlaganfalls herzinfarkte")).toBe("schlaganfalls herzinfarkte");
    expect(correct("the steak was overdone")).toBe("the steak was overdone");
    expect(flags("The steak was overdone")).toEqual([]);
  });
});
