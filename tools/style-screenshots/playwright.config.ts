import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "../../e2e/chromium";

// The pages' screenshots before and after a styling change (SHOTS_DIR=… npm run style-screenshots): one fresh
// server on fixed ports, the fake model for the replies, and the same users and chats on every run.
const port = 4889;
process.env.E2E_PORT_BASE = String(port);
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "health-chat-shots-"));

export default defineConfig({
  testDir: ".",
  testMatch: /\.shots\.ts$/,
  workers: 1,
  retries: 0,
  timeout: 600_000,
  reporter: [["list"]],
  outputDir: join(tmpdir(), "health-chat-shots-results"),
  use: {
    actionTimeout: 15_000,
    baseURL: `http://localhost:${port}`,
    serviceWorkers: "block",
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
  },
  webServer: [
    {
      command: `npx tsx tests/fake-model/cli.ts ${port + 2}`,
      cwd: "../..",
      url: `http://127.0.0.1:${port + 2}/__requests`,
      reuseExistingServer: false,
      env: { FAKE_MODEL_TOKEN_DELAY_MS: "1" },
    },
    {
      // SHOTS_SERVER: another build's server (a copy of dist/ made before the change), else this one's.
      command: `node ${process.env.SHOTS_SERVER ?? "dist/server/index.js"}`,
      cwd: "../..",
      url: `http://localhost:${port}/api/password-policy`,
      reuseExistingServer: false,
      stdout: "ignore",
      env: {
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        PUBLIC_URL: `http://localhost:${port}`,
        AUTH_SECRET: "0123456789abcdef0123456789abcdef",
        RATE_LIMITS: "off",
        LOG_LEVEL: "warn",
        OPERATOR_EMAILS: "operator@example.org",
        OPENAI_BASE_URL: `http://127.0.0.1:${port + 2}/v1`,
        OPENAI_API_KEY: "sk-shots",
        SURVEY_URL_EN: "https://survey.invalid/en",
        SURVEY_URL_DE: "https://survey.invalid/de",
        AUTHORS: "Test Author One and Test Author Two",
        PRIVACY_CONTACT_EMAIL: "privacy@university.invalid",
      },
    },
  ],
});
