// Every command (the shipped ones in src/cli/, the developer tools in tools/, and the bench, soak and fake-model
// entry points) answers --help with its usage and exit code 0, and does nothing else: no retraining, no icons
// redrawn, no database opened, no file written anywhere in the checkout.
import { execFile } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const run = promisify(execFile);

/** The .ts files directly in a folder that are commands (not libraries such as the Vite plugin). */
const commandsIn = (folder: string) =>
  readdirSync(join(root, folder))
    .filter((name) => name.endsWith(".ts") && !name.startsWith("vite-plugin-"))
    .map((name) => `${folder}/${name}`);
const commands = [...commandsIn("src/cli"), ...commandsIn("tools"), "bench/run.ts", "bench/soak.ts", "tests/fake-model/cli.ts"];

// Written by tools and test runs, or not part of the checkout: the rest of the tree must stay as it was.
const skipped = new Set(["node_modules", ".git", "dist", "reports", "test-results", "playwright-report", ".ci"]);

/** Every file and folder of the checkout, with its modification time and size. */
function tree(folder = root, into = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (folder === root && skipped.has(entry.name)) continue;
    const path = join(folder, entry.name);
    const stats = statSync(path);
    into.set(relative(root, path), `${stats.mtimeMs} ${stats.size}`);
    if (entry.isDirectory()) tree(path, into);
  }
  return into;
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "health-chat-cli-help-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe("every command", () => {
  it("is found", () => {
    expect(commands).toEqual(expect.arrayContaining(["src/cli/users.ts", "tools/train-red-flag-model.ts", "tools/make-icons.ts"]));
  });

  it.each(commands)(
    "%s answers --help without side effects",
    async (command) => {
      // Where a command would write if --help did not stop it first.
      const dataDir = join(folder, "data");
      const weightsOut = join(folder, "weights.json");
      const before = tree();
      const result = await run(process.execPath, ["--import", "tsx", command, "--help"], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", WEIGHTS_OUT: weightsOut },
      }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(result).toMatchObject({ code: 0, stderr: "" });
      expect(result.stdout).toMatch(/^Usage: /);
      expect(result.stdout).toContain("-h, --help");
      expect(existsSync(dataDir) || existsSync(weightsOut), "wrote into DATA_DIR or WEIGHTS_OUT").toBe(false);
      const after = tree();
      const changed = [...new Set([...before.keys(), ...after.keys()])].filter((path) => before.get(path) !== after.get(path));
      expect(changed).toEqual([]);
    },
    120_000,
  );
});
