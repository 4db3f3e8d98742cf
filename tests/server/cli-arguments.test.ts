import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const scripts = {
  users: "src/cli/users.ts",
  prompts: "src/cli/prompts.ts",
  export: "src/cli/export.ts",
  backup: "src/cli/backup.ts",
  restore: "src/cli/restore.ts",
  bench: "bench/run.ts",
} as const;

let folder: string;
/** DATA_DIR for the commands: it must still not exist afterwards (nothing opened, no lock taken). */
let dataDir: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "health-chat-cli-args-"));
  dataDir = join(folder, "data");
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function command(name: keyof typeof scripts, ...args: string[]) {
  const result = await run(process.execPath, ["--import", "tsx", scripts[name], ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  expect(existsSync(dataDir), `${name} ${args.join(" ")} created DATA_DIR`).toBe(false);
  return result;
}

describe("every operator script checks its arguments before it opens anything", () => {
  it.each(Object.keys(scripts) as (keyof typeof scripts)[])(
    "%s answers --help and refuses an unknown option",
    async (name) => {
      const help = await command(name, "--help");
      expect(help).toMatchObject({ code: 0, stderr: "" });
      expect(help.stdout).toMatch(new RegExp(`^Usage: npm run ${name} -- `));
      expect(help.stdout).toContain("-h, --help");

      const wrong = await command(name, "--no-such-option");
      expect(wrong).toMatchObject({ code: 2, stdout: "" });
      expect(wrong.stderr).toContain("Unknown option '--no-such-option'");
      expect(wrong.stderr).toContain(`Usage: npm run ${name} -- `);
    },
    120_000,
  );

  it.each([
    ["users", ["promote", "ana@example.org"]],
    ["users", ["show"]],
    ["prompts", ["set", "system"]],
    ["export", ["chats", "--from", "2026-01-01"]],
    ["backup", []],
    ["restore", ["a.sql", "b.sql"]],
    ["bench", ["--only=latency,nothing"]],
  ] as const)(
    "%s refuses the arguments %j",
    async (name, args) => {
      const wrong = await command(name, ...args);
      expect(wrong).toMatchObject({ code: 2, stdout: "" });
      expect(wrong.stderr).toContain(`Usage: npm run ${name} -- `);
    },
    120_000,
  );
});
