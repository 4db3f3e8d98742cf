import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { projectRoot } from "../lib/paths";
import { atMost, type Figure, kb } from "../lib/report";

const webDir = join(projectRoot, "dist/web");

/** Routes and the lazy page chunk each loads (src/web/routes.tsx); the landing page is in the entry. */
const routes: { path: string; page?: string }[] = [
  { path: "/landingpage" },
  { path: "/ (signed in)", page: "ChatPage" },
  { path: "/signIn", page: "SignInPage" },
  { path: "/chats/:id", page: "ChatPage" },
];

const staticImport = /(?:from|import)\s*"\.\/([^"]+\.js)"/g;
const dynamicImport = /import\(\s*"\.\/([^"]+\.js)"\s*\)/g;

const read = (file: string) => readFileSync(join(webDir, "assets", file), "utf8");

/** The files a chunk loads before it runs: its static imports, transitively. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const match of read(file).matchAll(staticImport)) closure(match[1] as string, seen);
  return seen;
}

/**
 * What Vite preloads along with each lazily imported chunk (its JS and CSS dependencies), by chunk. Every chunk
 * with dynamic imports carries its own `__vite__mapDeps` table; each list starts with the imported chunk.
 */
function preloadLists(jsFiles: string[]): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  for (const file of jsFiles) {
    const code = read(file);
    const names = JSON.parse(/m\.f=(\[[^\]]*\])/.exec(code)?.[1] ?? "[]") as string[];
    for (const match of code.matchAll(/__vite__mapDeps\(\[([\d,]+)\]\)/g)) {
      const list = (match[1] as string).split(",").map((i) => (names[Number(i)] ?? "").replace(/^assets\//, ""));
      if (list[0]) lists.set(list[0], list);
    }
  }
  return lists;
}

/**
 * The initial JS and CSS of each route, gzipped, from the built index.html and chunk graph.
 *
 * A route's initial files are those the browser fetches before the route can first paint:
 * - everything index.html references (the entry script, its modulepreloaded imports, the stylesheet), and the
 *   static imports of those, transitively;
 * - for a route with a lazy page (a `React.lazy` page in routes.tsx, imported as soon as the route matches): the page
 *   chunk, its static imports transitively, and the files Vite preloads with it (its `__vite__mapDeps` list).
 * Not counted: chunks behind a dynamic import() that runs once a page has rendered, e.g. the Markdown renderer
 * (fetched alongside a chat's messages), the drawer (fetched when the browser is idle) and the operator charts.
 * They are listed per route as `deferred` in the data (the page chunk's own dynamic imports) for transparency.
 */
export function measureBundles(): Figure[] {
  const html = readFileSync(join(webDir, "index.html"), "utf8");
  const fromHtml = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
  const assets = readdirSync(join(webDir, "assets"));
  if (!fromHtml.some((file) => file.startsWith("index-") && file.endsWith(".js"))) {
    throw new Error("no entry script in dist/web/index.html");
  }
  const preloads = preloadLists(assets.filter((file) => file.endsWith(".js")));
  const size = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let known = size.get(file);
    if (!known) {
      const bytes = readFileSync(join(webDir, "assets", file));
      known = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      size.set(file, known);
    }
    return known;
  };

  return routes.map(({ path, page }) => {
    const files = new Set<string>();
    for (const file of fromHtml) if (file.endsWith(".js")) for (const f of closure(file)) files.add(f);
    for (const file of fromHtml) if (file.endsWith(".css")) files.add(file);
    const deferred = new Set<string>();
    if (page) {
      const chunk = assets.find((file) => file.startsWith(`${page}-`) && file.endsWith(".js"));
      if (!chunk) throw new Error(`no chunk for ${page}`);
      for (const f of closure(chunk)) files.add(f);
      for (const f of preloads.get(chunk) ?? []) files.add(f);
      for (const match of read(chunk).matchAll(dynamicImport)) deferred.add(match[1] as string);
    }
    const js = [...files].filter((f) => f.endsWith(".js"));
    const css = [...files].filter((f) => f.endsWith(".css"));
    const later = [...deferred].filter((f) => !files.has(f));
    const sum = (list: string[], key: "raw" | "gzip") => list.reduce((total, f) => total + sizeOf(f)[key], 0);
    const jsGzip = sum(js, "gzip");
    const check = path === "/chats/:id" ? atMost(jsGzip / 1024, 150, " KB") : null;
    return {
      section: "Web bundle",
      name: `initial ${path}`,
      measured: `JS ${kb(jsGzip)} + CSS ${kb(sum(css, "gzip"))} gzipped (${kb(sum(js, "raw") + sum(css, "raw"))} raw, ${files.size} files)`,
      target: path === "/chats/:id" ? "≤ 150 KB JS gzipped; route-level splitting" : "route-level splitting",
      met: check ? check.met : null,
      verdict: check ? check.verdict : `${page ? `lazy ${page} chunk` : "no lazy chunk"}`,
      samples: 1,
      data: {
        js,
        css,
        jsGzipBytes: jsGzip,
        cssGzipBytes: sum(css, "gzip"),
        rawBytes: sum(js, "raw") + sum(css, "raw"),
        deferred: later.map((file) => ({ file, gzipBytes: sizeOf(file).gzip })),
      },
    } satisfies Figure;
  });
}
