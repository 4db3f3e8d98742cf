import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { z } from "zod";
import { envSchema } from "../../src/server/env";

const root = join(import.meta.dirname, "../..");
export const envSourcePath = join(root, "src/server/env.ts");
export const configurationDocPath = join(root, "docs/configuration.md");

/** One setting as src/server/env.ts documents it: the `// ## Group` above it and its docblock. */
export interface DocumentedSetting {
  name: string;
  group: string;
  description: string;
  /** The docblock's `@default` text, for a default the schema cannot show (a generated secret). */
  defaultText?: string;
}

/** Reads each envSchema property's docblock and group heading from the source, in source order. */
export function documentedSettings(source = readFileSync(envSourcePath, "utf8")): DocumentedSetting[] {
  const file = ts.createSourceFile("env.ts", source, ts.ScriptTarget.Latest, true);
  const shape = schemaObjectLiteral(file);
  const settings: DocumentedSetting[] = [];
  let group = "Settings";
  for (const property of shape.properties) {
    if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
    let docblock: string | undefined;
    for (const range of ts.getLeadingCommentRanges(source, property.getFullStart()) ?? []) {
      const comment = source.slice(range.pos, range.end);
      const heading = comment.match(/^\/\/ ## (.+)$/)?.[1];
      if (heading) group = heading.trim();
      if (comment.startsWith("/**")) docblock = comment;
    }
    const { description, defaultText } = parseDocblock(docblock ?? "");
    settings.push({ name: property.name.text, group, description, ...(defaultText ? { defaultText } : {}) });
  }
  return settings;
}

function schemaObjectLiteral(file: ts.SourceFile): ts.ObjectLiteralExpression {
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (ts.isIdentifier(declaration.name) && declaration.name.text === "envSchema" && init && ts.isCallExpression(init)) {
        const [shape] = init.arguments;
        if (shape && ts.isObjectLiteralExpression(shape)) return shape;
      }
    }
  }
  throw new Error("src/server/env.ts: no `export const envSchema = z.object({ … })` found");
}

function parseDocblock(block: string): { description: string; defaultText?: string } {
  const lines = block
    .replace(/^\/\*\*/, "")
    .replace(/\*\/$/, "")
    .split("\n")
    .map((line) => line.replace(/^\s*\* ?/, "").trim());
  const tagAt = lines.findIndex((line) => line.startsWith("@default"));
  const text = (tagAt === -1 ? lines : lines.slice(0, tagAt)).join(" ");
  const defaultText =
    tagAt === -1
      ? undefined
      : lines
          .slice(tagAt)
          .join(" ")
          .replace(/^@default\s*/, "")
          .trim();
  return { description: text.replace(/\s+/g, " ").trim(), ...(defaultText ? { defaultText } : {}) };
}

/** Markdown inline code that survives backticks and a table's pipes. */
function code(value: string): string {
  const longestRun = Math.max(0, ...(value.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longestRun + 1);
  const padded = value.startsWith("`") || value.endsWith("`") ? ` ${value} ` : value;
  return `${fence}${padded}${fence}`;
}

const cell = (text: string) => text.replaceAll("|", "\\|");

const flagValues = ["0", "1", "false", "no", "off", "on", "true", "yes"];

function acceptedValues(property: Record<string, unknown> | undefined): string {
  const options = property?.enum as string[] | undefined;
  if (options && [...options].sort().join() === flagValues.join()) return "`true` or `false`";
  if (options) return options.map(code).join(", ");
  if (property?.type === "integer") return `integer ≥ ${property.minimum ?? 0}`;
  return "text";
}

function defaultOf(setting: DocumentedSetting, defaults: Record<string, unknown>): string {
  if (setting.defaultText) return setting.defaultText;
  const value = defaults[setting.name];
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return "–";
  return code(Array.isArray(value) ? value.join(",") : String(value));
}

/** docs/configuration.md as `npm run docs:config` writes it; throws on a setting without a description. */
export function configurationMarkdown(source?: string): string {
  const settings = documentedSettings(source);
  const undocumented = Object.keys(envSchema.shape).filter((name) => !settings.some((s) => s.name === name && s.description));
  if (undocumented.length > 0) {
    throw new Error(`src/server/env.ts: these settings have no /** description */ above them: ${undocumented.join(", ")}`);
  }
  const defaults = envSchema.parse({}) as Record<string, unknown>;
  const jsonSchema = z.toJSONSchema(envSchema, { io: "input", unrepresentable: "any" }) as {
    properties: Record<string, Record<string, unknown>>;
  };
  const out = [
    "<!-- Generated by `npm run docs:config` from src/server/env.ts: edit the comments there, not this file. -->",
    "",
    "# Configuration",
    "",
    "Every setting is an environment variable, read and checked once at start (`src/server/env.ts`); a wrong value stops the",
    "server with a message naming it. A `.env` file in the working directory is read too (real environment variables win);",
    "[`.env.example`](../.env.example) lists every setting with its default. A `true` or `false` setting also takes `1`/`0`,",
    "`yes`/`no` and `on`/`off`. Defaults are what applies while a setting is unset.",
  ];
  for (const group of [...new Set(settings.map((s) => s.group))]) {
    out.push("", `## ${group}`, "", "| Setting | Default | Values | Meaning |", "| --- | --- | --- | --- |");
    for (const setting of settings.filter((s) => s.group === group)) {
      const row = [
        code(setting.name),
        defaultOf(setting, defaults),
        acceptedValues(jsonSchema.properties[setting.name]),
        setting.description,
      ];
      out.push(`| ${row.map(cell).join(" | ")} |`);
    }
  }
  return `${out.join("\n")}\n`;
}
