import { type Found, matchesOf } from "./match-positions";
import { PLAN_WITHIN, type PlanSign, planPairs, planSigns } from "./red-flag-patterns-plans";

interface Sign {
  kind: PlanSign;
  start: number;
  end: number;
}

const isPair = new Set(planPairs.flatMap(([a, b]) => [`${a} ${b}`, `${b} ${a}`]));
const kinds: readonly PlanSign[] = ["method", "place", "farewell", "time", "when", "rest", "setup"];

/**
 * Where two signs of a suicide plan (a method and a farewell, a place and a farewell, a time with either) stand within
 * PLAN_WITHIN characters on one line: one pass over the signs, instead of one large pattern per pair (V8 compiles
 * those into so much code that it stops optimising every pattern compiled after them).
 */
export function* planMatches(text: string): Generator<Found> {
  let recent: Sign[] = [];
  let lineStart = 0;
  let scanned = 0;
  for (const match of matchesOf(planSigns, text)) {
    const kind = kinds.find((name) => match.groups?.[name] !== undefined);
    if (!kind) continue;
    const sign = { kind, start: match.index, end: match.index + match[0].length };
    for (; scanned < sign.start; scanned++) if (text[scanned] === "\n") lineStart = scanned + 1;
    recent = recent.filter((earlier) => earlier.end >= lineStart && sign.start - earlier.end <= PLAN_WITHIN);
    const partner = recent.find((earlier) => isPair.has(`${earlier.kind} ${sign.kind}`));
    if (partner) yield { index: partner.start, 0: text.slice(partner.start, sign.end) };
    recent.push(sign);
  }
}
