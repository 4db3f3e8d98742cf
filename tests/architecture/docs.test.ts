import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(join(root, file), "utf8");
const docs = readdirSync(join(root, "docs"))
  .filter((file) => file.endsWith(".md"))
  .map((file) => `docs/${file}`);
const documents = ["README.md", "CHANGELOG.md", "SECURITY.md", ...docs];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2, … */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, "");
  for (const [, heading = ""] of withoutCode.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n += 1) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** Relative links of a Markdown file: `[text](target)` outside code blocks, without http(s) and mailto ones. */
function relativeLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, "");
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target = ""]) => target)
    .filter((target) => !/^(https?:|mailto:)/.test(target));
}

describe("the README is a start page a newcomer reads in one go", () => {
  const readme = read("README.md");

  it("is at most 12 KB", () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(12 * 1024);
  });

  it("has the commands to run and to test, how to connect a model and how to become an operator", () => {
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm test");
    expect(readme).toMatch(/^## Connect a model$/m);
    expect(readme).toMatch(/^## Become an operator$/m);
  });

  it("links every document in docs/", () => {
    for (const doc of docs) expect(readme, doc).toContain(`](${doc})`);
  });
});

describe("the documents", () => {
  it.each(documents)("%s reads as documentation, not a lab notebook (run diaries belong in git)", (document) => {
    expect(read(document)).not.toMatch(/\b(the|of) \d{1,2}:\d{2} run\b|\bthe run before\b|\bthis session\b/i);
  });

  it.each(documents)("%s links only to files and headings that exist", (document) => {
    const broken: string[] = [];
    for (const target of relativeLinks(read(document))) {
      const [path = "", anchor] = target.split("#");
      const file = path === "" ? document : relative(root, join(root, dirname(document), path));
      if (!existsSync(join(root, file))) broken.push(`${target} (no file ${file})`);
      else if (anchor && file.endsWith(".md") && !anchorsOf(read(file)).has(anchor)) broken.push(`${target} (no heading)`);
    }
    expect(broken).toEqual([]);
  });
});
