import { describe, expect, it } from "vitest";
import { ruleFindings } from "../../src/server/safety/red-flag-rules";

// One case per rule for the understated groups and readings, with a near miss it must leave alone; the whole
// detector is measured on the corpus (corpus.test.ts).
const flags = (text: string, language: "en" | "de") => ruleFindings(text, language).categories;

describe.each([
  ["anaphylaxis", "en", "stung by a wasp, tongue is getting huge", "my tongue feels a bit sore after the curry"],
  ["anaphylaxis", "de", "Zunge wird immer dicker nach der Ibuprofen", "Zunge ist belegt seit dem Infekt"],
  ["breathing", "en", "baby's sats 86% on the monitor and she's grunting", "my sats were 97 this morning, all fine"],
  ["breathing", "de", "Sauerstoffsättigung laut Gerät nur noch 84", "Sauerstoffsättigung 98, ist das gut?"],
  ["cardiac", "de", "Puls laut Uhr bei 32, Mutter ist fast umgekippt", "Puls laut Uhr bei 62, alles gut"],
  ["cardiac", "en", "heart rate on my watch says 34 and I nearly passed out", "heart rate on my watch says 64 at rest"],
  ["obstetric", "en", "contractions every 5 min and im 29 weeks", "braxton hicks contractions at 30 weeks, harmless?"],
  ["obstetric", "de", "Fruchtblase ist geplatzt, bin in der 33. Woche", "in der 33. Woche, wie packe ich die Kliniktasche?"],
  ["cardiac", "en", "bad heartburn and my left arm aches and I'm sweating", "bad heartburn after pizza again"],
  ["poisoning", "en", "I've been taking paracetamol every 2 hours since Monday", "paracetamol every 6 hours, is that ok?"],
  ["obstetric", "en", "38 weeks and I haven't felt a single kick today", "I felt the first kick today at 20 weeks!"],
  ["other-acute", "de", "vom Hochbett gefallen, hat dreimal erbrochen und will dauernd schlafen", "vom Rad gefallen, Handgelenk gebrochen"],
  ["other-acute", "de", "mit em Chopf uf de Trottoirrand, jetzt het er zwöimal gchotzet", "mit em Velo id Schuel, het guet gschlafe"],
  ["other-acute", "en", "she fell off the top bunk and keeps falling asleep on the sofa", "she fell off the top bunk and laughed"],
  ["anaphylaxis", "en", "hives after the cake, I used one of my epipens", "I always carry one of my epipens"],
  ["anaphylaxis", "de", "seit den Garnelen ist mein Hals total eng und ich pfeife", "mein Hals ist eng vor Aufregung"],
  ["anaphylaxis", "de", "Sesam, Gesicht wird dick, Pen liegt daheim", "Gesicht wird dick vom vielen Essen"],
  ["poisoning", "en", "he took the whole week from his pill organiser this morning", "he fills the whole week in his pill organiser"],
  ["self-harm", "de", "Flasche Wein und dann alles aus dem Badschrank", "alles aus dem Badschrank aussortiert"],
] as const)("%s (%s)", (category, lang, emergency, nearMiss) => {
  it(`flags: ${emergency}`, () => expect(flags(emergency, lang)).toContain(category));
  it(`leaves alone: ${nearMiss}`, () => expect(flags(nearMiss, lang)).not.toContain(category));
});
