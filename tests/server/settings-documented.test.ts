import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { envSchema } from "../../src/server/env";
import { configurationMarkdown, documentedSettings } from "../../tools/lib/config-docs";

const root = join(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(join(root, file), "utf8");
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** Names set (or shown commented out) in .env.example: `NAME=value` or `# NAME=value`. */
function exampleSettings(): string[] {
  return read(".env.example")
    .split("\n")
    .map((line) => line.match(/^#?\s?([A-Z][A-Z0-9_]*)=/)?.[1])
    .filter((name): name is string => name !== undefined);
}

describe("every setting is documented once, the same way everywhere", () => {
  const inCode = sorted(Object.keys(envSchema.shape));

  it("env.ts gives every setting a description in a docblock above it", () => {
    const described = documentedSettings().filter((setting) => setting.description !== "");
    expect(sorted(described.map((setting) => setting.name))).toEqual(inCode);
  });

  it("docs/configuration.md is what `npm run docs:config` writes from env.ts (run it after changing a setting)", () => {
    expect(read("docs/configuration.md"), "stale: run npm run docs:config").toBe(configurationMarkdown());
  });

  it("the generator refuses a setting without a description, naming it", () => {
    const source = read("src/server/env.ts").replace(/\/\*\*(?:(?!\*\/)[\s\S])*\*\/\s*\n(\s*PORT:)/, "$1");
    expect(source).not.toBe(read("src/server/env.ts"));
    expect(() => configurationMarkdown(source)).toThrow(/description \*\/ above them: PORT$/);
  });

  it(".env.example names exactly the settings env.ts reads, each once with a comment above it", () => {
    expect(sorted(exampleSettings())).toEqual(inCode);
    expect(exampleSettings().length, "a variable listed twice").toBe(inCode.length);
    const lines = read(".env.example").split("\n");
    for (const name of inCode) {
      const at = lines.findIndex((line) => new RegExp(`^#?\\s?${name}=`).test(line));
      expect(lines[at - 1], `the line above ${name}`).toMatch(/^# \S/);
    }
  });

  it(".env.example's values are the defaults env.ts applies (or empty where there is none)", () => {
    const defaults = envSchema.parse({});
    for (const line of read(".env.example").split("\n")) {
      const match = line.match(/^#?\s?([A-Z][A-Z0-9_]*)=(.*)$/);
      if (!match) continue;
      const [, name, value] = match as unknown as [string, keyof typeof defaults, string];
      const fallback = defaults[name];
      const expected = fallback === undefined ? "" : Array.isArray(fallback) ? fallback.join(",") : String(fallback);
      const normalized =
        typeof fallback === "boolean" ? String(["true", "1", "yes", "on"].includes(value)) : value.replace(/^"(.*)"$/, "$1");
      expect(normalized, name).toBe(expected);
    }
  });
});
