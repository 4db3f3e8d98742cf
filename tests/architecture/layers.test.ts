import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const src = join(root, "src");

/** One import of a source file: where it points (relative to the project) and whether only types come through it. */
interface ImportEdge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/**
 * Whether a declaration brings in types only: `import type` or `export type`. With verbatimModuleSyntax (tsconfig),
 * `import { type A } from "…"` still loads the module at run time (as `import {} from "…"`), so it is no such import.
 */
function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  return ts.isExportDeclaration(node) ? node.isTypeOnly : node.importClause?.isTypeOnly === true;
}

/** Every relative import of `file` (static, re-export, dynamic import(), and `import("…")` types), parsed by TypeScript. */
function importsOf(file: string, text = readFileSync(file, "utf8")): ImportEdge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edges: ImportEdge[] = [];
  const add = (specifier: ts.Expression | undefined, typeOnly: boolean) => {
    if (!specifier || !ts.isStringLiteralLike(specifier) || !specifier.text.startsWith(".")) return;
    edges.push({ from: relative(root, file), to: relative(root, resolve(dirname(file), specifier.text)), typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier, isTypeOnly(node));
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], false);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal, true);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

const inside = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

/** The layering rules of docs/architecture.md: each returns why an import breaks it, or undefined. */
function layerViolation({ from, to, typeOnly }: ImportEdge): string | undefined {
  if (inside(from, "src/shared") && (inside(to, "src/server") || inside(to, "src/web"))) return "src/shared imports neither side";
  if (inside(from, "src/web") && inside(to, "src/server") && !typeOnly) return "src/web imports only types from src/server";
  if (inside(from, "src/server/db") && ["src/server/http", "src/server/routes", "src/web"].some((folder) => inside(to, folder)))
    return "src/server/db imports nothing from http/, routes/ or the web app";
  if (inside(to, "src/cli") && !inside(from, "src/cli")) return "src/cli (the commands) is imported by nothing else in src/";
  // Backup and restore copy the embedded database's own files, so they alone may reach into it.
  if (inside(to, "src/server/db/pglite") && !inside(from, "src/server/db") && from !== "src/cli/lib/pglite-dump.ts")
    return "only src/server/db knows which database runs (src/server/db/pglite)";
  return undefined;
}

/** The module a specifier names: the file itself, or its index file. */
function resolveModule(path: string, files: Set<string>): string | undefined {
  const stem = path.replace(/\.(js|mjs|ts|tsx)$/, "");
  return [".ts", ".tsx", ".js", ".mjs", "/index.ts", "/index.tsx"].map((ext) => `${stem}${ext}`).find((file) => files.has(file));
}

/** Import cycles among run-time imports (types-only ones load nothing), each as the files on it. */
function importCycles(files: string[]): string[][] {
  const known = new Set(files.map((file) => relative(root, file)));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(file)
      .filter((edge) => !edge.typeOnly)
      .map((edge) => resolveModule(edge.to, known))
      .filter((to): to is string => to !== undefined);
    graph.set(relative(root, file), targets);
  }
  // Tarjan's strongly connected components; a component of more than one file is a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe("imports", () => {
  it("form no cycle under src/", () => {
    expect(importCycles(sourceFiles(src))).toEqual([]);
  });
});

describe("layers", () => {
  it("hold in every file under src/", () => {
    const files = sourceFiles(src);
    expect(files.length).toBeGreaterThan(100);
    const violations = files
      .flatMap((file) => importsOf(file))
      .map((edge) => ({ edge, rule: layerViolation(edge) }))
      .filter(({ rule }) => rule !== undefined)
      .map(({ edge, rule }) => `${edge.from} → ${edge.to}: ${rule}`);
    expect(violations).toEqual([]);
  });

  it("are checked on every kind of import", () => {
    const edges = (path: string, text: string) =>
      importsOf(join(root, path), text).map((edge) => `${edge.to}${edge.typeOnly ? " (types)" : ""}: ${layerViolation(edge) ?? "ok"}`);
    const webFile = "src/web/pages/Example.tsx";
    expect(
      edges(
        webFile,
        `import type { AppType } from "../../server/app";
         import { type Env, loadEnv } from "../../server/env";
         import { type Logger } from "../../server/logger";
         export { createApp } from "../../server/app";
         export type { Database } from "../../server/db/client";
         const lazy = () => import("../../server/chat/reply");
         type Row = import("../../server/db/schema").Chat;
         import "../../server/index";`,
      ),
    ).toEqual([
      "src/server/app (types): ok",
      "src/server/env: src/web imports only types from src/server",
      "src/server/logger: src/web imports only types from src/server",
      "src/server/app: src/web imports only types from src/server",
      "src/server/db/client (types): ok",
      "src/server/chat/reply: src/web imports only types from src/server",
      "src/server/db/schema (types): ok",
      "src/server/index: src/web imports only types from src/server",
    ]);
    expect(edges("src/shared/example.ts", `import type { Env } from "../server/env"; import { x } from "./values";`)).toEqual([
      "src/server/env (types): src/shared imports neither side",
      "src/shared/values: ok",
    ]);
    expect(
      edges(
        "src/server/db/queries/example.ts",
        `import { apiError } from "../../http/api-error"; import { chats } from "../schema"; import type { x } from "../../routes/chats";`,
      ),
    ).toEqual([
      "src/server/http/api-error: src/server/db imports nothing from http/, routes/ or the web app",
      "src/server/db/schema: ok",
      "src/server/routes/chats (types): src/server/db imports nothing from http/, routes/ or the web app",
    ]);
    expect(
      edges("src/server/routes/example.ts", `import { openPgliteDataDir } from "../db/pglite/data-dir"; import { x } from "../db/client";`),
    ).toEqual([
      "src/server/db/pglite/data-dir: only src/server/db knows which database runs (src/server/db/pglite)",
      "src/server/db/client: ok",
    ]);
  });
});
