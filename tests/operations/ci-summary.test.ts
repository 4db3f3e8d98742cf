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

/** Runs the summary as .ci/run does; resolves with its exit code, its last line and what it printed above it. */
function summary(status: number, files: string[], checks = { passed: 2, failed: 0 }) {
  const env = { ...process.env, CHECKS_PASSED: String(checks.passed), CHECKS_FAILED: String(checks.failed) };
  return run(process.execPath, [join(projectRoot, "scripts", "ci-summary.mjs"), String(status), ...files], { env, cwd: projectRoot }).then(
    ({ stdout }) => ({ code: 0, ...lines(stdout) }),
    (error: { code: number; stdout: string }) => ({ code: error.code, ...lines(error.stdout) }),
  );
}

function lines(stdout: string) {
  const all = stdout.trim().split("\n");
  return { line: all.at(-1), above: all.slice(0, -1).join("\n") };
}

describe("the CI summary line", () => {
  it("sums the checks, both Vitest runs and the Playwright run", async () => {
    const { write } = await reportsFolder();
    const node20 = await write("vitest.json", { numPassedTests: 300, numFailedTests: 0, numRuntimeErrorTestSuites: 0 });
    const node24 = await write("vitest-node24.json", { numPassedTests: 299, numFailedTests: 1, numRuntimeErrorTestSuites: 0 });
    const browser = await write("playwright.json", { stats: { expected: 40, flaky: 1, unexpected: 0 }, errors: [] });
    expect(await summary(1, [node20, browser, node24])).toMatchObject({ code: 1, line: "642 passed, 1 failed" });
  });

  it("passes when every report passed", async () => {
    const { write } = await reportsFolder();
    const node20 = await write("vitest.json", { numPassedTests: 3, numFailedTests: 0 });
    const node24 = await write("vitest-node24.json", { numPassedTests: 3, numFailedTests: 0 });
    expect(await summary(0, [node20, node24])).toEqual({ code: 0, line: "8 passed, 0 failed", above: "" });
  });

  it("counts a report that was never written as one failure", async () => {
    const { folder, write } = await reportsFolder();
    const node20 = await write("vitest.json", { numPassedTests: 3, numFailedTests: 0 });
    const result = await summary(1, [node20, join(folder, "vitest-node24.json")]);
    expect(result).toMatchObject({ code: 1, line: "5 passed, 1 failed" });
    expect(result.above).toContain("vitest-node24.json: no report");
  });

  it("names every failed test above the line, with its report, first error line and a browser test's locator and line", async () => {
    const { write } = await reportsFolder();
    const node20 = await write("vitest.json", {
      numPassedTests: 2,
      numFailedTests: 1,
      numRuntimeErrorTestSuites: 1,
      testResults: [
        {
          name: join(projectRoot, "tests/scale/two-processes.test.ts"),
          status: "failed",
          assertionResults: [
            { fullName: "two processes share revocation", status: "passed" },
            {
              fullName: "two processes stream a reply",
              status: "failed",
              failureMessages: ["\u001b[31mAssertionError\u001b[39m: expected 4 to be 6\n    at stack"],
            },
          ],
        },
        { name: join(projectRoot, "tests/broken.test.ts"), status: "failed", message: "Cannot find module x\nstack", assertionResults: [] },
      ],
    });
    const browser = await write("playwright.json", {
      stats: { expected: 3, flaky: 0, unexpected: 1 },
      errors: [],
      suites: [
        {
          title: "chat.spec.ts",
          specs: [{ title: "sends a message", ok: true }],
          suites: [
            {
              title: "on a phone",
              specs: [
                {
                  title: "keeps the menu in reach",
                  ok: false,
                  tests: [
                    {
                      results: [
                        {
                          error: {
                            message: "Error: expect(locator).toBeVisible() failed\n\nLocator: getByRole('heading')\nCall log:",
                            location: { file: join(projectRoot, "e2e/chat.spec.ts"), line: 12, column: 5 },
                          },
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    const result = await summary(1, [node20, browser]);
    expect(result.line).toBe("7 passed, 3 failed");
    expect(result.above.split("\n")).toEqual([
      "failed:",
      `  ${node20}: tests/scale/two-processes.test.ts > two processes stream a reply`,
      "      AssertionError: expected 4 to be 6",
      `  ${node20}: tests/broken.test.ts: Cannot find module x`,
      `  ${browser}: chat.spec.ts > on a phone > keeps the menu in reach`,
      "      Error: expect(locator).toBeVisible() failed",
      "      Locator: getByRole('heading')",
      "      at e2e/chat.spec.ts:12",
    ]);
  });
});
