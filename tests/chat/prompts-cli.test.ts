import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, onTestFinished } from "vitest";
import { defaultPrompts } from "../../src/server/prompts/defaults";

const run = promisify(execFile);
const cli = (dataDir: string, ...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "scripts/prompts.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
  });

describe("npm run prompts", () => {
  it("lists the seeded prompts, reads one, replaces one from a file and keeps its history", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "health-chat-prompts-"));
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
    const listed = await cli(dataDir, "list");
    expect(listed.stdout).toMatch(/^system\t/m);
    expect(listed.stdout).toMatch(/^title\t/m);
    expect((await cli(dataDir, "get", "system")).stdout.trim()).toBe(defaultPrompts.system);

    const file = join(dataDir, "title.txt");
    await writeFile(file, "Give a three-word title.\n");
    expect((await cli(dataDir, "set", "title", file)).stdout).toContain('prompt "title" updated to version 2');
    expect((await cli(dataDir, "get", "title")).stdout.trim()).toBe("Give a three-word title.");
    const history = (await cli(dataDir, "history", "title")).stdout.trim().split("\n");
    expect(history.map((line) => line.split("\t")[0])).toEqual(["v2", "v1"]);
    expect(history[0]).toContain("command line");
    expect(history[1]).toContain("default");
    await expect(cli(dataDir, "get", "missing")).rejects.toMatchObject({ stderr: expect.stringContaining('no prompt with id "missing"') });
    await expect(cli(dataDir, "frobnicate")).rejects.toMatchObject({ code: 2 });
  }, 120_000);
});
