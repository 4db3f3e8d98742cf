import type { Manifest } from "vite";
import { chatApiPath, chatIdInPath } from "../../shared/opened-chat";

// Vite's names (relative to src/web) of the chat screen, which src/web/main.tsx loads at once on the chat routes,
// and of the Markdown renderer, whose styles a saved chat rendered by the server needs from the start.
const chatPage = "pages/ChatPage.tsx";
const markdown = "components/chat/Markdown.tsx";
const sessionPath = "/api/auth/get-session";

/** What a page announces besides index.html's own files: link tags for the head, and a Link header. */
export interface Preloads {
  headTags: string;
  linkHeader: string;
}

/** The build files a module needs (its chunk, the chunks it imports, their CSS), as absolute paths. */
function filesOf(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the web build's manifest`);
  if (files.has(`/${chunk.file}`)) return files;
  files.add(`/${chunk.file}`);
  for (const css of chunk.css ?? []) files.add(`/${css}`);
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, files);
  return files;
}

/** A Link header entry the page's own `fetch(path, { credentials: "same-origin" })` then takes its answer from. */
function fetchPreload(path: string): string {
  return `<${path}>; rel=preload; as=fetch; crossorigin=anonymous`;
}

/** Link tags for build files: code to preload; styles to preload, or to apply at once (`styles: "apply"`). */
function headTagsFor(files: string[], styles: "preload" | "apply" = "preload"): string {
  const cssTag = (file: string) =>
    styles === "apply"
      ? `<link rel="stylesheet" crossorigin href="${file}">`
      : `<link rel="preload" as="style" crossorigin href="${file}">`;
  return files.map((file) => (file.endsWith(".css") ? cssTag(file) : `<link rel="modulepreload" crossorigin href="${file}">`)).join("");
}

/**
 * What to announce with a page so it loads alongside it: the route's code in the HTML (the same for everyone), its
 * API answers in a Link header. The Markdown renderer's code is left out on purpose: docs/architecture.md,
 * "Preloading the chat screen". A chat the server rendered (`rendered`) gets the screen's styles applied at once.
 */
export function routePreloads(manifest: Manifest): (pathname: string, options?: { rendered?: boolean }) => Preloads {
  const inIndex = filesOf(manifest, "index.html");
  const chatScreenFiles = [...filesOf(manifest, chatPage)].filter((file) => !inIndex.has(file));
  const chatScreenTags = headTagsFor(chatScreenFiles);
  const markdownStyles = [...filesOf(manifest, markdown)].filter((file) => file.endsWith(".css") && !inIndex.has(file));
  const renderedChatTags = headTagsFor([...new Set([...chatScreenFiles, ...markdownStyles])], "apply");
  // Every page asks for the session first thing (src/web/main.tsx).
  const session = fetchPreload(sessionPath);
  return (pathname, { rendered = false } = {}) => {
    if (pathname === "/") return { headTags: chatScreenTags, linkHeader: session };
    const chatId = chatIdInPath(pathname);
    if (!chatId) return { headTags: "", linkHeader: session };
    return { headTags: rendered ? renderedChatTags : chatScreenTags, linkHeader: `${session}, ${fetchPreload(chatApiPath(chatId))}` };
  };
}
