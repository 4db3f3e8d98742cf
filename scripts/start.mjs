// `npm start`: builds the web app and the server when the sources are newer than the last build,
// then runs the built server in this process.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const stamp = join(root, "dist", ".build-stamp");
const inputs = ["src", "package-lock.json", "vite.config.ts", "tsconfig.json"].map((path) => join(root, path));

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stats.mtimeMs);
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (built < Math.max(...inputs.map(newestChange))) {
  console.error("Building the web app and server…");
  execSync("npm run build", { cwd: root, stdio: "inherit" });
  writeFileSync(stamp, new Date().toISOString());
}

await import(join(root, "dist", "server", "index.js"));
