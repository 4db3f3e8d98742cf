import type { Element, Nodes, Properties, Root } from "hast";
import { type ComponentType, createElement, Fragment, type ReactNode } from "react";

/** Components that replace an element of the tree by its tag name; they get the element's props and children. */
export type ElementComponents = Partial<Record<string, ComponentType<Record<string, unknown>>>>;

// Text directly inside these (the line breaks between table rows) is not valid HTML, and React warns about it.
const tableParts = new Set(["table", "thead", "tbody", "tfoot", "tr"]);

/**
 * An element's hast properties as React props. Only what Markdown's HTML tree holds needs a change of name or
 * form: class lists, GFM's column alignment (`align`, obsolete in HTML, becomes a style) and data-/aria- names.
 */
function propsOf({ className, align, ...properties }: Properties): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  if (className !== undefined && className !== null) props.className = [className].flat().join(" ");
  if (typeof align === "string") props.style = { textAlign: align };
  for (const [name, value] of Object.entries(properties)) {
    if (value === undefined || value === null) continue;
    // ARIA's attribute names are one word after "aria-" (ariaDescribedBy is aria-describedby); data- names keep
    // their word breaks (dataFootnoteRef is data-footnote-ref).
    if (/^aria[A-Z]/.test(name)) {
      props[`aria-${name.slice(4).toLowerCase()}`] = [value].flat().join(" ");
    } else if (/^data[A-Z]/.test(name)) {
      props[name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)] = [value].flat().join(" ");
    } else {
      props[name] = value;
    }
  }
  return props;
}

function childrenOf(parent: Root | Element, components: ElementComponents): ReactNode[] {
  const inTable = parent.type === "element" && tableParts.has(parent.tagName);
  return parent.children
    .filter((child) => !(inTable && child.type === "text" && child.value.trim() === ""))
    .map((child) => htmlTreeToReact(child, components));
}

/**
 * React elements for an HTML tree (hast) made from Markdown. Children are passed as arguments, not as a keyed
 * list: the tree is rebuilt whole for each text, so React has nothing to match across renders. Comments,
 * doctypes and raw HTML give nothing (the Markdown step makes raw HTML only when asked to keep it).
 */
export function htmlTreeToReact(node: Nodes, components: ElementComponents): ReactNode {
  if (node.type === "root") return createElement(Fragment, null, ...childrenOf(node, components));
  if (node.type === "text") return node.value;
  if (node.type !== "element") return null;
  const props = propsOf(node.properties);
  return createElement(components[node.tagName] ?? node.tagName, props, ...childrenOf(node, components));
}
