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

/** The files a chunk loads before it runs: its static imports, transitively. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(webDir, "assets", file), "utf8");
  for (const match of code.matchAll(staticImport)) closure(match[1] as string, seen);
  return seen;
}

/** The initial JS and CSS of each route, gzipped, from the built index.html and chunk graph. */
export function measureBundles(): Figure[] {
  const html = readFileSync(join(webDir, "index.html"), "utf8");
  const fromHtml = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
  const assets = readdirSync(join(webDir, "assets"));
  const entry = fromHtml.find((file) => file.startsWith("index-") && file.endsWith(".js"));
  if (!entry) throw new Error("no entry script in dist/web/index.html");
  const entryCode = readFileSync(join(webDir, "assets", entry), "utf8");
  // Vite lists each lazy chunk's preloaded dependencies (JS and CSS) in __vite__mapDeps.
  const depNames = JSON.parse(/m\.f=(\[[^\]]*\])/.exec(entryCode)?.[1] ?? "[]") as string[];
  const depLists = [...entryCode.matchAll(/__vite__mapDeps\(\[([\d,]+)\]\)/g)].map((m) =>
    (m[1] as string).split(",").map((i) => (depNames[Number(i)] ?? "").replace(/^assets\//, "")),
  );
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
    if (page) {
      const chunk = assets.find((file) => file.startsWith(`${page}-`) && file.endsWith(".js"));
      if (!chunk) throw new Error(`no chunk for ${page}`);
      for (const f of closure(chunk)) files.add(f);
      for (const list of depLists) if (list[0] === chunk) for (const f of list) files.add(f);
    }
    const js = [...files].filter((f) => f.endsWith(".js"));
    const css = [...files].filter((f) => f.endsWith(".css"));
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
      data: { js, css, jsGzipBytes: jsGzip, cssGzipBytes: sum(css, "gzip"), rawBytes: sum(js, "raw") + sum(css, "raw") },
    } satisfies Figure;
  });
}
