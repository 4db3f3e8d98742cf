const OPEN = "<think>";
const CLOSE = "</think>";

/** What one piece of streamed text comes to once the model's reasoning is taken out. */
export interface FilterStep {
  /** Answer text that can be shown now. */
  text: string;
  /** The answer text passed on before this step was reasoning after all (its opening tag had been stripped). */
  reset: boolean;
}

export interface ThinkFilter {
  push: (text: string) => FilterStep;
  /** At the end of the stream: the answer text still held back. An unterminated think block is dropped. */
  end: () => string;
  /** Whether the text held reasoning (a think block, or a closing tag alone). */
  sawThinking: () => boolean;
  /** Whether the reply began inside a think block whose opening tag was missing. */
  startedInside: () => boolean;
}

/**
 * Takes `<think>…</think>` blocks out of a reply streamed in pieces of any size; a lone `</think>` says `reset`.
 * With `startsInside` the start is held back until that tag (a reply without one is passed on whole). Leading
 * whitespace of the answer is dropped. See docs/architecture.md, "Reasoning models".
 */
export function createThinkFilter({ startsInside = false }: { startsInside?: boolean } = {}): ThinkFilter {
  let mode: "answer" | "thinking" | "held" = startsInside ? "held" : "answer";
  let pending = "";
  /** How far `pending` was searched for CLOSE while held (a long reasoning is not searched again from its start). */
  let heldSearched = 0;
  let answered = false;
  let sawThinking = false;
  let startedInside = false;

  const closeFound = (at: number) => {
    pending = pending.slice(at + CLOSE.length);
    sawThinking = true;
    mode = "answer";
  };

  function push(text: string): FilterStep {
    // The usual piece, mid-answer with nothing held back and no "<" that could start a tag, passes on as it is.
    if (mode === "answer" && answered && pending === "" && !text.includes("<")) return { text, reset: false };
    pending += text;
    let out = "";
    let reset = false;
    for (;;) {
      if (mode === "thinking") {
        const close = pending.indexOf(CLOSE);
        if (close < 0) {
          pending = pending.slice(pending.length - tagPrefixAtEnd(pending));
          break;
        }
        closeFound(close);
        continue;
      }
      if (mode === "held") {
        const start = pending.trimStart();
        if (start.startsWith(OPEN)) {
          pending = start.slice(OPEN.length);
          mode = "thinking";
          sawThinking = true;
          continue;
        }
        if (OPEN.startsWith(start)) break;
        const close = pending.indexOf(CLOSE, Math.max(0, heldSearched - CLOSE.length));
        heldSearched = pending.length;
        if (close < 0) break;
        startedInside = true;
        closeFound(close);
        continue;
      }
      if (!answered && !out) pending = pending.trimStart();
      const open = pending.indexOf(OPEN);
      const close = pending.indexOf(CLOSE);
      if (open >= 0 && (close < 0 || open < close)) {
        out += pending.slice(0, open);
        pending = pending.slice(open + OPEN.length);
        mode = "thinking";
        sawThinking = true;
        continue;
      }
      if (close >= 0) {
        // A closing tag alone: the opening one was stripped by the server, and all so far was reasoning.
        reset = reset || answered;
        answered = false;
        out = "";
        startedInside = true;
        closeFound(close);
        continue;
      }
      const keep = tagPrefixAtEnd(pending);
      out += pending.slice(0, pending.length - keep);
      pending = pending.slice(pending.length - keep);
      break;
    }
    if (out) answered = true;
    return { text: out, reset };
  }

  function end(): string {
    const rest = mode === "thinking" ? "" : answered ? pending : pending.trimStart();
    pending = "";
    return rest;
  }

  return { push, end, sawThinking: () => sawThinking, startedInside: () => startedInside };
}

/** How many characters at the end of `text` could be the start of a tag that the next piece completes. */
function tagPrefixAtEnd(text: string): number {
  for (let length = Math.min(text.length, CLOSE.length - 1); length > 0; length--) {
    const tail = text.slice(text.length - length);
    if (OPEN.startsWith(tail) || CLOSE.startsWith(tail)) return length;
  }
  return 0;
}

/** A whole (not streamed) answer without the model's reasoning. */
export function stripThinking(text: string): { answer: string; sawThinking: boolean; startedInside: boolean } {
  const filter = createThinkFilter();
  const answer = filter.push(text).text + filter.end();
  return { answer, sawThinking: filter.sawThinking(), startedInside: filter.startedInside() };
}
