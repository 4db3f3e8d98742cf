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
  // Scenes (red-flag-patterns-scenes.ts) and plan signs.
  [
    "poisoning",
    "en",
    "the carbon monoxide alarm keeps going and I've got a pounding headache",
    "tested the carbon monoxide alarm today, works",
  ],
  ["poisoning", "de", "CO-Melder piept und mir ist total übel", "CO-Melder im Flur montiert, welche Höhe ist richtig?"],
  [
    "poisoning",
    "en",
    "all three of us woke with headaches and feel sick since the heater went on",
    "all of us had headaches after the wedding",
  ],
  ["cardiac", "en", "my son collapsed during football training, he's awake now", "my son collapsed on the sofa after football"],
  ["cardiac", "de", "beim Joggen einfach umgekippt, das Herz rast", "beim Joggen umgeknickt, Knöchel ist dick"],
  ["obstetric", "en", "she's pushing, I can see the head, we're in the car", "how long does the pushing stage usually last?"],
  ["obstetric", "de", "Köpfchen ist schon draußen, wir sind noch zuhause", "Köpfchen liegt laut Ultraschall schon unten"],
  ["obstetric", "en", "my waters have just broken at 31 weeks", "what happens when your waters break?"],
  ["breathing", "en", "it's like breathing through a straw and my inhaler isn't helping", "I drink my smoothie through a straw"],
  ["anaphylaxis", "en", "after the prawns my face has gone all puffy and I can't breathe properly", "my face is puffy in the mornings"],
  ["self-harm", "en", "gonna kms tonight", "ran 10 kms tonight, legs are dead"],
  ["self-harm", "de", "will mich einfach unaliven", "was heißt unalive auf TikTok?"],
  ["self-harm", "en", "bye everyone, jumping now", "trampoline class, jumping now!"],
  ["self-harm", "en", "I'm standing on the footbridge and I've made up my mind", "I've made up my mind to walk over the footbridge daily"],
  ["cardiac", "en", "I've never had chest pain like this", "I've never had chest pain"],
  ["cardiac", "en", "I'm not well and have chest pain", "I'm well and have no chest pain"],
  ["cardiac", "en", "my chest hurts and I'm sweating", "my chest hurts from laughing so much"],
  ["obstetric", "en", "bleeding bright red at 26 weeks with a cramp that won't ease", "bleeding gums for 2 weeks"],
  ["obstetric", "de", "33. Woche und alle paar Minuten wird der Bauch hart", "33. Woche, Bauch wird größer"],
  ["obstetric", "en", "contractions every 3 minutes and the hospital is an hour away", "contractions every 20 minutes since lunch"],
  [
    "obstetric",
    "de",
    "Schwangerschaftstest positiv, jetzt Schmerzen rechts unten, kaum auszuhalten",
    "Schwangerschaftstest positiv, wie geht es weiter?",
  ],
  [
    "obstetric",
    "en",
    "she had her baby 6 days ago and now sees flashing lights and has a pounding head",
    "she had her baby 6 days ago and sleeps badly",
  ],
  ["poisoning", "de", "Chlorreiniger mit Essigreiniger gemischt, jetzt huste ich", "Chlorreiniger im Schrank, wie lagere ich ihn?"],
  ["poisoning", "en", "he's been taking his methotrexate every day instead of weekly", "he takes methotrexate once a week on Mondays"],
  ["other-acute", "en", "boiling water over his leg, the skin is peeling off", "boiling water for tea burns my tongue sometimes"],
  ["anaphylaxis", "en", "used the epipen after the wasp sting but she's getting worse", "the epipen expires next month"],
  [
    "self-harm",
    "de",
    "morgen früh gehe ich vor den ersten Zug, alles ist geregelt",
    "morgen früh nehme ich den ersten Zug, alles ist geregelt",
  ],
  ["self-harm", "en", "going to the multi-storey car park tonight and jump", "going to the trampoline park tonight"],
  ["bleeding", "en", "the cut has bled through two tea towels already", "the cut bled a little, now it's dry"],
  ["bleeding", "de", "der Verband ist schon komplett durchgeblutet", "der Verband ist trocken geblieben"],
  ["other-acute", "en", "fell off my bike and a bone is sticking out of my wrist", "fell off my bike, my wrist hurts"],
  ["other-acute", "de", "beim Fußball umgeknickt, der Knochen schaut raus", "beim Fußball umgeknickt, Knöchel blau"],
  ["obstetric", "en", "thirty weeks along and tightenings every five minutes", "thirty weeks along and sleeping badly"],
  [
    "cardiac",
    "de",
    "ich habe gerade einen leichten Herzinfarkt, glaube ich",
    "2019 einen leichten Herzinfarkt gehabt, darf ich jetzt fliegen?",
  ],
] as const)("%s (%s)", (category, lang, emergency, nearMiss) => {
  it(`flags: ${emergency}`, () => expect(flags(emergency, lang)).toContain(category));
  it(`leaves alone: ${nearMiss}`, () => expect(flags(nearMiss, lang)).not.toContain(category));
});
