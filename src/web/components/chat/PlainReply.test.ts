import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "./Markdown";
import { PlainReply, plainBlocks } from "./PlainReply";

const plain = (text: string) => renderToStaticMarkup(createElement(PlainReply, { text }));
const rendered = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));
/** The markup's elements without their text: the boxes the page lays out. */
const shape = (html: string) => html.replace(/>[^<]*</g, "><").replace(/ [a-z-]+="[^"]*"/g, "");

describe("a reply as plain text until the Markdown renderer is there", () => {
  it("makes the renderer's blocks of the fake model's reply, without the marks", () => {
    const text = "**Fake model reply.** You asked: a `b` [c](https://x.org)\n\n- first point\n- second point\n\nThe end.";
    // In the renderer's own box, so its styles apply before the renderer is there.
    const box = rendered(text).match(/^<div class="([^"]+)"/)?.[1];
    expect(box).toBeTruthy();
    expect(plain(text)).toBe(
      `<div class="${box}"><p>Fake model reply. You asked: a b c</p><ul><li>first point</li><li>second point</li></ul><p>The end.</p></div>`,
    );
    expect(shape(plain(text))).toBe(shape(rendered(text)).replace(/<\/?(strong|code|a)>/g, ""));
  });

  it("keeps headings, numbered lists and paragraphs that run over several lines", () => {
    expect(plainBlocks("## What to do\nRest and\ndrink water.\n1. one\n   more\n2. two\n\n---\n* a\n\n* b")).toEqual([
      { kind: "h", level: 2, text: "What to do" },
      { kind: "p", text: "Rest and drink water." },
      { kind: "ol", items: ["one more", "two"] },
      { kind: "ul", items: ["a", "b"] },
    ]);
  });

  it("leaves a lone star or underscore in the text", () => {
    expect(plainBlocks("2 * 3 = 6 and snake_case_name")).toEqual([{ kind: "p", text: "2 * 3 = 6 and snake_case_name" }]);
  });
});
