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

/** Empties every link and image target whose scheme could run script (javascript:, data: …). */
function neutraliseUrls(node: Nodes) {
  if (node.type === "element") {
    for (const name of ["href", "src"]) {
      if (node.properties[name] !== undefined) node.properties[name] = safeUrl(String(node.properties[name] ?? ""));
    }
  }
  if ("children" in node) for (const child of node.children) neutraliseUrls(child);
}

// A link left without a target (an unsafe one) is shown as plain text, not as a link to this page; an image is
// shown as its description, so a reply never loads anything from elsewhere.
const components: ElementComponents = {
  a: ({ href, children }: { href?: unknown; children?: ReactNode }) =>
    typeof href === "string" && href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ alt }: { alt?: unknown }) => <span>{typeof alt === "string" ? alt : null}</span>,
};

/** A reply's Markdown (CommonMark and GFM) as React elements. Raw HTML in it is left out, never rendered. */
export function Markdown({ text }: { text: string }) {
  // toHast leaves the Markdown's raw HTML out unless asked to keep it (allowDangerousHtml), which it never is.
  const tree = toHast(fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }));
  neutraliseUrls(tree);
  return <div className="markdown">{htmlTreeToReact(tree, components)}</div>;
}
