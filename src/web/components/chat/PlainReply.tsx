// A reply's text shown while the Markdown renderer's chunk is still on its way (a saved chat opened on a slow
// link): the same blocks the renderer makes of it (paragraphs, list items, headings), as plain text, so the page
// shows the conversation at once and hardly moves when the rendered Markdown takes its place.
import styles from "./Markdown.module.css";

export type PlainBlock =
  | { kind: "p"; text: string }
  | { kind: "h"; level: 1 | 2 | 3 | 4 | 5 | 6; text: string }
  | { kind: "ul" | "ol"; items: string[] };

const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const bullet = /^\s*[-*+]\s+(?:\[[ xX]\]\s+)?/;
const numbered = /^\s*\d{1,9}[.)]\s+/;
// A thematic break or a code fence: no text of its own.
const rule = /^\s*(?:([-*_])(?:\s*\1){2,}|`{3,}.*|~{3,}.*)\s*$/;

/** The inline Markdown marks taken out: emphasis, code ticks, a link's or image's target. */
export function plainInline(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__|~~)(?=\S)(.+?)(?<=\S)\1/g, "$2")
    .replace(/(^|[^\w*])([*_])(?=\S)(.+?)(?<=\S)\2(?!\w)/g, "$1$3")
    .replace(/`+([^`]+)`+/g, "$1");
}

type ListBlock = Extract<PlainBlock, { items: string[] }>;
type HeadingBlock = Extract<PlainBlock, { kind: "h" }>;
const isList = (block: PlainBlock | undefined): block is ListBlock => block?.kind === "ul" || block?.kind === "ol";

/** A reply's Markdown as blocks of plain text: split at blank lines, list items and headings. */
export function plainBlocks(text: string): PlainBlock[] {
  const blocks: PlainBlock[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: "p", text: plainInline(paragraph.join(" ")) });
    paragraph = [];
  };
  for (const line of text.split("\n")) {
    const list = bullet.test(line) ? "ul" : numbered.test(line) ? "ol" : null;
    const [, marks, title] = heading.exec(line) ?? [];
    if (!line.trim() || rule.test(line)) endParagraph();
    else if (marks && title !== undefined) {
      endParagraph();
      blocks.push({ kind: "h", level: marks.length as HeadingBlock["level"], text: plainInline(title) });
    } else if (list) {
      endParagraph();
      const item = plainInline(line.replace(list === "ul" ? bullet : numbered, ""));
      const last = blocks.at(-1);
      if (isList(last) && last.kind === list) last.items.push(item);
      else blocks.push({ kind: list, items: [item] });
    } else {
      const last = blocks.at(-1);
      // An indented line right after a list item continues it.
      if (paragraph.length === 0 && isList(last) && /^\s/.test(line)) last.items[last.items.length - 1] += ` ${plainInline(line.trim())}`;
      else paragraph.push(line.trim());
    }
  }
  endParagraph();
  return blocks;
}

/** The reply's text in the renderer's box (its `.markdown` style), as plain paragraphs, lists and headings. */
export function PlainReply({ text }: { text: string }) {
  return (
    <div className={styles.markdown}>
      {plainBlocks(text).map((block, index) => {
        const key = `${index}`;
        if (block.kind === "p") return <p key={key}>{block.text}</p>;
        if (block.kind === "h") {
          const Heading = `h${block.level}` as const;
          return <Heading key={key}>{block.text}</Heading>;
        }
        const List = block.kind;
        return (
          <List key={key}>
            {block.items.map((item, at) => (
              <li key={`${at}`}>{item}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
