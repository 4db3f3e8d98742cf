/**
 * Suicide plans named without the usual words: a method or place, a farewell, and a time, two of them close
 * together ("parked at the cliff car park … it ends tonight", "der Schlauch ist schon am Auspuff … heute Nacht"),
 * and an attempt that failed and will be repeated. Written against normalizeText() output.
 */
import { near } from "./pattern-tools";

// Methods: with a farewell or a time of their own they name a plan.
const methods = [
  "rope|noose|hang(?:ing)? myself|belt round my neck|jump(?:ing)? (?:off|from|in front of)",
  "belt (?:\\w+ ){0,3}(?:door|beam|banister|hook|rail)",
  "helium|exit bag|(?:pills|tablets|meds) (?:are )?(?:working|kicking in)|(?:pills|tablets|meds) (?:all )?(?:taken|swallowed|down)",
  // Jumping now: with a farewell, a plan ("bye everyone. jumping now").
  "(?:and|then) jump|jump(?:ing)? (?:now|in \\d+ (?:min\\w*|seconds))|spring\\w* (?:ich )?(?:jetzt|gleich|in \\d+ minuten)",
  "(?:step|walk|lie down|lay down|throw myself|stand)(?:ping|ing)? (?:\\w+ )?(?:in front of|under|onto|on) (?:the |a )?(?:train|tram|tracks|lorry|truck|bus)",
  "(?:drive|driving|steer|crash|crashing|swerve)(?: \\w+){0,3} (?:into|off) (?:a |the )?(?:tree|wall|bridge|cliff|river|lake|oncoming|pillar|motorway)",
  "(?:put|putting|wrap|wrapping|plough|ploughing|plow|plowing) (?:the |my |his |her )?(?:car|motor|bike) (?:into|off) (?:a |the )?(?:\\w+ )?(?:tree|oak|wall|bridge|cliff|river|lake|pillar|lorry|truck)",
  "(?:i'?ll|i will|gonna|going to) be on the (?:line|tracks|rails)|(?:lie|lay|lying|laying|stand|standing) (?:down )?on the (?:line|tracks|rails)",
  "disposable (?:bbq|barbecue|grill)|(?:bbq|barbecue|grill) (?:is )?(?:in|inside) (?:the |my )?(?:bedroom|room|car|bathroom)",
  "(?:the |his |her |my )?exhaust|hose ?pipe|(?:the )?hose (?:is |into|on|through|taped|for the car)|car running in the garage|engine (?:on|running)|charcoal",
  "(?:the |a |my |dad'?s |his |her )(?:gun|pistol|rifle|shotgun)|(?:it'?s |gun is )loaded",
  "razor(?: ?blades?)?|(?:the |a )blades?",
  "(?:saved|saving|hoarded|hoarding|stockpiled|stockpiling|collected|collecting|stashed|counted out|lined up) (?:up )?(?:(?:my|the|his|her|all|some) )?(?:pills|tablets|meds|sleeping pills|painkillers)(?! for the (?:week|month|trip|holiday)| into (?:the|my) (?:organi[sz]er|box|dosette))",
  "(?:pills|tablets|meds) (?:are )?(?:\\w+ ){0,3}(?:lined up|counted out|saved up|in front of me|laid out)(?! for the (?:week|month|trip|holiday)| in (?:the|my) (?:organi[sz]er|box|dosette))",
  "strick|seil|schlinge|(?:mich )?(?:auf|er)haeng\\w*|(?:runter|hinunter|hinab|vor den zug) ?spring\\w*",
  "(?:gehe|geh|springe|spring|werfe|werf|lege|leg|laufe|lauf) (?:ich |mich )?(?:\\w+ )?vor (?:den|einen|de[nm]|e[nm]) (?:\\w+ )?(?:zug|ice|lkw|laster|bus|tram|zueg)",
  "vor (?:den|einen|de[nm]|e[nm]) (?:\\w+ )?(?:zug|ice|lkw|laster|bus|tram|zueg) (?:\\w+ )?(?:gehe|gehen|geh|springe|springen|werfe|werfen|legen|lege|laufen|laufe)",
  "(?:will|werde|geh|gehe|leg|lege|stell|stelle) (?:\\w+ ){0,2}(?:auf die|auf d|uf d|uf die) (?:gleise|schienen|gleis)",
  "(?:gegen|in) (?:einen|den|die|e|de) (?:baum|mauer|brueckenpfeiler|gegenverkehr|pfeiler) (?:\\w+ )?(?:fahren|rasen|steuern|fahre|rase|knallen)",
  "schlauch|auspuff|abgase?|holzkohle",
  "einweggrill\\w*|grill (?:\\w+ )?(?:im|ins|in meinem|in dem) (?:schlafzimmer|zimmer|auto|bad)",
  "waffe|pistole|gewehr|flinte",
  "rasierklinge\\w*|(?:die|eine|einer|meiner|der) klinge",
  "guertel (?:\\w+ ){0,3}(?:tuer\\w*|balken|haken|gelaender)",
  "(?:tabletten|pillen) (?:wirken|fangen an zu wirken)",
  "(?:tablett\\w*|pillen|medikamente) (?:sind |liegen |stehen )?(?:\\w+ ){0,4}(?:gesammelt|gsammelt|gehortet|gebunkert|abgezaehlt|zurueckgelegt|bereit|bereitgelegt|vor mir|aufgereiht)",
  "(?:gesammelt|gsammelt|gehortet|gebunkert|zurueckgelegt)\\w* (?:tablett\\w*|pillen|medikamente)",
].join("|");

// Places and means that people also name for ordinary reasons: only with a farewell.
const places = [
  "(?:train |railway |rail )?tracks|(?:the |a )?(?:train )?platform|(?:the )?(?:next|fast|express) train|level crossing",
  "(?:the |a |this )(?:\\w+ )?bridge|(?:the |a |this )?footbridge|(?:the |a )?roof(?:top)?|(?:the )?garage|(?:the )?ledge|(?:the |a )?cliffs?|multi[- ]?stor(?:e?y|ey) car park|top floor",
  "beachy head|(?:the |a )?quarry|(?:the )?viaduct",
  "(?:all|every one) (?:of )?(?:my |the |his |her )?(?:pills|tablets|meds|medication)|the whole (?:bottle|packet|box|pack|lot)",
  "gleis(?:e|en)?|bahnsteig|schienen|bahnuebergang|(?:naechsten|schnell)zug|gueterzug|(?:den|der|vorm|vor den) ice",
  "\\w*bruecke|\\w*brugg|(?:dem|das|vom|aufs|ufem|uf em) dach|\\w*dach|hochhaus|parkhaus\\w*|klippe|steilkueste|felsen|felswand|perron|gelaender|garage|steinbruch|viadukt",
  "alle (?:meine |seine |ihre |die )?(?:tabletten|pillen|medikamente)",
  // Giving one's things away, which people also do for ordinary reasons.
  "(?:gave|given|giving|handed) (?:away )?(?:my |all my )(?:\\w+ ){0,3}(?:to|away)|(?:gave|given) away|(?:can have|will get|gets|inherits) my|verschenkt|verschaenkt|weggegeben|vermacht|(?:kriegt|bekommt|erbt|kriegen|bekommen) (?:mein|meine|meinen)",
].join("|");

const farewell = [
  "goodbyes?|good byes?|farewell|bye (?:everyone|all|forever|world)",
  "last (?:message|text|words|post|goodbye)|final (?:message|text|words|post)",
  "(?:my|her|his|their|the) (?:last|final) (?:sunset|sunrise|day|night|morning|breath|cigarette|song)",
  "(?:letters?|notes?) (?:is |are |have been |has been )?(?:written|done|left|sealed|on the (?:table|desk|kitchen table))|wrote (?:a |my |the )?(?:note|letters?|goodbye)",
  "left (?:a |my )?(?:goodbye |farewell )?(?:note|letters?)(?: \\w+){0,4} for (?:whoever|everyone|my (?:family|kids|children|wife|husband|partner|parents|mum|mom|dad))",
  "for whoever finds (?:me|the car|my body|him|her|it)|last (?:night|day) on earth",
  "(?:after that|after (?:today|tomorrow)),? i won'?t need (?:anything|it|them)|(?:not|never|won'?t be) coming (?:back|home|down)",
  "(?:will|affairs|everything|things) (?:is |are )?(?:all )?(?:sorted|in order|arranged|settled|ready|prepared|set)",
  "(?:don'?t|do not) (?:try (?:to |and )?)?(?:stop|find|talk me out of|come (?:and |to )?(?:find|get)) (?:me|it)|(?:nobody|no one|noone) (?:can|will) stop me",
  "thank(?:s| you) for everything|sorry (?:to|mum|mom|dad|everyone|all)|if you'?re reading this|by the time you read this|sleep forever|finish (?:it|the job)|do it (?:properly|right)|get it right this time",
  "(?:going to|gonna|about to|want to|will|i'?ll) jump|jump(?:ing)? (?:soon|tonight)",
  // A mind made up, a method that must work: "I've made up my mind", "so it definitely works".
  "(?:i'?ve |i have )?made up my mind(?! (?:to|about|on|which|what|whether|if))|my mind is made up|(?:so|that) it (?:\\w+ )?works|want it to work|mein entschluss steht|(?:damit|dass) es (?:auch |sicher |wirklich )?klappt",
  "(?:don'?t|do not) wait (?:up|for me)|wartet? (?:nicht|ned|net) auf (?:mich|mi)|sorry for everything|look after (?:my|the) (?:dog|cat|kids|children|boys|girls)|tell (?:\\w+ ){1,2}(?:i love|i'?m sorry)",
  "it (?:all )?ends|end(?:s|ing)? it|for good|won'?t be (?:here|around)(?: tomorrow| any ?more)?|this is it",
  "won'?t (?:be )?need(?:ing)? (?:anything|them|it|any of (?:it|this|them))(?: after| any ?more| where i'?m going)|(?:easiest|only|best|quickest) way out|way out for (?:everyone|all of us)|(?:nobody|no one|noone) (?:will )?miss(?:es)? me|(?:finished|wrote|written) (?:the |my )?(?:letters?|notes?) (?:to|for) (?:my |the )?\\w+",
  // German
  "(?:mein|meine|ihr|ihre|sein|seine|der|die) letzte[rn]? (?:sonnenuntergang|sonnenaufgang|tag|abend|nacht|zigarette|lied)",
  "(?:ver)?abschied\\w*|tschuess|adieu|pfiat \\w+|danke fuer alles|sorry an alle|wenn du das liest|schlafen,? fuer immer|(?:bring\\w*|mach\\w*) (?:es|das|ichs|ich's) (?:diesmal |heute |jetzt )?(?:zu ende|richtig)|das war'?s dann",
  "(?:will|wollen|moechte|werde|wett|tue) (?:\\w+ )?(?:springen|runterspringen)|spring\\w* (?:ich )?runter|(?:in \\d+ minuten) spring\\w*",
  // Gone for good at the end of a clause: "wenn meine Eltern morgen kommen, bin ich weg. sorry".
  "bin ich (?:dann )?(?:fuer immer )?weg(?=[.!,\\n]|$)",
  "lebt wohl|(?:mach'?s|machts) gut fuer immer|letzte[rn]? (?:nachricht|worte|sms|post)|letzten worte|letschti nachricht",
  "(?:briefe?|zettel) (?:sind |ist |liegt |liegen )?(?:geschrieben|fertig|auf dem tisch)|abschiedsbrief\\w*|testament",
  "fuer wen auch immer|wer auch immer (?:mich|das auto|den wagen|mi) findet|letzte[rn]? (?:nacht|tag) auf (?:der |dera )?(?:erde|welt)",
  "(?:komme?|kumm|chume?) (?:\\w+ )?(?:nicht|nie|ned|nimmer) (?:mehr )?(?:runter|heim|nach hause|zurueck|obe|owa)",
  "(?:heute|heit|hit|huet) (?:ist|is|isch) (?:es )?(?:aus|as|vorbei|schluss)|(?:dass|das) mi(?:ch)? (?:wer|jemand|einer|keiner) (?:aufhoit|aufhaelt|aufhalt|aufhalten|stoppt)",
  "(?:alles|es) (?:ist )?(?:\\w+ ){0,3}(?:geregelt|vorbereitet|bereit|erledigt|organisiert)",
  "(?:haltet|halt|hebet|hebed|hebt) mich (?:nicht|nich|noed|net) (?:auf|uf|zurueck)|(?:versucht|versuch) nicht,? mich aufzuhalten|niemand (?:kann|wird) mich (?:aufhalten|stoppen)",
  "(?:es )?tut mir leid fuer alles|kuemmert? (?:euch|dich) um (?:die|den|meine|meinen)",
  "(?:heute )?ist schluss|schluss machen|es endet|nicht mehr da sein|fuer immer",
  "(?:brauch|brauche|bruch|bruuch) (?:\\w+ ){0,4}(?:ja |dann )?nichts? mehr|(?:niemand|keiner) (?:wird )?(?:mich )?vermiss\\w*|(?:einfachste|einzige|beste) (?:ausweg|loesung) fuer alle|(?:nicht|ned|nimmer|nie) (?:mehr )?zurueck(?:kommen|komme|kommt)?",
].join("|");

const time = [
  "tonight|this evening|at midnight|after midnight|before morning|today is the day|in an hour",
  "when (?:everyone|they|the kids|my (?:wife|husband|partner|parents|mum|mom|dad))(?:'s| is| are)? (?:asleep|in bed|gone|out)",
  "heute nacht|heut nacht|heute abend|heute ist der tag|um mitternacht|wenn alle schlafen|huet znacht|znacht|in einer stunde",
  "after (?:i (?:finish|send|post)|sending|posting) this(?: message| text| post)?|(?:wenn|sobald) ich (?:das |dies )?(?:hier )?(?:abgeschickt|gesendet|fertig) (?:hab|habe|bin)",
  "it'?s happening (?:today|tonight|now)|today'?s the day|tonight'?s the night|heute (?:passiert|ist) es|heute ist es so ?weit|heute nacht ist es so ?weit",
  "(?:when|once) (?:\\w+ ){1,3}(?:leaves?|has left|goes out|goes to work|(?:is|are) (?:gone|asleep|out))|(?:wenn|sobald) (?:\\w+ ){1,3}(?:weg (?:ist|sind)|gegangen (?:ist|sind)|zur arbeit geht|aus dem haus (?:ist|geht)|schlaeft|schlafen|im bett (?:ist|sind))",
].join("|");

// Times people also name for ordinary plans: only with a method or rest.
const when = [
  "(?:tomorrow|this) (?:morning|night|evening|at \\d{1,2})|(?:at|by) \\d{1,2}[:.]\\d{2}|when the next train|after this weekend|this weekend",
  "morgen (?:frueh|um|abend|nacht)|morn (?:am|um|frueh|znacht)|um \\d{1,2}[:.]\\d{2}|wenn der naechste zug|ab dem wochenende|nach dem wochenende|dieses wochenende",
].join("|");

// The scene set for a method: only with one.
const setup = [
  "(?:window|windows|door|vents?|room|bathroom)(?: \\w+)? (?:is |are )?(?:sealed|taped up|taped shut)|(?:on|in) my (?:lap|hand)|in my mouth|against my (?:head|temple|chest)",
  "abgedichtet|zugeklebt|abgeklebt|auf meinem schoss|in meiner hand|im mund|an meine[rn]? (?:kopf|schlaefe)",
].join("|");

// Rest and peace as words for death: only with a method or a place.
const rest = [
  "(?:finally|at last) (?:get )?(?:some )?(?:proper |real )?(?:rest|peace)|(?:rest|sleep|peace) (?:forever|for good)|get some proper rest",
  "endlich (?:meine |mei )?ruhe|(?:dann|daenn|denn) (?:ist|isch|is) (?:endlich )?(?:rue?he?|frieden)|ewige ruhe",
].join("|");

/** Two signs of a plan within this many characters on one line (a plan is often told in two short sentences). */
export const PLAN_WITHIN = 160;

/** The signs of a plan, one named group each, matched in one pass (plan-matches.ts pairs them up). */
export const planSigns = new RegExp(
  `\\b(?:(?<method>${methods})|(?<place>${places})|(?<farewell>${farewell})|(?<time>${time})|(?<when>${when})|(?<rest>${rest})|(?<setup>${setup}))\\b`,
  "g",
);
export type PlanSign = "method" | "place" | "farewell" | "time" | "when" | "rest" | "setup";

/** The pairs of signs that name a plan: a method or place with a farewell, a method or a farewell with a time. */
export const planPairs: readonly (readonly [PlanSign, PlanSign])[] = [
  ["method", "farewell"],
  ["method", "time"],
  ["place", "farewell"],
  ["farewell", "time"],
  ["method", "when"],
  ["method", "rest"],
  ["place", "rest"],
  ["method", "setup"],
];

/** Self-harm patterns for repeated attempts (each is matched between word boundaries). */
export const planPatterns: string[] = [
  // A failed attempt that will be repeated.
  "(?:woke up|didn'?t work|did not work|failed|threw (?:it|them) up|pulled me out|didn'?t hold)[^\\n]{0,100}?(?:the rest|again|finish (?:it|the job)|next time|properly this time|right this time)",
  // A car's exhaust led into it is a plan on its own.
  "(?:garage|car|auto|wagen)\\b[^.!?\\n]{0,80}?\\b(?:hose|exhaust|schlauch|auspuff|abgase)|(?:hose|schlauch)\\b[^.!?\\n]{0,40}?\\b(?:exhaust|auspuff)",
  "(?:taking|take|swallowing|swallow|doing|do) the rest(?: now| tonight)?",
  // A jump survived, and a higher place named for the next one.
  "(?:didn'?t work|did not work|failed|survived|landed (?:in|on)|woke up|nicht (?:geklappt|funktioniert)|ueberlebt|gelandet|aufgewacht)[^\\n]{0,120}?\\b\\w*(?:bridge|viaduct|roof|building|car park|cliff|tower|bruecke|viadukt|dach|hochhaus|parkhaus|klippe|turm)\\b[^.!?\\n]{0,20}?\\b(?:higher|taller|hoeher)",
  "(?:aufgewacht|nicht (?:geklappt|funktioniert|gereicht|gehalten)|nich geklappt|noed klappet|rausgezogen|wieder ausgekotzt)[^\\n]{0,100}?(?:den rest|nochmal|noch mal|diesmal|richtig|wiederholen|zu ende)",
  "(?:took|taken|swallowed|have had) (?:all|the whole|every one of|every last one of) (?:of )?(?:my |the |his |her )?(?:pills|tablets|meds|sleeping pills|antidepressants)|(?:alle|saemtliche) (?:meine |seine |ihre )?(?:tablett\\w*|pillen|medikamente) (?:genommen|geschluckt|eingenommen)|(?:genommen|geschluckt) alle (?:tablett\\w*|pillen)",
  "(?:nehme?|schlucke?) (?:jetzt |gleich |heute )?den rest",
  // Everything taken, told flatly: "took them all", "alle genommen".
  "(?:took|taken|swallowed|necked|downed) (?:them|the lot|em) all|(?:hab|habe|hab sie|habe sie) alle (?:genommen|geschluckt)|alle (?:genommen|geschluckt)",
  // Sitting in a closed garage with the engine running, whatever the words around it.
  "(?:closed|shut|locked|geschlossene\\w*|zue\\w*) garage\\b[^.!?\\n]{0,60}?\\b(?:car|engine|motor)\\b[^.!?\\n]{0,15}?\\b(?:running|idling|laeuft|lauft|lauet)\\b|(?:car|engine|motor) (?:running|laeuft)[^.!?\\n]{0,40}?\\b(?:closed|shut|locked|geschlossene\\w*) garage",
  // A noose tested, a helium bag.
  "(?:holds?|held|take|takes|hold) my (?:weight)|(?:haelt|hielt|traegt|tragt) mein (?:gewicht)|helium (?:tank |canister |bottle )?(?:and|with|\\+) (?:a |the )?(?:bag|hood|mask|tube)|helium (?:\\w+ )?(?:und|mit|\\+) (?:einen |einem |nem |ne |eine )?(?:beutel|tuete|schlauch|maske)",
  // On a ledge or past a railing, up high.
  "(?:sitting|standing|sat|stood|i'?m|sitz\\w*|steh\\w*|hock\\w*) (?:\\w+ ){0,2}(?:on the (?:ledge|parapet)|on the edge of the (?:roof|bridge|cliff|platform|building|car park|multi[- ]?stor(?:e?y|ey) car park|tower)|on the wrong side of the (?:railing|barrier|fence)|auf der (?:bruestung|dachkante)|auf dem sims|auf der falschen seite (?:vom|von dem|des) gelaender)",
  "(?:climbed|climbing) over the (?:railing|barrier|fence)|ueber (?:das|dem) gelaender (?:geklettert|gestiegen)",
  // Everything in the medicine cabinet swallowed.
  "(?:swallowed|taken|took|downed|necked) (?:everything|all|what(?:ever)? (?:was|is) (?:left|in)|whatever i could find)(?: \\w+){0,5} (?:medicine cabinet|medicine cupboard|cabinet|cupboard|pills|tablets|meds|drawer|bottle)",
  "(?:geschluckt|genommen|eingeworfen|gschluckt),? (?:was|alles,? was) (?:\\w+ ){0,3}(?:medikamentenschrank|hausapotheke|schublade|apothekenschrank|badschrank)|(?:alles|den ganzen \\w+) aus (?:der|dem) (?:hausapotheke|medikamentenschrank|badschrank) (?:geschluckt|genommen|eingeworfen)",
  // With drink, or what it does: "a bottle of wine and then everything from the bathroom cabinet".
  near(
    "alles aus (?:der|dem) (?:hausapotheke|medikamentenschrank|medizinschrank|arzneischrank|badschrank|badezimmerschrank)",
    "flasche|wein|schnaps|wodka|bier|tablett\\w*|pillen|schwebend|benommen|schwindlig|schwindelig",
    80,
    "nicht|kein\\w*|nie|ohne|aber",
  ),
  "(?:walk|go|swim|wade)\\w*(?: \\w+){0,3} into the (?:sea|lake|river|water|ocean)[^.!?\\n]{0,50}?\\b(?:not|never|won'?t) (?:be )?(?:come|coming) back",
  "(?:in den|in die|ins|in de) (?:see|fluss|meer|wasser)\\b[^.!?\\n]{0,40}?\\b(?:nicht|nie|ned) (?:mehr )?zurueck",
];
