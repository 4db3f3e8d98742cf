import type { Nodes } from "hast";
import { type Components, toJsxRuntime } from "hast-util-to-jsx-runtime";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { toHast } from "mdast-util-to-hast";
import { gfm } from "micromark-extension-gfm";
import type { ReactNode } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import { safeUrl } from "../../lib/safe-url";
import styles from "./Markdown.module.css";

// The steps react-markdown with remark-gfm took (parse with GFM, make an HTML tree, make React elements of it),
// taken directly: unified, vfile and GFM's Markdown writer only came along with them.

/** The words a reply's footnotes need, in the reader's language. */
export interface MarkdownLabels {
  footnotes: string;
  backToReference: (reference: string) => string;
  /** The name of the scrollable area around a table. */
  table?: string;
}

/**
 * Empties every link and image target whose scheme could run script (javascript:, data: …), and gives the one id
 * the footnotes' section always calls "footnote-label" the message's prefix, as the footnotes' own ids have: two
 * replies with footnotes on one page would otherwise share it.
 */
function makeSafe(node: Nodes, idPrefix: string) {
  if (node.type === "element") {
    for (const name of ["href", "src"]) {
      if (node.properties[name] !== undefined) node.properties[name] = safeUrl(String(node.properties[name] ?? ""));
    }
    if (node.properties.id === "footnote-label") node.properties.id = `${idPrefix}footnote-label`;
    const describedBy = node.properties.ariaDescribedBy;
    if (Array.isArray(describedBy)) node.properties.ariaDescribedBy = describedBy.map((id) => `${idPrefix}${id}`);
  }
  if ("children" in node) for (const child of node.children) makeSafe(child, idPrefix);
}

// A link left without a target (an unsafe one) is shown as plain text, not as a link to this page; an image is
// shown as its description, so a reply never loads anything from elsewhere. A footnote's links (#…, within the
// reply) stay on the page and keep the id and labels they are reached and read by.
const baseComponents: Partial<Components> = {
  a: ({ href, children, ...props }: { href?: unknown; children?: ReactNode; [name: string]: unknown }) => {
    if (typeof href !== "string" || !href) return <span>{children}</span>;
    if (href.startsWith("#")) {
      const { id, "aria-label": label, "aria-describedby": describedBy } = props as Record<string, string | undefined>;
      return (
        <a href={href} id={id} aria-label={label} aria-describedby={describedBy}>
          {children}
        </a>
      );
    }
    return (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    );
  },
  img: ({ alt }: { alt?: unknown }) => <span>{typeof alt === "string" ? alt : null}</span>,
};

/**
 * A table scrolls sideways in a region of its own (focusable, so the keyboard can scroll it) instead of breaking
 * its words mid-word on a phone (issue 23).
 */
function withTableRegion(label: string): Partial<Components> {
  return {
    ...baseComponents,
    table: ({ children, ...props }: { children?: ReactNode; [name: string]: unknown }) => (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      <section className={styles.tableScroll} aria-label={label} tabIndex={0}>
        <table {...props}>{children}</table>
      </section>
    ),
  };
}

/**
 * A reply's Markdown (CommonMark and GFM) as React elements. Raw HTML in it is left out, never rendered. Every id
 * in it (footnotes) starts with `idPrefix`, which must differ between the messages on a page. Without `labels`,
 * footnotes keep mdast-util-to-hast's English words.
 */
export function Markdown({ text, idPrefix = "", labels }: { text: string; idPrefix?: string; labels?: MarkdownLabels }) {
  // toHast leaves the Markdown's raw HTML out unless asked to keep it (allowDangerousHtml), which it never is.
  const tree = toHast(fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }), {
    clobberPrefix: idPrefix,
    footnoteLabel: labels?.footnotes,
    // The same numbering as the default label's: "1", or "1-2" for the second mention of footnote 1.
    footnoteBackLabel:
      labels &&
      ((referenceIndex, rereferenceIndex) =>
        labels.backToReference(`${referenceIndex + 1}${rereferenceIndex > 1 ? `-${rereferenceIndex}` : ""}`)),
  });
  makeSafe(tree, idPrefix);
  // Comments and doctypes give nothing; table cells' GFM alignment becomes a text-align style.
  const components = withTableRegion(labels?.table ?? "Table");
  return (
    <div className={styles.markdown} data-markdown="">
      {toJsxRuntime(tree, { Fragment, jsx, jsxs, components })}
    </div>
  );
}
