import type { Manifest } from "vite";
import { chatApiPath, chatIdInPath } from "../../shared/opened-chat";

// Vite's name (relative to src/web) of the chat screen, which src/web/main.tsx loads at once on the chat routes.
const chatPage = "pages/ChatPage.tsx";
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

function headTagsFor(files: string[]): string {
  return files
    .map((file) =>
      file.endsWith(".css")
        ? `<link rel="preload" as="style" crossorigin href="${file}">`
        : `<link rel="modulepreload" crossorigin href="${file}">`,
    )
    .join("");
}

/**
 * What to announce with a page so it loads alongside it: the route's code in the HTML (the same for everyone), its
 * API answers in a Link header. The Markdown renderer is left out on purpose: docs/architecture.md, "Preloading the
 * chat screen".
 */
export function routePreloads(manifest: Manifest): (pathname: string) => Preloads {
  const inIndex = filesOf(manifest, "index.html");
  const chatScreenTags = headTagsFor([...filesOf(manifest, chatPage)].filter((file) => !inIndex.has(file)));
  // Every page asks for the session first thing (src/web/main.tsx).
  const session = fetchPreload(sessionPath);
  return (pathname) => {
    if (pathname === "/") return { headTags: chatScreenTags, linkHeader: session };
    const chatId = chatIdInPath(pathname);
    if (!chatId) return { headTags: "", linkHeader: session };
    return { headTags: chatScreenTags, linkHeader: `${session}, ${fetchPreload(chatApiPath(chatId))}` };
  };
}
