/**
 * Pieces that start, or almost complete, something a red-flag pattern or cue looks for (terms, negations, history,
 * question words, pronouns, typos, umlauts, punctuation); repeated, they make a backtracking pattern try the same
 * characters again and again. For tests/safety/linear-time.test.ts.
 */
export const redFlagFragments = [
  ...[" ", "  ", "\n", ".", ",", "!", "?", "? ", "!!", ";", ":", "'", "’", "-", "a", "x", "1", "19", "2015 ", "30 "],
  ...["Ä", "ä", "ß", "é", "aaaaaa", "chest", "chest ", "pain ", "chest pain ", "crushing ", "left arm ", "heart attack "],
  ...["no ", "not ", "never ", "don't ", "dont ", "without ", "but ", "oh no ", "not sure ", "denies "],
  ...["stroke ", "face ", "drooping ", "slurred ", "slurring ", "sudden ", "suddenly ", "one side ", "can't ", "cannot "],
  ...["breathe ", "breathing ", "gasping for ", "choking ", "lips ", "blue ", "bleeding ", "blood ", "heavy ", "so much "],
  ...["allergic ", "throat ", "swelling ", "swollen ", "peanuts ", "bee stings ", "wasp", "hives ", "dizzy ", "epi pen "],
  ...["overdose ", "took ", "too many ", "pills ", "tablets ", "whole bottle of ", "bleach ", "my son ", "swallowed "],
  ...["suicide ", "kill myself ", "want to ", "die ", "never ", "wake up ", "better off ", "cutting myself "],
  ...["unconscious ", "not responding ", "seizure ", "pregnant ", "12 weeks ", "waters ", "broke ", "stiff neck ", "fever "],
  ...["rash ", "spots ", "glass ", "history of ", "in 2015 ", "3 years ago ", "as a child ", "last year ", "ago "],
  ...["what is ", "what are the signs of ", "how ", "is it ", "hi ", "ok ", "can you tell me ", "is this ", "help ", "now "],
  ...["lol ", "movie ", "dog ", "i ", "my ", "he ", "she ", "we ", "someone ", "doctors said ", "went away "],
  ...["Brust", "brustschmerzen ", "Schmerzen in der Brust ", "Herzinfarkt ", "herzinfrakt ", "kein ", "keine ", "nicht "],
  ...["nie ", "ohne ", "aber ", "Schlaganfall ", "hängt ", "plötzlich ", "spricht ", "verwaschen ", "kriege keine luft "],
  ...["Atemnot ", "blutet ", "stark ", "so viel Blut ", "Wespenstich ", "Zunge ", "geschwollen ", "Überdosis ", "Tabletten "],
  ...["hat ", "getrunken ", "Putzmittel ", "ich will nicht mehr ", "umbringen ", "bewusstlos ", "Krampfanfall ", "schwanger "],
  ...["Blutung ", "Fruchtblase ", "steifer Nacken ", "Fieber ", "vor drei Jahren ", "damals ", "was ist ", "woran erkennt man "],
  ...["wie ", "mein ", "meine Tochter ", "er ", "sie ", "Sie ", "ihr ", "jetzt ", "Notarzt ", "können Sie mir ", "ist das "],
  ...["unconsious ", "sucide ", "overdoes ", "schlaganfallschlaganfall", "suicidesuicide"],
  // Whole phrases that the rules hold back, so that every one of hundreds of matches is looked at in context:
  // general questions, negations, history.
  ...["what is a stroke? ", "was ist ein Schlaganfall? ", "no chest pain ", "keine Brustschmerzen ", "heart attack in 2015. "],
  ...["what are the signs of a stroke", "stroke stroke stroke ", "Herzinfarkt vor drei Jahren, "],
];
