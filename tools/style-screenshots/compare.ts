// Compares two folders of screenshots pixel by pixel: npx tsx tools/style-screenshots/compare.ts BEFORE AFTER [DIFF_DIR]
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";

const { PNG } = createRequire(import.meta.url)("playwright-core/lib/utilsBundle") as {
  PNG: { sync: { read(b: Buffer): { width: number; height: number; data: Buffer }; write(p: unknown): Buffer } } & (new (
    o: object,
  ) => { data: Buffer });
};
const [before, after, diffDir] = process.argv.slice(2) as [string, string, string | undefined];
const list = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? list(join(dir, name)) : [join(dir, name)]));
let same = 0;
const different: string[] = [];
for (const file of list(before).filter((f) => f.endsWith(".png"))) {
  const name = relative(before, file);
  let b: ReturnType<typeof PNG.sync.read>;
  let a: ReturnType<typeof PNG.sync.read>;
  try {
    b = PNG.sync.read(readFileSync(file));
    a = PNG.sync.read(readFileSync(join(after, name)));
  } catch (error) {
    different.push(`${name}: ${(error as Error).message}`);
    continue;
  }
  if (a.width !== b.width || a.height !== b.height) {
    different.push(`${name}: size ${b.width}x${b.height} -> ${a.width}x${a.height}`);
    continue;
  }
  let pixels = 0;
  const diff = new PNG({ width: a.width, height: a.height });
  for (let i = 0; i < a.data.length; i += 4) {
    const changed =
      a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2] || a.data[i + 3] !== b.data[i + 3];
    if (changed) pixels++;
    diff.data[i] = changed ? 255 : (b.data[i] ?? 0) / 3 + 170;
    diff.data[i + 1] = changed ? 0 : (b.data[i + 1] ?? 0) / 3 + 170;
    diff.data[i + 2] = changed ? 0 : (b.data[i + 2] ?? 0) / 3 + 170;
    diff.data[i + 3] = 255;
  }
  if (pixels === 0) {
    same++;
    continue;
  }
  different.push(`${name}: ${pixels} pixels differ`);
  if (diffDir) {
    mkdirSync(dirname(join(diffDir, name)), { recursive: true });
    writeFileSync(join(diffDir, name), PNG.sync.write(diff));
  }
}
console.log(`${same} identical, ${different.length} different`);
for (const line of different) console.log(`  ${line}`);
process.exitCode = different.length ? 1 : 0;
