// `npm start`: runs the built server in this process. In development it first rebuilds the web app and the
// server when the sources are newer than the last build; with NODE_ENV=production it never builds (a
// production install has no build tools) and refuses to start from a missing or outdated build.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// NODE_ENV may come from .env (the server reads that file too; real environment variables win).
if (existsSync(".env")) process.loadEnvFile(".env");
const entry = join(root, "dist", "server", "index.js");
// The server build also compiles the operator commands (src/cli/) and the web build a Vite plugin in tools/.
const inputs = ["src", "tools", "package-lock.json", "vite.config.ts", "vite.server.config.ts", "tsconfig.json"].map((path) =>
  join(root, path),
);

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stats.mtimeMs);
}

// The server is built last, so its entry file is as new as the whole build.
const built = existsSync(entry) ? statSync(entry).mtimeMs : 0;
// A production layout ships dist/ without src/, so only a checkout with sources can be outdated.
const outdated = built < Math.max(...inputs.map(newestChange));

if (process.env.NODE_ENV === "production") {
  if (!built) {
    console.error("No build found in dist/. Run `npm run build` first (it needs the dev dependencies), then `npm start`.");
    process.exit(1);
  }
  if (outdated) {
    console.error(
      "The build in dist/ is older than the sources. Run `npm run build`, then start again (or set NODE_ENV=development to build on start).",
    );
    process.exit(1);
  }
} else if (outdated) {
  console.error("Building the web app and server…");
  execSync("npm run build", { cwd: root, stdio: "inherit" });
}

// An absolute path is not a valid import specifier on Windows (C:\…); a file URL is, everywhere.
await import(pathToFileURL(entry).href);
