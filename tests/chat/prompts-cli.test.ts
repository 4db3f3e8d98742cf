import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, onTestFinished } from "vitest";
import { defaultPrompts } from "../../src/server/prompts/defaults";
import { defaultStarterQuestions } from "../../src/server/prompts/starter-defaults";

const run = promisify(execFile);
const cli = (dataDir: string, ...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "src/cli/prompts.ts", ...args], {
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

  it("sets the starter questions one per line, and refuses more than 6 or a line over 120 characters", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "health-chat-prompts-"));
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
    expect((await cli(dataDir, "list")).stdout).toMatch(/^starter-questions-en\tv1\t/m);
    expect((await cli(dataDir, "get", "starter-questions-en")).stdout.trim()).toBe(defaultStarterQuestions.en.join("\n"));

    const file = join(dataDir, "starters.txt");
    await writeFile(file, "What helps with hay fever?\n\n  Is coffee bad for me?\n");
    expect((await cli(dataDir, "set", "starter-questions-en", file)).stdout).toContain(
      'prompt "starter-questions-en" updated to version 2',
    );
    expect((await cli(dataDir, "get", "starter-questions-en")).stdout).toBe("What helps with hay fever?\nIs coffee bad for me?\n");

    await writeFile(file, "Why?\n".repeat(7));
    await expect(cli(dataDir, "set", "starter-questions-en", file)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("Give at most 6 questions."),
    });
    await writeFile(file, `${"x".repeat(121)}\n`);
    await expect(cli(dataDir, "set", "starter-questions-en", file)).rejects.toMatchObject({
      stderr: expect.stringContaining("At most 120 characters a question."),
    });
    const history = (await cli(dataDir, "history", "starter-questions-en")).stdout.trim().split("\n");
    expect(history.map((line) => line.split("\t")[0])).toEqual(["v2", "v1"]);
  }, 120_000);
});
