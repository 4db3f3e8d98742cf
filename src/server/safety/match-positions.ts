/**
 * Where a global pattern matches in a text, found in one pass, so that "the last clause break before this term"
 * costs a binary search instead of a scan (a long message with hundreds of terms would otherwise be rescanned per
 * term: quadratic time).
 */
/** A match as the rules read it: where it starts, and its text. */
export type Found = { index: number; 0: string };

/** The matches of a global pattern, by exec() on the shared pattern: matchAll() compiles a fresh copy per call. */
export function* matchesOf(pattern: RegExp, text: string): Generator<RegExpExecArray> {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match[0] === "") pattern.lastIndex++;
    yield match;
  }
}

export class MatchPositions {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  constructor(text: string, pattern: RegExp) {
    for (const match of matchesOf(pattern, text)) {
      this.starts.push(match.index);
      this.ends.push(match.index + match[0].length);
    }
  }

  /** The end of the last match that lies within [from, position], or `from` when there is none. */
  lastEndWithin(from: number, position: number): number {
    let low = 0;
    let high = this.ends.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if ((this.ends[middle] as number) <= position) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found >= 0 && (this.starts[found] as number) >= from ? (this.ends[found] as number) : from;
  }

  /** The start of the first match that starts at or after `position`, or -1. */
  firstStartFrom(position: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if ((this.starts[middle] as number) >= position) {
        found = middle;
        high = middle - 1;
      } else low = middle + 1;
    }
    return found >= 0 ? (this.starts[found] as number) : -1;
  }
}
