import { describe, expect, it } from "vitest";
import { createThinkFilter, stripThinking } from "./think-filter";

/** Streams `pieces` through a filter: what the user would see, and at which piece a reset came. */
function run(pieces: string[], options: { startsInside?: boolean } = {}) {
  const filter = createThinkFilter(options);
  let shown = "";
  const resets: number[] = [];
  for (const [index, piece] of pieces.entries()) {
    const step = filter.push(piece);
    if (step.reset) {
      resets.push(index);
      shown = "";
    }
    shown += step.text;
  }
  shown += filter.end();
  return { shown, resets, sawThinking: filter.sawThinking(), startedInside: filter.startedInside() };
}

/** Every way of cutting `text` into two pieces. */
const cutsOf = (text: string) => Array.from({ length: text.length + 1 }, (_, at) => [text.slice(0, at), text.slice(at)]);

describe("createThinkFilter", () => {
  it("passes a reply without reasoning through unchanged, a lone '<' included", () => {
    expect(run(["Drink water ", "if a < b, and ", "rest <"])).toMatchObject({
      shown: "Drink water if a < b, and rest <",
      sawThinking: false,
    });
  });

  it("drops a think block and the whitespace before the answer, wherever the pieces are cut", () => {
    const reply = "<think>\nThe user asks {x}. </thinking is not a tag>\n</think>\n\nDrink water.";
    for (const pieces of cutsOf(reply)) expect(run(pieces)).toMatchObject({ shown: "Drink water.", resets: [], sawThinking: true });
    expect(run(reply.match(/[\s\S]{1,1}/g) ?? []).shown).toBe("Drink water.");
  });

  it("drops an unterminated think block at the end", () => {
    expect(run(["<think>\nStill thinking", " when the tokens ran out"])).toMatchObject({ shown: "", sawThinking: true });
  });

  it("a closing tag with no opening one: what came before was reasoning, and passed-on text is reset", () => {
    const result = run(["Okay, the user ", "asks about fever.\n</th", "ink>\n\nRest and ", "drink."]);
    expect(result).toMatchObject({ shown: "Rest and drink.", resets: [2], startedInside: true });
  });

  it("when the reply is known to start inside the reasoning, holds it back instead (no reset)", () => {
    const filter = createThinkFilter({ startsInside: true });
    expect(filter.push("Okay, the user asks ").text).toBe("");
    expect(filter.push("about fever.</think>\n\nRest").text).toBe("Rest");
    expect(filter.push(" and drink.")).toEqual({ text: " and drink.", reset: false });
    expect(filter.end()).toBe("");
  });

  it("held back, an explicit think block still counts, and a reply with no closing tag is passed on whole at the end", () => {
    expect(run(["  <th", "ink>reasoning</think>Answer."], { startsInside: true }).shown).toBe("Answer.");
    expect(run(["A plain answer, ", "no reasoning."], { startsInside: true })).toMatchObject({ shown: "A plain answer, no reasoning." });
  });
});

describe("stripThinking", () => {
  it("handles whole answers: a block, a missing opening tag, a missing closing tag", () => {
    expect(stripThinking('<think>{"emergency": true}</think>\n{"emergency": false}').answer).toBe('{"emergency": false}');
    expect(stripThinking("reasoning {with braces}\n</think>\nKnee pain").answer).toBe("Knee pain");
    expect(stripThinking("<think>reasoning that never ends").answer).toBe("");
    expect(stripThinking("Knee pain")).toEqual({ answer: "Knee pain", sawThinking: false, startedInside: false });
  });
});
