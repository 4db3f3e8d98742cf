/**
 * The groups where a calm or understated message hides an emergency (infants with fever, fever during chemotherapy,
 * pregnancy warning signs, swallowed batteries, head injuries, thunderclap headache, hernia, torsion, hypoglycaemia,
 * snake bites, burns to the face), English and German. Written against normalizeText() output.
 */
import type { RedFlagCategory } from "../../shared/values";
import { near, STOP_ACROSS as stopAcross, thenWithin } from "./pattern-tools";

const stop = "no|not|without|but|never|kein|keine|keinen|nicht|ohne|aber";
const infant =
  "(?:[1-9]|1[0-1]) ?(?:weeks?|wks?|wk|wochen?) (?:old|alt\\w*)|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven) weeks? old|newborn|new born|neonate|(?:[12]|one|two) ?(?:months?|mo|monate?) (?:old|alt\\w*)|neugeboren\\w*|saeugling|(?:[1-9]|1[01]) wochen alte\\w*|(?:baby|son|daughter|boy|girl|sohn|tochter|kind|bub|bua|maedchen|kleine\\w*),? (?:is |ist )?(?:[1-9]|1[01]) ?(?:weeks?|wks?|wochen?)|(?:baby|son|daughter|boy|girl|sohn|tochter|kind|bub|bua|maedchen|kleine\\w*),? (?:is |ist )?(?:[12]|one|two) ?(?:months?|monate?)";
const fever = "fever\\w*|temp(?:erature)?|38[.,]\\d|39(?:[.,]\\d)?|40(?:[.,]\\d)?|hot to (?:the )?touch|fieber\\w*";
/** A fever as a word or a reading, not "temperature" alone ("what temperature should the room be?"). */
const feverSign = "fever\\w*|(?:38|39|40)(?:[.,]\\d)?(?: ?°| ?c\\b| degrees| grad)|hot to (?:the )?touch|fieber\\w*";
const chemo = "chemo\\w*|chemotherapie|immunotherapy|immuntherapie|neutropeni\\w*|leukaemia treatment|krebstherapie";
const headHit =
  "bump on (?:the|his|her|my) head|(?:knock|bump|bang|blow) to the head|knocked (?:out|unconscious)|fell (?:off|from|out of) (?:the |a |his |her |my )?(?:top bunk|bunk bed|bed|changing table|sofa|couch|chair|ladder|climbing frame|swing|bike|trampoline|horse|tree)|beule am kopf|k\\.o\\. (?:gecheckt|geschlagen|gegangen)|ko (?:gecheckt|geschlagen|gegangen)|bewusstlos geschlagen|(?:vom|von der|vo de|vom) (?:hochbett|etagenbett|bett|wickeltisch|sofa|stuhl|leiter|klettergeruest|schaukel|fahrrad|rad|velo|pferd|baum|trampolin) (?:\\w+ ){0,2}(?:gefallen|gestuerzt|gheit|gfalle|gflogen)|mit (?:em|am) (?:hinter)?chopf (?:uf|gege|a)|(?:hit|banged|bumped|knocked|smacked|whacked) (?:his|her|my|their|the back of (?:his|her|my)) head|fell (?:and|on|onto) (?:hit|banged|(?:his|her|my) head)|head injury|head first|(?:kopf|hinterkopf) (?:angeschlagen|aufgeschlagen|gestossen|geknallt)|mit dem (?:hinter)?kopf (?:auf|aufs|gegen|an|ans)|sturz auf den kopf|auf den kopf gefallen";
const afterHeadHit =
  "keeps (?:falling asleep|nodding off)|wants to (?:sleep|go to sleep)|won'?t stay awake|can'?t keep (?:him|her) awake|can'?t remember|spuck\\w*|gspiebn|gespieben|speib\\w*|g?chotz\\w*|(?:will|moechte) (?:\\w+ ){0,2}(?:schlafen|pennen)|schlaeft (?:\\w+ ){0,2}ein|schlaft (?:\\w+ ){0,3}ii|nicht wach (?:zu )?(?:halten|bleiben)|weiss (?:nix|nichts) mehr|erinnert sich an nichts|vomit\\w*|threw up|throwing up|been sick|drowsy|sleepy|confused|keeps asking|repeating (?:himself|herself)|not making sense|erbroch\\w*|(?<!(?:arm|bein|handgelenk|fuss|knoechel|hand|finger|zeh|rippe|rippen|schluesselbein|nase|knochen|huefte|steissbein|ellbogen|wirbel)\\w* )gebrochen|kotz\\w*|uebergeb\\w*|schlaefrig|benommen|verwirrt|fragt (?:immer|dauernd|staendig|andauernd)";
const swallowed =
  "swallow\\w*|ate|eaten|eating|in (?:his|her|their) mouth|chewed|drank|drunk|got (?:into|hold of)|gotten into|verschluck\\w*|geschluckt|gegessen|getrunken|im mund|um (?:den|de|'n|n) mund|am mund|around (?:his|her|their) mouth|erwischt|abgebissen|angebissen|ogbissn|gessn|gegessn|trunke|trunken|getrunke|gschluckt";
const dangerous =
  "button batter(?:y|ies)|coin batter(?:y|ies)|lithium batter(?:y|ies)|magnets?|dishwasher (?:tablet|pod)s?|laundry (?:pod|capsule|tablet)s?|liquitabs?|bleach|drain cleaner|oven cleaner|dishwasher salt|(?:my|his|her|grandma'?s|nan'?s|the) (?:pills|tablets|blood pressure pills|heart pills|iron tablets|antidepressants|sleeping pills)|knopfbatterie\\w*|knopfzelle\\w*|magnete?|spuelmaschinentab\\w*|waschmittel(?:kapsel|pod)\\w*|abflussreiniger|backofenreiniger|chlorreiniger|entkalker\\w*|geschirrspueltab\\w*|(?:omas|opas|meine|seine|ihre) (?:tabletten|pillen)|(?:blutdrucktabletten|herztabletten|eisentabletten|schlaftabletten|beruhigungstabletten|antidepressiva)|weed ?killer|rat poison|slug pellets?|antifreeze|lamp oil|pesticide|unkrautvertilger|unchrutvertilger|unkrautex|rattengift|schneckenkorn|frostschutz\\w*|lampenoel|pflanzenschutz\\w*";

const pregnancy =
  "pregnan\\w*|weeks|\\d+ ?wks|ssw|schwanger\\w*|[1-4]\\d ?\\+ ?[0-6]|(?:[1-4]\\d)\\.? ?(?:woche|wochn|schwangerschaftswoche)";
/** Pregnancy named on its own (not bare "weeks"), for signs told in the next sentence. */
const pregnant =
  "pregnan\\w*|(?:2\\d|3\\d|4[0-2]) ?(?:weeks|wks)\\b|[1-4]\\d ?\\+ ?[0-6]|ssw|schwanger\\w*|(?:[1-4]\\d)\\.? ?(?:woche|schwangerschaftswoche)";
const preEclampsiaSign =
  "flicker\\w*|flashing|flashes|zig ?zags?|blurr\\w*|upper (?:abdominal|stomach|tummy) pain|oberbauch\\w*|augenflimmern|flimmer\\w*|(?:bp|blood pressure|blutdruck|rr) (?:\\w+ ){0,3}(?:1[6-9]\\d|2\\d\\d) ?(?:/|over|zu)";
const postpartum =
  "had (?:her|my|the|a|our) baby (?:\\w+ ){0,2}(?:days?|weeks?) ago|postpartum|post ?partum|after (?:giving )?birth|since (?:the )?birth|days? after (?:the |my )?(?:birth|delivery|c-?section|caesarean)|nach (?:der )?(?:geburt|entbindung)|wochenbett|(?:tage|tag) nach (?:dem )?kaiserschnitt";

/** Patterns per category for the understated groups. */
export const groupPatterns: Partial<Record<RedFlagCategory, string[]>> = {
  "other-acute": [
    near(infant, fever, 80, stop),
    near(chemo, `${fever}|shiver\\w*|shaking|rigors|schuettelfrost`, 100, stop),
    near(headHit, afterHeadHit, 140, stop),
    // Context first, then the sign in a later sentence ("She's 5 weeks old. Temp 38.3.").
    thenWithin(infant, feverSign, 160, stopAcross),
    thenWithin(chemo, `${feverSign}|shiver\\w*|rigors|schuettelfrost`, 160, stopAcross),
    thenWithin(headHit, afterHeadHit, 240, stopAcross),
    near(
      "hernia|(?:leisten|nabel)bruch|bruch",
      "won'?t (?:go|push) back|can'?t (?:push|get) it back|hard|stuck|vomit\\w*|geht nicht (?:mehr )?(?:zurueck|rein)|laesst sich nicht|hart|eingeklemmt|erbroch\\w*",
      80,
      stop,
    ),
    near(
      "testic\\w*|scrotum|hoden\\w*",
      "sudden\\w*|severe|swollen|agony|twist\\w*|ploetzlich|stark\\w*|geschwollen|verdreh\\w*",
      60,
      stop,
    ),
    near(
      "(?:blood )?sugar|glucose|bg|bm|bz|(?:blut)?zucker|hypo",
      "confused|confusion|not making sense|slurr\\w*|won'?t wake|can'?t wake|verwirrt|durcheinander|lallt|wirres zeug|nicht (?:mehr )?ansprechbar|nicht wach",
      80,
      stop,
    ),
    "snake ?bite|bitten by (?:a|an) (?:snake|adder|viper)|adder bite|schlangenbiss|kreuzotter\\w*|(?:von|vonner) (?:einer|ner) (?:schlange|otter) gebissen|viper\\w*",
    near(
      // Not "burning": a burning throat is mostly heartburn.
      "burn(?:t|ed|s)?|scald\\w*|flames?|verbrenn\\w*|verbrueh\\w*|verbrannt",
      "face|mouth|throat|airway|lips|nostrils|singed|gesicht|mund|hals|rachen|atemweg\\w*|lippen|versengt",
      40,
      stop,
    ),
    "breathed in (?:smoke|steam|flames|fumes)|(?:rauch|dampf) eingeatmet",
    near(
      "eyes?|augen?",
      "can'?t see|cannot see|full of blood|lost (?:his|her|my) (?:sight|vision)|sieht nichts|nichts mehr sehen|voller blut|voll blut",
      60,
      stop,
    ),
    near(
      "accident|crash|unfall|sturz|fell|hit by",
      "(?:pee|peeing|urine|wee|urin|pinkel\\w*)(?: \\w+){0,3} (?:blood|blut)|blood in (?:my |his |her )?(?:pee|urine|wee)|blut im urin",
      120,
      stop,
    ),
  ],
  // A thunderclap headache is a bleed in the brain until shown otherwise.
  stroke: [
    "(?:knall|bang|pop|snap|explosion)[\"'“”]? (?:\\w+ ){0,2}(?:in|im|inside) (?:my |his |her |the |meinem |dem )?(?:head|kopf)",
    near(
      "sudden(?:ly)?|out of nowhere|like being hit|like a (?:thunderclap|bang|hammer)|explod\\w*|thunderclap|worst (?:ever )?",
      "headache|head pain|pain in (?:my|his|her) head",
      40,
      stop,
    ),
    near(
      "ploetzlich\\w*|schlagartig|wie ein (?:schlag|blitz|hammer)|donnerschlag\\w*|vernichtend\\w*|staerkste\\w*",
      "kopfschmerz\\w*|kopfweh",
      40,
      stop,
    ),
  ],
  breathing: [
    // An oxygen saturation of 92 % or less on a home pulse oximeter (NHS: go to A&E).
    "(?:sats|spo2|o2 sat\\w*|oxygen(?: sat\\w*| levels?)?|sauerstoff\\w*|saettigung) (?:\\w+ ){0,4}(?:[5-8]\\d|9[0-2])(?:\\b|%)(?! ?(?:years?|jahre?|mins?|minutes?|minuten))",
    near(
      "flew|flight|long[- ]haul|geflogen|langstreckenflug|flug",
      "(?:short of|catch(?:ing)? (?:my|his|her)|out of) breath|breathless|can'?t breathe|luftnot|atemnot|kriege? keine luft|kurzatmig",
      150,
      stop,
    ),
    near(
      "peanut|nut|erdnuss|nuss|lego|coin|muenze|bead|perle|grape|traube|bonbon|sweet",
      "(?:turned|went|was|war|wurde) (?:\\w+ )?(?:blue|blau)|keeps coughing|hustet (?:\\w+ )?(?:ununterbrochen|dauernd|staendig)|wheez\\w*|pfeif\\w*|can'?t breathe|kriegt keine luft",
      100,
      stop,
    ),
    near(
      infant,
      "grunt\\w*|stoehn\\w*|pauses|pausen|atempause\\w*|stops breathing|hoert auf zu atmen|(?:turn|went|is) blue|blau",
      100,
      stop,
    ),
  ],
  cardiac: [near("heartburn|indigestion|sodbrennen", "arms?|sweat\\w*|jaw|schweiss\\w*|schwitz\\w*|verschwitzt|kiefer", 80, stop)],
  poisoning: [
    near(swallowed, dangerous, 80, stop),
    // Paracetamol taken too often adds up to an overdose over a day.
    near(
      "paracetamol|acetaminophen|tylenol|panadol|calpol|co-?codamol|ben-u-ron",
      "every (?:1|2|one|two|couple of) hours?|alle (?:1|2|ein|eine|zwei) stunden?|(?:1[3-9]|[2-9]\\d) (?:\\w+ )?in (?:24|one day|a day|einem tag)",
      120,
      stop,
    ),
    // Tablets gone missing near a small child.
    near(
      "\\((?:[1-5])\\)|toddler|youngest|(?:[1-5]|two|three|four) ?(?:year|yr)s? old|(?:[1-9]|1\\d|2[0-4]) months? old|kleine\\w*|juengste\\w*|(?:[1-9]|1\\d|2[0-4]) monate\\w*|enkel\\w*",
      "(?:pills|tablets|tabletten|pillen|stueck) (?:are |sind )?missing|(?:pills|tablets) gone|missing (?:\\w+ ){0,2}(?:pills|tablets)|fehlen (?:\\w+ ){0,3}(?:tabletten|pillen|stueck)|(?:tabletten|pillen) fehlen|wie viele (?:er|sie) (?:\\w+ )?(?:gegessen|geschluckt|genommen)|how many (?:he|she) (?:ate|took|swallowed|had)",
      140,
      stop,
    ),
  ],
  obstetric: [
    near("soak\\w*|soaking|filled|filling|through", "pads?|maternity pads?", 30, stop),
    near("(?:binden?|vorlagen?)", "durch\\w*|voll|durchgeblutet|jede stunde|pro stunde", 30, stop),
    near(
      pregnancy,
      "flicker\\w*|flashing|flashes|zig ?zags?|sparkl\\w*|spots in (?:my|her) (?:eyes|vision)|blurr\\w*|upper (?:abdominal|stomach|tummy) pain|top of (?:my |her )?(?:tummy|stomach|belly)|under (?:my|her) ribs|oberbauch\\w*|rippenbogen|augenflimmern|flimmer\\w*|flacker\\w*|(?:bp|blood pressure|blutdruck|rr) (?:\\w+ ){0,3}(?:1[6-9]\\d|2\\d\\d) ?/",
      100,
      stop,
    ),
    near(
      pregnancy,
      "(?:bleed\\w*|blut\\w*|bluat\\w*)(?=[^.!?\\n]{0,80}\\b(?:pain|hurts?|cramp\\w*|agony|weh|schmerz\\w*|kraempf\\w*|tuat))",
      80,
      stop,
    ),
    thenWithin(pregnant, preEclampsiaSign, 160, stopAcross),
    near(postpartum, fever, 80, stop),
    near(
      postpartum,
      "(?:sees|seeing|see) (?:little )?(?:stars|spots|flashes|flashing lights)|sternchen|flimmer\\w*|(?:bp|blood pressure|blutdruck|rr) (?:\\w+ ){0,3}(?:1[6-9]\\d|2\\d\\d) ?(?:/|over|zu)",
      160,
      stop,
    ),
    "(?:cord|nabelschnur) (?:\\w+ ){0,3}(?:coming out|hanging out|is out|kommt raus|kommt heraus|haengt raus|schaut raus)|(?:see|seeing|sehe|seh) (?:\\w+ ){0,3}(?:the |die )?(?:umbilical )?(?:cord|nabelschnur)",
    "stop(?:ped)? feeling (?:the )?baby move|(?:haven'?t|have not|hasn'?t|not) felt (?:a single|any|one|a) (?:kick|movement)|keinen (?:einzigen )?tritt (?:mehr )?gespuert",
    "not (?:felt|feeling) (?:him|her|the baby|baby|it|any) (?:move|moving|kick\\w*|since)|(?:spuer\\w*|gespuert) (?:\\w+ ){0,3}(?:nicht|kaum|keine) (?:mehr )?(?:bewegen|bewegung\\w*|tritte|strampeln)",
    "(?:baby|bump|bub) (?:hasn'?t|has not|isn'?t|is not|not|hardly|barely) (?:moved|moving|kicking|kicked)|(?:fewer|less|reduced|no|hardly any) (?:baby )?(?:movements|kicks)",
    // Labour before 37 weeks (not practice contractions).
    near(
      "(?:2\\d|3[0-6]|twenty(?:[- ]\\w+)?|thirty(?:[- ](?:one|two|three|four|five|six))?) ?(?:weeks?|wks?)|(?:2\\d|3[0-6])\\.? ?(?:woche|wochn|ssw|schwangerschaftswoche)|ssw (?:2\\d|3[0-6])",
      "(?:(?<!braxton hicks |practice |false )(?:contractions|tightenings?)|wehen|waters? (?:broke|broken|went)|fruchtblase (?:ist )?(?:geplatzt|gesprungen)|(?:bump|belly|tummy) (?:keeps )?(?:going|getting|gets|goes) (?:hard|tight)|bauch (?:wird |ist )?(?:\\w+ )?hart)(?![^.!?\\n]{0,30}\\b(?:once|twice|occasionally|now and then|einmal|zweimal|ab und zu|gelegentlich|manchmal)\\b)",
      80,
      "no|not|without|never|kein\\w*|nicht|ohne|nie",
    ),
    // Active labour: contractions three minutes apart or closer.
    "(?:contractions|wehen) (?:\\w+ ){0,2}(?:every|alle) (?:[1-3]|two|three|zwei|drei)(?: ?(?:-|–|to|bis) ?[1-4])? ?min\\w*",
    // A positive pregnancy test with fainting or one-sided pain (an ectopic pregnancy).
    near(
      "(?:pregnancy |schwangerschafts)?test (?:was |is |ist |war )?positiv\\w*|positive (?:pregnancy )?test",
      "faint\\w*|passed out|collaps\\w*|weggekippt|umgekippt|ohnmaecht\\w*|(?:left|right|one[- ]sided|links|rechts|einseitig\\w*) (?:\\w+ ){0,3}(?:pain|schmerz\\w*)|(?:pain|schmerz\\w*) (?:\\w+ ){0,2}(?:left|right|links|rechts)",
      120,
      stop,
    ),
    "(?:urge|need) to push|feel(?:s|ing)? like (?:i|she) (?:need|needs|have|has) to push|pressdrang|pressen muss|muss pressen",
    // The same signs in everyday words: a birth under way outside hospital, waters broken, movements gone.
    "(?:gotta|got to|has to|have to|needs? to|wants? to|urge to) push (?:now|right now|already)|(?:can|could) see (?:the |its |the baby'?s )?head|head is (?:out|showing|crowning)|crowning",
    "waters? (?:\\w+ ){1,2}(?:broke|broken|went|gone)",
    "(?:haven'?t|havent|have not|hasn'?t|hasnt|not|didn'?t|no longer) felt (?:the |my |her )?baby (?:move|kick)\\w*",
    "(?:kopf|koepfchen) (?:ist |is |isch )?(?:schon )?(?:draussen|raus|dusse|zu sehen|sichtbar)|(?:seh|sehe|sieht|sehen) (?:ich )?(?:schon )?(?:den|das|de) (?:kopf|koepfchen)|baby kommt (?:jetzt|gleich|schon)|presswehen",
  ],
};
