// Prints `N passed, N failed` summed over the checks and every JSON report given (Vitest's and Playwright's, in any
// number: .ci/run runs Vitest on two Node versions). A report that is missing, because its runner failed before
// writing it or never ran, counts as one failure. Above that line it names every failed test, with its report and
// its error's first line: CI keeps only the tail of the output, and a red run must say what to look at.
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { stripVTControlCharacters } from "node:util";

const [statusArg, ...reportFiles] = process.argv.slice(2);
const status = Number(statusArg);
// Checks run before the tests (type check, lint), counted one each.
let passed = Number(process.env.CHECKS_PASSED ?? 0);
let failed = Number(process.env.CHECKS_FAILED ?? 0);
const failures = [];

function vitestFailures(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const path = relative(process.cwd(), file.name ?? "");
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failedTests) names.push(`${path} > ${test.fullName ?? test.title}${because(test.failureMessages?.[0])}`);
    // A file that failed outside its tests (an import error, a hook that threw) has no failed test to name.
    if (failedTests.length === 0 && file.status === "failed") names.push(`${path}: ${firstLine(file.message)}`);
  }
  return names;
}

function playwrightFailures(suites, titles = []) {
  const names = [];
  for (const suite of suites ?? []) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      const error = spec.tests?.flatMap((test) => test.results ?? []).find((result) => result.error)?.error;
      if (!spec.ok) names.push(`${[...path, spec.title].join(" > ")}${because(error?.message)}${where(error)}`);
    }
    names.push(...playwrightFailures(suite.suites, path));
  }
  return names;
}

function firstLine(text) {
  const lines = stripVTControlCharacters(String(text ?? "failed")).split("\n");
  return (lines.find((line) => line.trim() !== "") ?? "failed").slice(0, 200);
}

/** A failed test's first line of error on a line of its own, when the report has one. */
function because(message) {
  return message ? `\n      ${firstLine(message)}` : "";
}

/** Which locator a browser test waited for, and on which line: the first error line alone does not say. */
function where(error) {
  const lines = stripVTControlCharacters(String(error?.message ?? "")).split("\n");
  const locator = lines.find((line) => line.startsWith("Locator:"));
  const location = error?.location ? `${relative(process.cwd(), error.location.file)}:${error.location.line}` : undefined;
  return [locator, location && `at ${location}`]
    .filter(Boolean)
    .map((line) => `\n      ${line.slice(0, 200)}`)
    .join("");
}

for (const file of reportFiles) {
  if (!existsSync(file)) {
    console.error(`no report at ${file}: counted as one failure`);
    failures.push(`${file}: no report`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  if ("numPassedTests" in report) {
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
    for (const name of vitestFailures(report)) failures.push(`${file}: ${name}`);
  } else {
    const { stats, errors } = report;
    passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
    failed += stats?.unexpected ?? 0;
    for (const name of playwrightFailures(report.suites)) failures.push(`${file}: ${name}`);
    // Errors outside any test (a web server that did not start, a broken config) fail the run.
    if ((stats?.unexpected ?? 0) === 0 && (errors?.length ?? 0) > 0) {
      failed += 1;
      failures.push(`${file}: ${firstLine(errors[0]?.message)}`);
    }
  }
}
if (status !== 0 && failed === 0) failed = 1;
if (failures.length > 0) console.log(`failed:\n${failures.map((name) => `  ${name}`).join("\n")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
