import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "tests/**/*.test.ts"],
    environment: "node",
    // Creates and migrates one PGlite template that every test app loads (tests/helpers/test-app.ts).
    globalSetup: ["tests/helpers/global-setup.ts"],
    // Each PGlite instance can take close to 1 GB; two files at a time fits the 2-core CI machine.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // .ci/run runs the suite a second time on Node 24 and gives that run a report of its own.
    reporters: ["default", ["json", { outputFile: process.env.VITEST_JSON_REPORT ?? "reports/vitest.json" }]],
  },
});
