// Before the browser tests: make sure a system Chromium is there (Playwright never downloads one here).
// Installs Debian's `chromium` package when running as root with apt-get; otherwise says how.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const configured = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE;
const executable = configured ?? "/usr/bin/chromium";
if (existsSync(executable)) process.exit(0);
if (configured) {
  console.error(`PLAYWRIGHT_CHROMIUM_EXECUTABLE points to ${configured}, which does not exist.`);
  process.exit(1);
}
const hasAptGet = (() => {
  try {
    execSync("command -v apt-get", { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
if (hasAptGet && process.getuid?.() === 0) {
  console.log("Installing Debian's chromium for the browser tests (once)…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
  process.exit(existsSync(executable) ? 0 : 1);
}
console.error(
  "The browser tests need Chromium at /usr/bin/chromium. Install it with `sudo apt-get install chromium`, " +
    "or set PLAYWRIGHT_CHROMIUM_EXECUTABLE to a Chromium or Chrome binary.",
);
process.exit(1);
