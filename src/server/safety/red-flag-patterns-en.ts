import type { RedFlagCategory } from "../../shared/values";
import { near } from "./pattern-tools";

// English patterns, written against normalizeText() output; see red-flag-patterns.ts.
const chest = "(?:chest|chets|chesst|breastbone|sternum)";
const pain = "(?:pain|pian|pains|hurts?|hurting|pressure|tightness|tight|squeezing|crushing|ache)";
const trigger = "(?:\\w*stings?|bites?|peanuts?|nuts?|shellfish|shrimps?|prawns?|seafood|penicillin|antibiotics?|medication)";
const child = "(?:child|kid|son|daughter|baby|toddler|year old|grandson|granddaughter)";
const hazard =
  "(?:bleach|poison|rat poison|weed killer|antifreeze|drain cleaner|lamp oil|pesticide|insecticide|detergent|laundry pods?|batter(?:y|ies))";
const stop = "no|not|without|but|never";
const swelling = "(?:is |are |feels |feel |started |starting |keeps |getting )?(?:swelling|swollen|swelled|closing)";

/** English patterns per category. */
export const englishPatterns: Record<RedFlagCategory, string[]> = {
  cardiac: [
    `${chest} ${pain}`,
    `${pain} (?:in|on|across|behind|under) (?:my |the |his |her )?${chest}`,
    near(chest, pain, 25, stop, false),
    "clutching (?:at )?(?:my |his |her )?chest",
    `${chest} (?:feels|is|feel) (?:tight|heavy|crushed)`,
    "(?:heart ?|hart )at?ta(?:ck|k)s?",
    "myocardial infarction",
    "pain (?:spreading|radiating|going|moving|shooting) (?:in|into|to|down|up) (?:my |the |his |her )?(?:left )?(?:arm|jaw)",
    near(
      "between (?:the|my|her|his) shoulder ?blades",
      "nause\\w*|sick|sweat\\w*|clammy|pale|grey|gray|short of breath|exhausted",
      80,
      stop,
    ),
    near(
      "(?:hr|heart rate|pulse) (?:\\w+ )?(?:of |is |at )?(?:[1-3]\\d)\\b",
      "faint\\w*|pass(?:ing|ed)? out|black(?:ing|ed)? out|collaps\\w*",
      80,
      stop,
    ),
  ],
  stroke: [
    "strokes?(?! of (?:luck|genius|midnight|the pen))",
    "(?:arm|hand|leg) (?:does not|doesn'?t|won'?t|will not) (?:obey|do what)|(?:speaks|talking|talks|speaking) (?:as though|as if|like) (?:(?:he|she) (?:has had|had|was|is) )?(?:a drink|drunk)|suddenly (?:\\w+ ){0,2}dropped (?:his|her|my) (?:spoon|cup|fork|glass|knife)",
    "face (?:is )?(?:drooping|droops|drooped|fallen)",
    "drooping (?:face|mouth|side of (?:my|his|her) face)",
    "(?:face|mouth|smile) (?:\\w+ ){0,2}(?:lopsided|crooked|uneven)",
    "slurr(?:ed|ing) (?:speech|words|(?:his|her|my) words)",
    "slurring",
    "(?:speech|talking|words) (?:is |are |sounds? )?(?:slurred|garbled|jumbled)",
    "(?:arm|leg|face|hand) (?:is |went |has gone |suddenly went )?(?:limp|dead|paralys\\w*)",
    "(?:sudden|suddenly) (?:\\w+ ){0,3}(?:double vision|seeing double|can't see)",
    "can(?:not|'t|t| not) (?:speak|talk) properly",
    "sudden(?:ly)? (?:weakness|numbness|numb|weak|paralys\\w*|blind|loss of vision|confused)",
    "(?:one|left|right) side of (?:my|his|her|the) (?:body|face) (?:is )?(?:numb|weak|paralys\\w*)",
    "(?:can't|cannot|can not) (?:move|feel) (?:the |his |her |my )?(?:left|right|one) side",
    "worst headache of my life",
  ],
  breathing: [
    "can(?:not|'t|t| not) (?:breath(?:e)?|get (?:any )?air|catch (?:my|his|her) breath)",
    "(?:is not|isn't|isnt|not|stopped|has stopped|stops) breathing",
    "(?:severe|serious|extreme|great) (?:difficulty|trouble) breathing",
    "(?:severe|serious|extreme) (?:shortness of breath|breathing problems|respiratory distress)",
    "(?:difficulty|trouble) breathing",
    "can(?:not|'t|t| not) get enough (?:air|breath|oxygen)",
    "struggling to breath(?:e)?",
    "can (?:barely|hardly) breath(?:e)?",
    "gasping for (?:air|breath)",
    "choking",
    "(?:severe|bad|serious) asthma attack",
    "inhaler (?:is not|isn't|isnt|not|doesn't|does not) (?:working|helping|help)",
    "(?:lips|face) (?:are |is |turning |turned )?blue",
    "blue lips",
    "(?:baby|child|kid|toddler|he|she|face|skin) (?:is |are |has |'s )?(?:turning|turned|gone|going) blue",
  ],
  bleeding: [
    "(?:heavy|heavily|severe|uncontrolled|massive) bleed\\w*",
    "bleeding (?:heavily|a lot|won't stop|wont stop|will not stop|does not stop|doesn't stop|that won't stop)",
    "(?:won't|wont|will not|doesn't|does not) stop bleeding",
    "blood (?:is )?(?:gushing|spurting|pouring|everywhere)",
    "(?:pouring|gushing|spurting|losing (?:a lot of|so much)) blood",
    "(?:so much|a lot of|lots of) blood",
    "(?:vomiting|throwing up|coughing up|coughing|spitting) (?:up )?blood",
    "blood in (?:my )?vomit",
    "spurting|(?:blood|bleeding|it)(?:'s| is)? (?:\\w+ ){0,3}(?:in pulses|pulsing|pumping out)",
  ],
  anaphylaxis: [
    "anaphyla\\w*",
    "(?:severe|bad|serious) allergic reaction",
    `(?:throat|tongue) ${swelling}`,
    "(?:swelling|swollen) (?:throat|tongue)",
    // Swollen lips or a tight throat count only next to a typical trigger (not after the dentist, not with a cold).
    near(trigger, `(?:lips?|face|mouth|eyes) ${swelling}|(?:throat|tongue) (?:feels |is |getting )?tight`, 60, stop),
    near("hives", "dizzy|faint|lightheaded|light-headed", 60, stop),
    "(?:use|used|using|gave|give) (?:the |my |his |her |an |a )?epi ?pen",
    near(
      "epi ?pen|adrenaline(?: pen)?|auto-?injector|jext",
      "ago|used|given|injected|jabbed|(?:bp|blood pressure) (?:\\w+ )?\\d",
      40,
      stop,
    ),
  ],
  poisoning: [
    "(?:took|taken|swallowed|downed|had) (?:\\w+ ){0,2}(?:[2-9]\\d|\\d{3})(?!\\s?(?:mg|ml|mcg|g|units?|iu)\\b) (?:\\w+ ){0,2}(?:pills|tablets|caps\\w*|paracetamol|ibuprofen|sertraline|\\w+(?:pam|lam|pine|zine|line|oxetine|pram))|(?:[2-9]\\d|\\d{3}) (?:\\w+ ){0,2}(?:pills|tablets|paracetamol|ibuprofen|sertraline|\\w+(?:pam|lam|pine|zine|line|oxetine|pram)) (?:that )?i (?:took|have taken|'?ve taken|swallowed)",
    "overdos\\w*",
    "over dose",
    "took (?:too many|a lot of|all (?:my|the|of (?:my|the))) (?:pills|tablets|medication|meds)",
    "(?:whole|entire|full) (?:bottle|pack|packet|box|blister|strip) of (?:\\w+ )?(?:pills|tablets|meds|medication|paracetamol|tylenol|ibuprofen|aspirin)",
    `(?:swallowed|drank|drunk) (?:a |an |some |the |of the )?(?:button |coin )?${hazard}`,
    `${child} (?:ate|swallowed|drank|has eaten|has swallowed|got into) (?:[\\w']+ ){0,5}(?:pills|tablets|medication|medicine|meds|${hazard}|(?:dishwasher |laundry |detergent )?(?:pods?|tabs?))`,
    "(?:took|taken|swallowed) (?:about |around |like )?[1-9]\\d (?:\\w+ )?(?:pills|tablets|capsules)",
    // Food poisoning is rarely an emergency; carbon monoxide or blood poisoning is.
    "(?<!food )poison(?:ed|ing)",
  ],
  "self-harm": [
    "suicid\\w*",
    "kill(?:ing)? my ?self",
    "end(?:ing)? (?:my|my own) life",
    "tak(?:e|ing) my (?:own )?life",
    "end(?:ing)? it all",
    "(?:thinking|thought|think) (?:about|of) ending it",
    "(?:don'?t|do not) want to wake up",
    "(?:want|wanna|going) to die",
    "better off (?:dead|without me)",
    "(?:don'?t|do not) want to be (?:here|alive) any ?more",
    "don'?t want to (?:live|be alive)",
    "no reason to live",
    "(?:no point|don'?t see (?:the|a|any) point|see no point) (?:in )?(?:living|being alive|going on)",
    "(?:want|wish|hope) (?:to )?(?:\\w+ ){0,4}never wake up",
    "self[- ]?harm\\w*",
    // "I cut myself while cooking" is an accident; the habit or the wish is not.
    "(?:cutting|hurting|harming) myself",
    "(?:want|going|urges?|need) to (?:cut|hurt|harm) myself",
    "(?:cut|hurt|harmed) myself (?:again|on purpose|deliberately)",
    "(?:lethal|fatal|deadly) dose",
  ],
  unconscious: [
    "unconscious",
    "unresponsive",
    "not responsive",
    "(?:passed out|fainted|collapsed) and (?:is not|isn't|won't|will not|can't|cannot) (?:waking|wake|responding|respond)",
    "(?:won't|will not|doesn't|does not) wake up",
    "(?:can't|cannot|can not) wake (?:him|her|them)(?: up)?",
    "not waking up",
    "(?:still |is |she's |he's )not (?:awake|conscious)",
    "(?:is not|isn't|isnt|not) responding(?! to)",
    "seizure (?:for|lasting|that lasts|that won't stop|won't stop)",
    "(?:having|had) a seizure",
    "seizing",
  ],
  obstetric: [
    near(
      "pregnant|pregnancy|\\d+ ?(?:weeks?|wks?) (?:pregnant|along|gone)|expecting",
      "bleeding|bleed|blood|clots?|cramps?|severe pain|bad pain|waters? (?:broke|broken|went)|leaking fluid|contractions|baby (?:isn't|isnt|is not|hasn't|hasnt|not) (?:moving|kicking)|fitting|seizure|blurr\\w* vision|seeing (?:spots|stars)",
      60,
      stop,
    ),
    "(?:baby|bump) (?:hasn't|hasnt|has not|isn't|isnt|is not|stopped|not) (?:moved|moving|kicking|kicked)",
    "(?:reduced|less|no|fewer) (?:fetal |foetal |baby(?:'s)? )?movements?",
    "(?:waters?|water) (?:broke|broken|has broken|have broken|went)",
    "(?:heavy|lots of|a lot of) (?:bleeding|blood) (?:after|since) (?:giving birth|birth|delivery|the birth|having the baby)",
    "ectopic",
    "pre-?eclampsia",
    "placental abruption",
    "miscarr\\w*",
  ],
  "other-acute": [
    near("stiff neck|neck is (?:(?!not\\b)\\w+ )?stiff", "fever", 100, stop),
    "(?:rash|spots|blotches) (?:that )?(?:doesn't|does not|don't|do not|won't|will not) fade",
    "glass test",
    near("spots|rash|blotches", "glass|press\\w*", 60, stop),
  ],
};
