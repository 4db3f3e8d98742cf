/**
 * Emergencies told as a scene rather than named: a household with headaches by the boiler, a collapse mid-run, a
 * bone through the skin, a face swelling while breathing goes "through a straw", suicide in internet slang.
 * English and German, written against normalizeText() output.
 */
import type { RedFlagCategory } from "../../shared/values";
import { near, STOP_ACROSS as stopAcross, thenWithin } from "./pattern-tools";

const stop = "no|not|without|but|never|kein|keine|keinen|nicht|ohne|aber|nie";
const household =
  "all (?:\\w+ )?of us|both of us|we all|we'?ve all|we both|(?:the )?whole (?:family|household|house)|everyone in the (?:house|flat|home)|the (?:kids|children) and (?:i|me)|wir (?:haben )?alle|alle (?:zwei|drei|vier|fuenf) |wir beide|die ganze familie|alle im haus";
const headache = "headaches?|head ?aches?|kopfschmerz\\w*|kopfweh|schaedelweh|chopfweh";
const poisonedBy =
  "sick|nause\\w*|dizzy|vomit\\w*|throwing up|drowsy|sleepy|confus\\w*|wobbly|uebel|schwindel\\w*|erbroch\\w*|kotz\\w*|benommen|schlaefrig|verwirrt";
const collapse =
  "collaps\\w*|fainted|passed out|blacked out|keeled over|umgekippt|zusammengebrochen|kollabiert|ohnmaechtig geworden|zusammengesackt|umgfalle|umgfallen";
const exertion =
  "(?:while|during|when|whilst|mid|at) (?:\\w+ ){0,2}(?:running|jogging|(?:a |the |his |her |my )?run|football|training|exercis\\w*|match|race|workout|sprint\\w*|gym|cycling|swimming|rugby|basketball|sport)|(?:beim|waehrend|im|bim) (?:\\w+ )?(?:joggen|laufen|rennen|sport|fussball\\w*|training|match|lauf|radfahren|schwimmen|fitness\\w*|tennis|spiel)";
const faceSwelling =
  "face (?:has |is )?(?:gone|went|going|getting|is) (?:all )?(?:big|huge|puffy|puffed up|fat|swollen)|gesicht (?:ist |wird |is |isch )?(?:\\w+ )?(?:dick|aufgequollen|geschwollen|angeschwollen|aufgedunsen|ufgschwulle)";
const failing = "clumsy|useless|heavy|numb|weak|ungeschickt|kraftlos|schwach|taub|schwer|fehlt|missing|gone|dark|schwarz";
const oneSideFailing = `(?:left|right|linke|rechte) (?:hand|arm|leg|bein|seite|side|gesichtshaelfte|haelfte)(?: \\w+){0,4} (?:${failing})`;
const onset =
  "suddenly|since (?:about |around )?(?:\\d|an?|half|this|lunch)|minutes ago|an hour ago|just now|ploetzlich|auf einmal|seither|seitdem|seit (?:etwa |ca\\. )?(?:\\d+|einer|einem|zwanzig|dreissig|vierzig|fuenfzig|heute)(?: minuten| stunden?)?|vor (?:etwa |ca\\. )?(?:\\w+ )?minuten";
const mushrooms = "mushrooms?|toadstools?|fungi|pilze?n?|schwammerl\\w*|schwammerln";
const foraging =
  "picked|picking|foraged|foraging|gathered|found|wild|in the (?:woods|forest|field)|gesammelt|sammeln|gsammelt|gepflueckt|selbst gesucht|im wald|aus dem wald|wilde?n?";
// A clot in the lung: breathlessness or coughing blood after an operation, a cast or a long flight.
const immobilised =
  "(?:knee|hip|knie|hueft)\\w*[- ]?(?:op|operation|surgery|replacement|ersatz)|(?:after|since) (?:my |the |his |her )?(?:op|operation|surgery|c-?section|caesarean)|nach (?:der|einer|meiner) (?:op|operation)|operiert|in (?:a )?(?:plaster|cast)|gips\\w*|long[- ]haul|langstreckenflug|bed ?bound|bettlaegerig";
const clotSign =
  "(?:short of|out of) breath|breathless\\w*|ausser atem|atemnot|kurzatmig|luftnot|(?:sharp|stabbing) pain (?:when|on) (?:breathing|i breathe)|(?:hurts|pain) (?:when|to) (?:breathe|breathing)|sticht (?:\\w+ ){0,2}beim (?:ein)?atmen|beim (?:ein)?atmen (?:\\w+ ){0,2}(?:sticht|stechen)|cough\\w* (?:up )?blood|blut (?:\\w+ )?(?:ab|aus)?gehustet";
const throughAStraw =
  "(?:breathing|breathe|breath) (?:through|thru) a straw|(?:atmen|atme) (?:\\w+ )?(?:durch einen|wie durch (?:einen|nen)) strohhalm";
const hardBreathing =
  "(?:breathing|breathe|breath) (?:through|thru) a straw|can'?t (?:breathe|get (?:my )?breath)|struggling to breathe|throat (?:is |feels )?(?:tight|closing)|(?:krieg|kriege|bekomme?) (?:\\w+ )?(?:kaum|keine) luft|atmen (?:\\w+ )?(?:durch einen|wie durch (?:einen|nen)) strohhalm|hals (?:wird |ist )?(?:\\w+ )?(?:eng|zu)";

/** Patterns per category for emergencies told as a scene. */
export const scenePatterns: Partial<Record<RedFlagCategory, string[]>> = {
  // Carbon monoxide: a detector's alarm with symptoms, or a whole household with headaches and sickness at once.
  poisoning: [
    near(
      "(?:co|carbon monoxide|gas) (?:alarm|detector|monitor|sensor)|co[- ]?(?:melder|warner|alarm)|kohlenmonoxid\\w*|gasmelder",
      `${headache}|${poisonedBy}`,
      100,
      stop,
    ),
    near(`(?:${household})(?: \\w+){0,8} (?:${headache})`, poisonedBy, 80, stop),
    thenWithin(`(?:${household})(?: \\w+){0,8} (?:${headache})`, poisonedBy, 160, stopAcross),
    // Wild mushrooms eaten, then sick hours later (death cap poisoning starts like a stomach bug).
    thenWithin(
      `(?:${foraging})[^.!?\\n]{0,60}?\\b(?:${mushrooms})|(?:${mushrooms})[^.!?\\n]{0,60}?\\b(?:${foraging})`,
      "vomit\\w*|throwing up|threw up|been sick|diarrh\\w*|erbrech\\w*|erbroch\\w*|brechen|gebrochen|kotz\\w*|uebergeb\\w*|durchfall|brechdurchfall",
      400,
      stopAcross,
    ),
    // Bleach mixed with another cleaner gives off chlorine gas; methotrexate taken daily instead of weekly.
    near("bleach|chlor\\w*", "mixed|mixing|gemischt|zusammengekippt|zusammengeschuettet", 50, stop),
    "methotrexate? (?:\\w+ ){0,4}(?:every day|daily|each day|jeden tag|taeglich)",
  ],
  // A wound that has bled through towels or dressings.
  bleeding: [
    "(?:bled|bleeding|bleeds|soaked|soaking|soakin|soaks) (?:right )?(?:through|thru) (?:\\w+ ){0,2}(?:towels?|tea ?towels?|bandages?|dressings?|plasters?|t-?shirts?|shirts?)|(?:durchgeblutet|blutet (?:\\w+ ){0,2}durch) (?:\\w+ ){0,3}(?:handtuch|handtuecher|geschirrtuch|geschirrtuecher|verband|verbaende|pflaster|t-?shirt)|(?:handtuch|handtuecher|geschirrtuch|verband|verbaende) (?:\\w+ ){0,3}durchgeblutet",
  ],
  // A large scald (the skin coming off, white or leathery), and a bone through the skin.
  "other-acute": [
    // Cauda equina: numbness around the bottom with back pain, weak legs or a bladder that will not empty.
    near(
      "saddle (?:numbness|anaesthesia|anesthesia)|cauda equina|reithose\\w*|(?:numb|no feeling|can'?t feel|taub|gefuehllos|kein gefuehl)(?: \\w+){0,4} (?:bottom|bum|backside|back passage|anus|genitals|groin|inner thighs?|when i wipe|po|gesaess|after|intimbereich|genitalbereich|oberschenkelinnenseiten?)",
      "back|ruecken|bandscheibe|disc|(?:can'?t|cannot|unable to|haven'?t been able to|couldn'?t) (?:\\w+ )?(?:wee|pee|urinate|pass urine)|wet myself|incontinen\\w*|(?:legs?|beine?) (?:\\w+ ){0,2}(?:weak|schwach|kraftlos)|(?:kann|konnte) (?:\\w+ ){0,3}nicht (?:mehr )?(?:wasserlassen|pinkeln|urinieren)|harnverhalt",
      200,
      stop,
    ),
    "bone (?:is |was )?(?:\\w+ )?(?:poking|sticking|coming|jutting) (?:out|through)|(?:knochen|chnoche) (?:\\w+ ){0,3}(?:raus|heraus|durch die haut|use|ussa)|(?:open|compound) fracture|offene[rn]? (?:bruch|fraktur)",
    near(
      "boiling|scald\\w*|hot (?:water|oil|fat|tea|coffee)|kochend\\w*|heiss\\w* (?:wasser|oel|fett|tee|kaffee)|verbrueh\\w*",
      "skin(?:'s| is)? (?:coming|peeling|falling) off|white patches|leathery|charred|(?:huge|big|large) blisters?|haut (?:loest sich|geht ab|kommt ab|haengt)|weisse? (?:flecken|stellen)|(?:riesige|grosse) blasen",
      100,
      stop,
    ),
  ],
  // One hand, or the sight on one side, failing since a moment in time.
  stroke: [
    near(oneSideFailing, onset, 80, stop),
    `(?:left|right|linke|rechte) (?:hand|arm|leg|bein|seite|side) (?:\\w+ ){0,2}(?:${onset}) (?:\\w+ )?(?:${failing})`,
  ],

  // A collapse during exercise (a heart rhythm problem until shown otherwise).
  cardiac: [near(collapse, exertion, 60, stop)],
  breathing: [throughAStraw, thenWithin(immobilised, clotSign, 200, stopAcross), thenWithin(clotSign, immobilised, 200, stopAcross)],
  anaphylaxis: [
    near(faceSwelling, hardBreathing, 80, stop),
    // Still wheezing or worse after the adrenaline pen: it needs a second dose and an ambulance.
    near(
      "epi ?pens?|adrenaline|auto-?injector|adrenalin\\w*|notfallpen|jext",
      "still (?:wheez\\w*|swelling|struggling|can'?t)|getting worse|worse|isn'?t (?:helping|working)|immer noch|schlimmer|wirkt nicht",
      100,
      stop,
    ),
  ],
  "self-harm": [
    "unalive (?:myself|me)|(?:gonna|going to|wanna|want to|will|i'?ll|about to|finna|bout to) (?:just )?kms|(?<!\\d )kms (?:fr|tonight|today|now|rn)",
    "(?:mich|mi) (?:\\w+ ){0,2}unaliven|(?<!\\d )kms (?:heute|jetzt|fr)",
  ],
};
