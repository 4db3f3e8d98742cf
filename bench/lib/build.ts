import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "./paths";

// The same freshness rule as scripts/start.mjs, so `npm start` afterwards does not build again.
const stamp = join(projectRoot, "dist", ".build-stamp");
const inputs = ["src", "package-lock.json", "vite.config.ts", "tsconfig.json"].map((path) => join(projectRoot, path));

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stats.mtimeMs);
}

/** Whether dist/ is at least as new as every source (what `npm start` checks before building). */
export function buildIsFresh(): boolean {
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  return built >= Math.max(...inputs.map(newestChange)) && existsSync(join(projectRoot, "dist/server/index.js"));
}

/** Builds the web app and the server when the sources changed since the last build. */
export function ensureBuild(log: (line: string) => void): void {
  if (buildIsFresh()) return;
  log("building the web app and the server (sources changed)…");
  execSync("npm run build", { cwd: projectRoot, stdio: ["ignore", "ignore", "inherit"] });
  writeFileSync(stamp, new Date().toISOString());
}
