// Prints `N passed, N failed` summed over the checks and every JSON report given (Vitest's and Playwright's, in any
// number: .ci/run runs Vitest on two Node versions). A report that is missing, because its runner failed before
// writing it or never ran, counts as one failure.
import { existsSync, readFileSync } from "node:fs";

const [statusArg, ...reportFiles] = process.argv.slice(2);
const status = Number(statusArg);
// Checks run before the tests (type check, lint), counted one each.
let passed = Number(process.env.CHECKS_PASSED ?? 0);
let failed = Number(process.env.CHECKS_FAILED ?? 0);

for (const file of reportFiles) {
  if (!existsSync(file)) {
    console.error(`no report at ${file}: counted as one failure`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  if ("numPassedTests" in report) {
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  } else {
    const { stats, errors } = report;
    passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
    failed += stats?.unexpected ?? 0;
    // Errors outside any test (a web server that did not start, a broken config) fail the run.
    if ((stats?.unexpected ?? 0) === 0 && (errors?.length ?? 0) > 0) failed += 1;
  }
}
if (status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
