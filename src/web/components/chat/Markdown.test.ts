import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { xssPayloads } from "../../../../e2e/xss-payloads";
import { Markdown } from "./Markdown";

/** The markup with the table wrapper's scoped class (CSS Modules) written as "table-scroll". */
const unscoped = (html: string) => html.replace(/<section class="[^"]*tableScroll[^"]*"/g, '<section class="table-scroll"');
const render = (text: string) => unscoped(renderToStaticMarkup(createElement(Markdown, { text })));
const inner = (text: string) => render(text).replace(/^<div class="[^"]*" data-markdown="">|<\/div>$/g, "");

// The expected markup is what react-markdown with remark-gfm gave for the same text.
describe("Markdown replies", () => {
  it("renders emphasis, strikethrough, code and autolinks", () => {
    expect(inner("Some *a*, **b**, ~~c~~, `d` and www.who.int")).toBe(
      '<p>Some <em>a</em>, <strong>b</strong>, <del>c</del>, <code>d</code> and <a href="http://www.who.int" target="_blank" rel="noopener noreferrer nofollow">www.who.int</a></p>',
    );
  });

  it("renders GFM tables with their column alignment", () => {
    expect(inner("| a | b |\n| :- | -: |\n| 1 | 2 |")).toBe(
      '<section class="table-scroll" aria-label="Table" tabindex="0"><table><thead><tr><th style="text-align:left">a</th><th style="text-align:right">b</th></tr></thead><tbody><tr><td style="text-align:left">1</td><td style="text-align:right">2</td></tr></tbody></table></section>',
    );
  });

  it("puts a table in a named, focusable region that scrolls sideways (issue 23)", () => {
    const labels = { footnotes: "Fußnoten", backToReference: (reference: string) => reference, table: "Tabelle" };
    const html = unscoped(renderToStaticMarkup(createElement(Markdown, { text: "| a |\n| - |\n| 1 |", labels })));
    expect(html).toContain('<section class="table-scroll" aria-label="Tabelle" tabindex="0"><table>');
  });

  it("renders lists, task lists and code blocks", () => {
    expect(inner("3. x\n4. y")).toBe('<ol start="3">\n<li>x</li>\n<li>y</li>\n</ol>');
    expect(inner("- [x] done\n- [ ] open")).toBe(
      '<ul class="contains-task-list">\n<li class="task-list-item"><input type="checkbox" disabled="" checked=""/> done</li>\n<li class="task-list-item"><input type="checkbox" disabled=""/> open</li>\n</ul>',
    );
    expect(inner("```js\nconst a = 1 < 2;\n```")).toBe('<pre><code class="language-js">const a = 1 &lt; 2;\n</code></pre>');
  });

  it("renders footnotes as a labelled section", () => {
    expect(inner("Note[^1].\n\n[^1]: Text.")).toContain(
      '<section data-footnotes="true" class="footnotes"><h2 class="sr-only" id="footnote-label">Footnotes</h2>',
    );
  });

  it("labels footnotes in the reader's language, with ids of the message's own", () => {
    const labels = { footnotes: "Fußnoten", backToReference: (reference: string) => `Zurück zum Verweis ${reference}` };
    const html = renderToStaticMarkup(createElement(Markdown, { text: "A[^x], B[^x].\n\n[^x]: Text.", idPrefix: "m7-", labels }));
    expect(html).toContain('<h2 class="sr-only" id="m7-footnote-label">Fußnoten</h2>');
    expect(html).toContain('aria-label="Zurück zum Verweis 1"');
    expect(html).toContain('aria-label="Zurück zum Verweis 1-2"');
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(2);
    for (const id of ids) expect(id).toMatch(/^m7-/);
    for (const [, target] of html.matchAll(/(?:href="#|aria-describedby=")([^"]+)"/g)) expect(ids).toContain(target);
    // Links within the reply stay on the page.
    expect(html).not.toMatch(/href="#[^"]*"[^>]*target=/);
  });

  it("opens safe links in a new tab and shows unsafe ones and images as text", () => {
    expect(inner("[WHO](https://www.who.int)")).toBe(
      '<p><a href="https://www.who.int" target="_blank" rel="noopener noreferrer nofollow">WHO</a></p>',
    );
    expect(inner("[this link](javascript:alert(7))")).toBe("<p><span>this link</span></p>");
    expect(inner("![a chart](https://attacker.invalid/pixel.png)")).toBe("<p><span>a chart</span></p>");
  });

  // Text that looks like HTML comes out escaped (&lt;…); only real tags start with "<".
  it("never renders raw HTML, event handlers or script URLs from the model", () => {
    for (const payload of xssPayloads) {
      const html = render(`See ${payload} here\n\n${payload}`);
      expect(html, payload).not.toMatch(/<(?!\/?(div|p|a|span|code|em|strong)\b)[a-z]/i);
      expect(html, payload).not.toMatch(/<[^>]*\son[a-z]+=/i);
      expect(html, payload).not.toMatch(/<[^>]*(href|src)="\s*(javascript|vbscript|data):/i);
    }
  });
});
