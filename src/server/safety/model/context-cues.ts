/**
 * Context cues the learned layer reads besides the words: general signs that a message is about the past, is a
 * general or hypothetical question, is about an animal, a story or a dose, is a figure of speech, or is urgent
 * now. They are features, not verdicts: the model learns how much each one counts. Written against normalizeText()
 * output (lower case, ä→ae, ß→ss; digits kept). Every pattern is a plain alternation: linear time.
 */
const cuePatterns: Record<string, RegExp> = {
  past: /\b(?:\d+|a|an|one|two|three|four|five|six|few|couple of|several|many) (?:days?|weeks?|months?|years?|decades?) ago\b|\b(?:last|this past) (?:week|month|year|summer|winter|spring|autumn|christmas)\b|\b(?:back )?in (?:19|20)\d\d\b|\bas a (?:kid|child|teenager|baby)\b|\bwhen i was (?:a |little|young|\d)|\bvor (?:\d+|einem|einer|einigen|ein paar|vielen|zwei|drei|vier|fuenf|sechs|zehn|kurzem|langer zeit|jahren|wochen|monaten|tagen)\b|\bletzte[nrs]? (?:woche|monat|jahr|sommer|winter|weihnachten)\b|\b(?:im jahr|anno) (?:19|20)\d\d\b|\b(?:19|20)\d\d\b|\bdamals\b|\bals (?:kind|jugendliche[rn]?|baby)\b|\bfrueher\b|\bhistory of\b|\bvorgeschichte\b|\bzustand nach\b/,
  resolved:
    /\b(?:doctors?|dr|gp|er|a&e|hospital|ambulance|paramedics?|nurse|they|docs?) (?:said|says|told|checked|ruled|found|confirmed)\b|\b(?:went away|gone now|fine now|(?:been )?fine (?:ever )?since|no (?:problems|issues|symptoms) since|ok now|okay now|better now|all good now|was fine|was nothing|discharged|got checked|was checked|ruled out|stable now|recovered|recovering|gone (?:in|after) (?:a few|a couple of|\w+) (?:seconds|minutes))\b|\b(?:arzt|aerztin|notaerztin|notarzt|krankenhaus|klinik|hausarzt|hausaerztin|die) (?:meinte|sagte|hat gesagt|hat nichts gefunden)\b|\b(?:wieder gut|wieder weg|alles gut|alles wieder|entlassen|abgeklaert|ist vorbei|war nichts|isch verbi+|wieda (?:guat|gut|pipifein|fit)|wieder pipifein|isch vorbei|seitdem (?:\w+ )?(?:nichts|nix|nuet|beschwerdefrei|problemlos)|sit dem nuet|geht (?:ihm|ihr|mir|uns) (?:wieder )?(?:gut|besser))\b/,
  education:
    /(?:^|[.?!]\s*)(?:what (?:is|are|does|do|causes|happens|counts|exactly)|whats|how (?:do|does|can|would|long|common|is|are) (?:you|one|people|someone|doctors|it|they|a|an|the)|why (?:do|does|is|are)|is it true|which|can you explain|explain|tell me about|was (?:ist|sind|macht|passiert|bedeutet|genau|versteht)|wie (?:erkennt|merkt|lange|oft|haeufig|funktioniert|entsteht|wirkt|viele menschen)|woran erkennt|warum (?:ist|sind|bekommt|kriegt)|welche|stimmt es|erklaer)\b|\b(?:signs|symptoms|warning signs|risk factors|causes|difference between|statistics|anzeichen|symptome|warnzeichen|risikofaktoren|ursachen|unterschied zwischen|statistik)\b/,
  askingWhatToDo:
    /\b(?:what (?:do|should|can|shall) (?:i|we) do|what to do|how (?:do|can|should) i help|should (?:i|we) call|do i call|call (?:911|999|112|an ambulance)|help me|please help|pls help|help\b|was (?:soll|kann|muss) (?:ich|man|wir) (?:tun|machen)|was tun|was mache ich|wie helfe ich|soll ich (?:den )?(?:notarzt|krankenwagen|112|rettung)|hilfe\b|bitte helft)\b/,
  urgentNow:
    /\b(?:right now|rn|now|just|currently|at the moment|still|suddenly|all of a sudden|keeps|won'?t stop|isn'?t stopping|getting worse|worse and worse|asap|hurry|emergency|ambulance|911|999|112|grad|gerade|jetzt|eben|sofort|ploetzlich|auf einmal|immer noch|noch immer|hoert nicht auf|wird immer|schlimmer|notarzt|krankenwagen|notruf|rettungswagen|schnell)\b|!{2,}/,
  pet: /\b(?:dog|dogs|puppy|cat|cats|kitten|hamster|rabbit|bunny|guinea pig|horse|parrot|budgie|bird|pet|vet|ferret|hund|hunde?s|welpe|katze|kater|kaetzchen|kaninchen|hase|meerschweinchen|pferd|wellensittich|vogel|haustier|tierarzt|tieraerztin)\b/,
  fiction:
    /\b(?:movie|film|series|show|tv|book|novel|story|character|episode|season|game|writing|screenplay|script|song|lyrics|documentary|article|news|podcast|play|theatre|anime|roman|serie|buch|geschichte|figur|folge|staffel|spiel|drehbuch|\w*krimi\w*|tatort|netflix|doku|dokumentation|artikel|nachrichten|zeitung|hoerbuch|theaterstueck|rollenspiel\w*|role ?play\w*|karaoke|lied|murders?|murder mystery|whodunit|detective|charakter|in[- ]?game|respawn\w*|gezockt|zocken|rpg|pen[- ]?(?:&|and|und|n)[- ]?paper|dnd|dungeons|campaign|kampagne|larp|tabletop)\b/,
  firstAidCourse:
    /\b(?:first aid (?:at work |at school )?(?:course|class|training|certificate|refresher|exam|test)|first aid at work|practice (?:paper|question|scenario)|exam (?:question|scenario)|pruefungsfrage|fallbeispiel|cpr (?:course|class|training)|erste[- ]hilfe[- ](?:kurs|schulung|ausbildung|bescheinigung|auffrischung)|betriebsersthelfer\w*)\b/,
  studying:
    /\b(?:exam|exams|revising|revision|lecture|course|class|module|homework|essay|assignment|presentation|nursing student|med student|medical student|training|first aid course|pruefung|klausur|referat|hausarbeit|hausaufgabe|vorlesung|studium|ausbildung|erste[- ]hilfe[- ]kurs|kurs|seminar)\b/,
  dosing:
    /\b(?:how (?:many|much|often)|max(?:imum)? (?:dose|dosage|daily)|dosage|dose|per day|a day|every \d+ hours|wie (?:viel|viele|oft)|hoechstdosis|maximaldosis|dosierung|pro tag|am tag|taeglich)\b/,
  prevention:
    /\b(?:what if|in case|just in case|prevent|prevention|avoid|childproof|baby ?proof|first aid kit|be prepared|should i keep|was (?:waere|ist) wenn|falls (?:mal|einmal)|fuer den fall|vorbeugen|vorbeugung|vermeiden|kindersicher|verbandskasten|hausapotheke)\b/,
  jokeOrIdiom:
    /\b(?:lol|lmao|haha+|hehe|xd|jk|joke|joking|kidding|(?:gonna|going to|i'?ll|will) have a heart attack if|herzinfarkt[- ]?stimmung|literally dying|dying to|dying of (?:laughter|embarrassment|boredom)|killing me|kill (?:him|her|them|my (?:brother|sister|boss|mum|mom|dad))|could kill|heart (?:stopped|skipped)|choking back|took my breath away|breathtaking|scherz|witz|spass|haha|sterbe vor|stirbe? vor|sterb vor|verreck\w* (?:\w+ )?vor|zum sterben|lach(?:e)? mich tot|totgelacht|totlachen|(?:nearly|almost) (?:gave|give) me a heart attack|heart attack on a plate|(?:fast|beinahe) (?:\w+ )?(?:nen|einen) herzinfarkt|thought i was going to die|dachte,? ich sterbe|would kill (?:ye|you|a horse)|bringt mich um|bring (?:ihn|sie|meinen|meine) um|herz (?:ist )?stehen geblieben|atemberaubend|stockt der atem)\b/,
  // A list read from a leaflet or a form: "side effects: breathing difficulty, loss of consciousness".
  document:
    /\b(?:leaflet|package insert|patient information|side effects?|nebenwirkung\w*|beipackzettel|packungsbeilage|questionnaire|fragebogen|anamnesebogen|formular|the form)\b/,
  negation: /\b(?:no|not|never|without|denies|kein|keine|keinen|nicht|nie|ohne)\b/,
  selfReference: /\b(?:i|im|i'm|my|me|ich|mein|meine|mir|mich)\b/,
  otherPerson:
    /\b(?:he|she|his|her|they|him|my (?:son|daughter|baby|kid|child|mum|mom|dad|wife|husband|partner|friend|gf|bf|grandma|grandpa|nan|grandad)|someone|somebody|a man|a woman|a guy|er|sie|ihm|ihr|jemand|mein (?:sohn|mann|vater|papa|opa|freund|baby|kind)|meine (?:tochter|frau|mutter|mama|oma|freundin))\b/,
  question: /\?/,
};

export const contextCueNames = Object.keys(cuePatterns);

/** The names of the cues present in normalized text. */
export function contextCues(normalized: string): string[] {
  return contextCueNames.filter((name) => cuePatterns[name]?.test(normalized));
}

/** Every cue pattern (for the linear-time check). */
export const contextCuePatterns: readonly RegExp[] = Object.values(cuePatterns);
