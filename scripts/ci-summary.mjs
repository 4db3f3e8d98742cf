// Prints `N passed, N failed` summed over the checks and the Vitest and Playwright JSON reports.
// A runner that exited with an error but left no report counts as one failure.
import { existsSync, readFileSync } from "node:fs";

const [statusArg, vitestFile, playwrightFile] = process.argv.slice(2);
const status = Number(statusArg);
// Checks run before the tests (type check, lint), counted one each.
let passed = Number(process.env.CHECKS_PASSED ?? 0);
let failed = Number(process.env.CHECKS_FAILED ?? 0);
let reports = 0;

if (existsSync(vitestFile)) {
  const report = JSON.parse(readFileSync(vitestFile, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  reports++;
}
if (existsSync(playwrightFile)) {
  const { stats, errors } = JSON.parse(readFileSync(playwrightFile, "utf8"));
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += stats?.unexpected ?? 0;
  // Errors outside any test (a web server that did not start, a broken config) fail the run.
  if ((stats?.unexpected ?? 0) === 0 && (errors?.length ?? 0) > 0) failed += 1;
  reports++;
}
if (status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || reports === 0 ? 1 : 0);
