// Takes screenshots of the given paths at phone (390 px) and desktop (1280 px) widths.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "../e2e/chromium";
import { exitWithUsage, parseCommandLine } from "../src/cli/lib/args";

const usage = `Usage: npm run screenshots -- BASE_URL OUT_DIR /path [/path…]

Writes a full-page PNG of each path at 390 px and 1280 px wide into OUT_DIR. COOKIE="name=value" signs in,
LOCALE (en-US) sets the language, DARK=1 the dark colour scheme.

Options:
  -h, --help    show this help`;
const [base, outDir, ...paths] = parseCommandLine(usage, {}).positionals;
if (!base || !outDir || paths.length === 0) exitWithUsage(usage, "Give the base URL, the output folder and at least one path.");
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
for (const width of [390, 1280]) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 800 },
    locale: process.env.LOCALE ?? "en-US",
    colorScheme: process.env.DARK ? "dark" : "light",
  });
  if (process.env.COOKIE) {
    const [name, value] = process.env.COOKIE.split("=", 2) as [string, string];
    await context.addCookies([{ name, value, url: base }]);
  }
  const page = await context.newPage();
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    const file = join(outDir, `${path.replace(/[^a-z0-9]+/gi, "_") || "root"}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
