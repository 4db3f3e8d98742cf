import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { sseContent } from "./sse-content";

const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

/** A body that delivers exactly these reads, in order. */
function body(reads: string[]) {
  const encoder = new TextEncoder();
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = reads.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

async function collect(reads: string[]) {
  const pieces: string[] = [];
  for await (const piece of sseContent(body(reads).stream, new Headers())) pieces.push(piece.content);
  return pieces;
}

describe("sseContent", () => {
  it("yields every token of one read as one piece, in order", async () => {
    expect(await collect([chunk("Drink ") + chunk("water "), `${chunk("and rest.")}data: [DONE]\n\n`])).toEqual([
      "Drink water ",
      "and rest.",
    ]);
  });

  it("joins events split across reads, CRLF line ends included, and multi-line data", async () => {
    const event = chunk("Hello").replaceAll("\n", "\r\n");
    const split = [event.slice(0, 10), event.slice(10, -1), event.slice(-1)];
    expect(await collect([...split, 'data: {"choices":[{"delta":\ndata: {"content":"!"}}]}\n\n'])).toEqual(["Hello", "!"]);
  });

  it("skips comments, keep-alives, role-only and empty-choice chunks, and stops at [DONE]", async () => {
    const role = `data: ${JSON.stringify({ choices: [{ delta: { role: "assistant" } }] })}\n\n`;
    const empty = `data: ${JSON.stringify({ choices: [] })}\n\n`;
    expect(await collect([": keep-alive\n\n", role, empty, chunk("Hi"), "data: [DONE]\n\n", chunk("after done")])).toEqual(["Hi"]);
  });

  it("marks reads that brought reasoning deltas (either field name), which carry no answer text", async () => {
    const thought = (field: string, text: string) =>
      `data: ${JSON.stringify({ choices: [{ delta: { [field]: text, content: "" } }] })}\n\n`;
    const pieces = [];
    for await (const piece of sseContent(
      body([thought("reasoning_content", "Hmm, "), thought("reasoning", "let me see."), chunk("Rest.") + thought("reasoning", "")]).stream,
      new Headers(),
    ))
      pieces.push(piece);
    expect(pieces).toEqual([
      { content: "", reasoning: true },
      { content: "", reasoning: true },
      { content: "Rest.", reasoning: false },
    ]);
  });

  it("keeps the text before a malformed event, then fails", async () => {
    const pieces: string[] = [];
    const reading = (async () => {
      for await (const piece of sseContent(body([`${chunk("Partial ")}data: {not json\n\n`]).stream, new Headers()))
        pieces.push(piece.content);
    })();
    await expect(reading).rejects.toThrow(SyntaxError);
    expect(pieces).toEqual(["Partial "]);
  });

  it("turns an error object in the stream into an APIError", async () => {
    await expect(collect([chunk("a"), `data: ${JSON.stringify({ error: { message: "overloaded" } })}\n\n`])).rejects.toBeInstanceOf(
      OpenAI.APIError,
    );
  });

  it("cancels the body when the reader stops early", async () => {
    const source = body([chunk("one"), chunk("two"), chunk("three")]);
    for await (const _piece of sseContent(source.stream, new Headers())) break;
    expect(source.cancelled()).toBe(true);
  });
});
