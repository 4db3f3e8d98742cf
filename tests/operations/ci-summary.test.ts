// scripts/ci-summary.mjs: the one `N passed, N failed` line CI reads, summed over the checks and every runner's
// report (Vitest on Node 20 and on Node 24, Playwright).
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, onTestFinished } from "vitest";
import { projectRoot } from "../../src/server/paths";

const run = promisify(execFile);

async function reportsFolder() {
  const folder = await mkdtemp(join(tmpdir(), "health-chat-ci-summary-"));
  onTestFinished(() => rm(folder, { recursive: true, force: true }));
  const write = async (name: string, report: object) => {
    await writeFile(join(folder, name), JSON.stringify(report));
    return join(folder, name);
  };
  return { folder, write };
}

/** Runs the summary as .ci/run does; resolves with its exit code and the line it printed. */
function summary(status: number, files: string[], checks = { passed: 2, failed: 0 }) {
  const env = { ...process.env, CHECKS_PASSED: String(checks.passed), CHECKS_FAILED: String(checks.failed) };
  return run(process.execPath, [join(projectRoot, "scripts", "ci-summary.mjs"), String(status), ...files], { env }).then(
    ({ stdout }) => ({ code: 0, line: stdout.trim() }),
    (error: { code: number; stdout: string }) => ({ code: error.code, line: error.stdout.trim() }),
  );
}

describe("the CI summary line", () => {
  it("sums the checks, both Vitest runs and the Playwright run", async () => {
    const { write } = await reportsFolder();
    const node20 = await write("vitest.json", { numPassedTests: 300, numFailedTests: 0, numRuntimeErrorTestSuites: 0 });
    const node24 = await write("vitest-node24.json", { numPassedTests: 299, numFailedTests: 1, numRuntimeErrorTestSuites: 0 });
    const browser = await write("playwright.json", { stats: { expected: 40, flaky: 1, unexpected: 0 }, errors: [] });
    expect(await summary(1, [node20, browser, node24])).toEqual({ code: 1, line: "642 passed, 1 failed" });
  });

  it("passes when every report passed", async () => {
    const { write } = await reportsFolder();
    const node20 = await write("vitest.json", { numPassedTests: 3, numFailedTests: 0 });
    const node24 = await write("vitest-node24.json", { numPassedTests: 3, numFailedTests: 0 });
    expect(await summary(0, [node20, node24])).toEqual({ code: 0, line: "8 passed, 0 failed" });
  });

  it("counts a report that was never written as one failure", async () => {
    const { folder, write } = await reportsFolder();
    const node20 = await write("vitest.json", { numPassedTests: 3, numFailedTests: 0 });
    expect(await summary(1, [node20, join(folder, "vitest-node24.json")])).toEqual({ code: 1, line: "5 passed, 1 failed" });
  });
});
