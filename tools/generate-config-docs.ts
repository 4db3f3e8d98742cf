// Writes docs/configuration.md from the settings and their docblocks in src/server/env.ts (`npm run docs:config`).
// tests/server/settings-documented.test.ts fails while the committed file differs from what this writes.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { parseCommandLine } from "../src/cli/lib/args";
import { configurationDocPath, configurationMarkdown } from "./lib/config-docs";

parseCommandLine(
  `Usage: npm run docs:config

Writes docs/configuration.md from the settings in src/server/env.ts.

Options:
  -h, --help    show this help`,
  {},
);
mkdirSync(dirname(configurationDocPath), { recursive: true });
writeFileSync(configurationDocPath, configurationMarkdown());
console.log(`wrote ${relative(process.cwd(), configurationDocPath)}`);
