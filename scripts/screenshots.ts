// Takes screenshots of the given paths at phone (390 px) and desktop (1280 px) widths.
// Usage: tsx scripts/screenshots.ts BASE_URL OUT_DIR /path [/path…]; set COOKIE="name=value" to be signed in.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "../e2e/chromium";

const [base, outDir, ...paths] = process.argv.slice(2);
if (!base || !outDir || paths.length === 0) throw new Error("usage: BASE_URL OUT_DIR /path…");
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
