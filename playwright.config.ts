import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "./e2e/chromium";
import { E2E_PORT, E2E_THROTTLED_PORT, FAKE_MODEL_PORT } from "./e2e/ports";
import { serverLogFile } from "./e2e/server-log";

// One fresh data folder per run, shared with the test workers (they inherit the environment).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "health-chat-e2e-"));
process.env.E2E_THROTTLED_DATA_DIR ??= mkdtempSync(join(tmpdir(), "health-chat-e2e-throttled-"));

/** A recognisable key the browser must never see (the fake model ignores it). */
export const E2E_MODEL_KEY = "sk-e2e-do-not-leak-0123456789";

const siteConfig = {
  SURVEY_URL_EN: "https://survey.invalid/en",
  SURVEY_URL_DE: "https://survey.invalid/de",
  APP_DOWNLOAD_URL: "https://apps.invalid/health-chat",
  AUTHORS: "Test Author One and Test Author Two",
  PRIVACY_CONTACT_EMAIL: "privacy@university.invalid",
};

/**
 * Each app server runs at debug level, and all it writes is kept in its data folder, where the check after the run
 * (e2e/private-logs.teardown.ts) reads it; warnings and errors still show in Playwright's output.
 */
const server = (port: number, dataDir: string, extra: Record<string, string>) => ({
  command: `node dist/server/index.js 2>&1 | tee -a '${serverLogFile(dataDir)}' | grep --line-buffered -v -E '"level":"(debug|info)"' >&2`,
  url: `http://localhost:${port}/api/password-policy`,
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
  env: {
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: "debug",
    ...siteConfig,
    ...extra,
  },
});

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: "en-US",
    trace: "retain-on-failure",
    // The built app registers a service worker; it would take requests out of page.route()'s reach, so only
    // the installability test (e2e/installable.spec.ts) allows it.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: chromiumExecutable,
      args: chromiumArgs,
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined }, teardown: "private logs" },
    // Runs after the browser tests, also when only some of them ran or some failed.
    { name: "private logs", testMatch: /private-logs\.teardown\.ts/ },
  ],
  webServer: [
    {
      command: `npx tsx tests/fake-model/cli.ts ${FAKE_MODEL_PORT}`,
      url: `http://127.0.0.1:${FAKE_MODEL_PORT}/__requests`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { FAKE_MODEL_TOKEN_DELAY_MS: "15" },
    },
    // The main server talks to the fake model and has the default emergency numbers (EMERGENCY_REGION=DE); the
    // throttled one has no model configured (demo mode) and stands for a deployment in the US.
    server(E2E_PORT, process.env.E2E_DATA_DIR, {
      RATE_LIMITS: "off",
      OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_MODEL_PORT}/v1`,
      OPENAI_API_KEY: E2E_MODEL_KEY,
      // The research dashboard's operator (e2e/pages/operator-page.ts), and one that only e2e/confirm-email.spec.ts confirms.
      OPERATOR_EMAILS: "operator@example.org,confirm-operator@example.org",
    }),
    server(E2E_THROTTLED_PORT, process.env.E2E_THROTTLED_DATA_DIR, {
      RATE_LIMITS: "on",
      FAILED_SIGN_IN_MAX: "3",
      RECENT_LOGIN_SECONDS: "2",
      EMERGENCY_REGION: "US",
    }),
  ],
});
