import type { Nodes } from "hast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { toHast } from "mdast-util-to-hast";
import { gfm } from "micromark-extension-gfm";
import type { ReactNode } from "react";
import { type ElementComponents, htmlTreeToReact } from "../../lib/html-tree-to-react";
import { safeUrl } from "../../lib/safe-url";

// The steps react-markdown with remark-gfm took (parse with GFM, make an HTML tree, make React elements of it),
// taken directly: unified, vfile, GFM's Markdown writer and HTML's property tables only came along with them.

/** The words a reply's footnotes need, in the reader's language. */
export interface MarkdownLabels {
  footnotes: string;
  backToReference: (reference: string) => string;
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
const components: ElementComponents = {
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
  return <div className="markdown">{htmlTreeToReact(tree, components)}</div>;
}
