// Draws the app icons for the web app manifest from the logo (src/web/components/Logo.tsx), in the system
// Chromium. Run again after changing the logo: `npm run make-icons`; the PNGs are committed.
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "../e2e/chromium";
import { parseCommandLine } from "../src/cli/lib/args";

const usage = `Usage: npm run make-icons

Draws the manifest's icons (src/web/public/icons/*.png) from the logo in the system Chromium; commit the result.

Options:
  -h, --help    show this help`;
parseCommandLine(usage, {});

const outDir = join(import.meta.dirname, "../src/web/public/icons");
const primary = "#0f5f73";
const bubble = "M18 20h28a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6H30l-9 7v-7h-3a6 6 0 0 1-6-6V26a6 6 0 0 1 6-6z";
const cross = "M30 27h4v5h5v4h-5v5h-4v-5h-5v-4h5z";

/** The logo as it is drawn in the app: a rounded tile, transparent corners. */
const standard = `<rect width="64" height="64" rx="14" fill="${primary}"/><path d="${bubble}" fill="#fff"/><path d="${cross}" fill="${primary}"/>`;
/** Full-bleed for masks (circle, squircle): the mark shrunk into the central safe zone (80% circle). */
const maskable = `<rect width="64" height="64" fill="${primary}"/><g transform="translate(32 33) scale(0.8) translate(-32 -36.5)"><path d="${bubble}" fill="#fff"/><path d="${cross}" fill="${primary}"/></g>`;

const icons = [
  { file: "icon-192.png", size: 192, svg: standard },
  { file: "icon-512.png", size: 512, svg: standard },
  { file: "icon-maskable-512.png", size: 512, svg: maskable },
  { file: "apple-touch-icon.png", size: 180, svg: maskable },
];

const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
const page = await browser.newPage({ deviceScaleFactor: 1 });
for (const { file, size, svg } of icons) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<body style="margin:0"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}" style="display:block">${svg}</svg></body>`,
  );
  await page.screenshot({ path: join(outDir, file), omitBackground: true });
  console.log(join(outDir, file));
}
await browser.close();
