import { near } from "./pattern-tools";
import type { RedFlagCategory } from "./red-flag-categories";

// German patterns, written against normalizeText() output (ä→ae, ö→oe, ü→ue, ß→ss); see red-flag-patterns.ts.
// Compounds are listed explicitly ("brustschmerzen"), because \b does not split "Brust|schmerzen".
const child = "(?:kind|sohn|tochter|baby|kleinkind|enkel|enkelin)";
const hazard =
  "(?:putzmittel|reiniger|rohrreiniger|batterie|knopfzelle|spuelmaschinentab\\w*|rattengift|gift|lampenoel|frostschutz\\w*|unkrautvernichter|essigessenz)";
const stop = "kein\\w*|nicht|ohne|aber|nie";
const stiffNeck = "(?:steife[rmn]? nacken|nacken ist (?:(?!nicht\\b)\\w+ )?steif)";
const swollen = "schwillt|schwellen|ist geschwollen|sind geschwollen";

/** German patterns per category. */
export const germanPatterns: Record<RedFlagCategory, string[]> = {
  cardiac: [
    "brustschmerz(?:en)?",
    "brustkorbschmerz(?:en)?",
    "(?:schmerz(?:en)?|druck|engegefuehl|enge|stechen) (?:in der brust|auf der brust|im brustkorb|auf dem brustkorb|hinter dem brustbein)",
    "(?:tut|tun) (?:mir )?(?:die brust|der brustkorb) (?:\\w+ )?weh",
    near("brustkorb|brustbein", "schmerz\\w*|druck|enge|stechen|brennen|brennt", 25, stop, false),
    "(?:greift|fasst) sich (?:an die|an die linke) brust",
    "brustenge",
    "herzinfarkt",
    "herzanfall",
    "schmerz(?:en)? (?:strahl\\w* )?(?:in|bis in) (?:den |die )?(?:linken? )?(?:arm|kiefer)",
  ],
  stroke: [
    "schlaganfall",
    "hirnschlag",
    "haengende?r? (?:mundwinkel|gesichtshaelfte)",
    "mundwinkel haengt",
    "laehmung",
    "gelaehmt",
    "sprachstoerung",
    "verwaschene sprache",
    "ploetzlich(?:e|er)? (?:taubheit|schwaeche|sehstoerung|verwirrt|blind)",
    "kann ploetzlich nicht (?:mehr )?(?:sprechen|reden)",
    "(?:spricht|redet) (?:\\w+ ){0,3}(?:undeutlich|verwaschen|wirr\\w*)",
    "(?:sieht|sehe) (?:ploetzlich |auf einmal )?doppelt",
    "ploetzlich(?:e|er)? doppelbilder",
    "staerkste(?:n)? kopfschmerz(?:en)? meines lebens",
  ],
  breathing: [
    "atemnot",
    "luftnot",
    "(?:kriege?|bekomme?|kriegt|bekommt) (?:keine|kaum) (?:noch )?luft",
    "(?:keine|kaum) (?:noch )?luft mehr",
    "kaum (?:noch )?luft",
    "kann (?:nicht|kaum) (?:mehr |richtig )?atmen",
    "atmet (?:nicht|kaum)(?: mehr)?",
    "ersticke[nt]?",
    "(?:ringe?|ringt|schnappe?|schnappt) nach luft",
    "(?:schwerer|starker) asthmaanfall",
    "blaue lippen",
    "lippen (?:sind |werden )?blau",
  ],
  bleeding: [
    "starke(?:n|r)? blutung(?:en)?",
    "blut(?:e|et) (?:\\w+ )?(?:stark|sehr stark|ununterbrochen|heftig)",
    "(?:so viel|sehr viel|ueberall) blut",
    "(?:blut spritzt|spritzt blut)",
    "hoert (?:\\w+ )?nicht (?:mehr )?auf zu bluten",
    "blutung (?:\\w+ ){0,3}hoert (?:\\w+ )?nicht (?:mehr )?auf",
    "blut (?:erbrechen|erbrochen|husten|gehustet|spucken|gespuckt)",
    "erbreche blut",
    "huste blut",
  ],
  anaphylaxis: [
    "allergische?r? schock",
    "anaphylaktisch\\w*",
    `(?:zunge|hals|rachen) (?:${swollen}|schnuert sich zu)`,
    "schwillt (?:mein |meine |der |die |ihr |ihre |sein |seine )?(?:hals|zunge|rachen)(?: zu| an)?",
    `(?:lippen?|gesicht) (?:${swollen})(?: an)? nach (?:\\w+ ){0,3}(?:\\w*stich|\\w*nuessen|essen|medikament\\w*|penicillin|antibiotik\\w*)`,
    "schwere allergische reaktion",
    near("quaddeln|nesselsucht", "schwindelig|schwindel|kreislauf\\w*|atemnot", 60, stop),
  ],
  poisoning: [
    "ueberdosis",
    "ueberdosiert",
    "vergiftet",
    "vergiftung",
    "zu viele (?:\\w+ )?\\w*(?:tabletten|pillen|medikamente|kapseln) (?:genommen|geschluckt|eingenommen)",
    "[1-9]\\d (?:\\w+ )?(?:tabletten|pillen|kapseln)(?: \\w+)? (?:genommen|geschluckt|eingenommen)",
    "(?:ganze|komplette|volle) (?:packung|schachtel|flasche|dose) (?:\\w+ )?(?:tabletten|pillen|medikamente|schlaftabletten)",
    `${hazard} (?:verschluckt|geschluckt|getrunken)`,
    `${child} hat (?:\\w+ ){0,5}(?:tabletten|pillen|medikamente|${hazard})(?: \\w+){0,3} (?:verschluckt|geschluckt|getrunken|gegessen)`,
  ],
  "self-harm": [
    "suizid\\w*",
    "selbstmord\\w*",
    "mich umbringen",
    "mich umzubringen",
    "(?:mir|sich) das leben (?:zu )?nehmen",
    "nicht mehr leben (?:will|moechte|wollen)",
    "(?:will|moechte) nicht mehr leben",
    "(?:will|moechte|wuerde am liebsten) (?:(?!nicht\\b|kein\\w*)\\w+ ){0,3}sterben",
    "(?:waere|bin) (?:lieber|besser) tot",
    "ritze mich",
    "mich (?:\\w+ ){0,2}(?:ritzen|geritzt|selbst verletzen|selbst verletzt)",
    "selbstverletz\\w*",
    "lebensmuede",
    "keinen sinn (?:mehr )?(?:im|in meinem|zu) leben",
    "nicht mehr aufwachen",
    "toedliche (?:dosis|menge)",
  ],
  unconscious: [
    "bewusstlos\\w*",
    "(?:nicht|kaum) (?:mehr )?ansprechbar",
    // "reagiert nicht (mehr) auf das Medikament" is about a treatment, not a person.
    "reagiert (?:nicht|kaum)(?: mehr)?(?! auf)(?! mehr)",
    "reagiert (?:nicht|kaum) (?:mehr )?auf ansprache",
    "wacht nicht (?:mehr )?auf",
    "krampfanfall",
    "fieberkrampf\\w*",
    "krampf(?:anfall)?,? (?:der|das|die) nicht (?:mehr )?aufhoert",
    "(?:ist|wird) (?:immer noch |noch )?nicht (?:mehr )?(?:wach|bei bewusstsein)",
    "krampft (?:seit|schon|immer noch|ununterbrochen)",
  ],
  obstetric: [],
  "other-acute": [
    "nackensteifigkeit",
    near(stiffNeck, "fieber", 100, stop),
    "glastest",
    near("flecken|ausschlag|punkte", "glas|wegdrueck\\w*", 60, stop),
    "nicht wegdrueckbar\\w*",
  ],
};
