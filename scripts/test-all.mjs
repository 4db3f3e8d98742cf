// `npm test`: the unit and integration tests, then the browser tests, which run even when the first failed, so one
// failing test does not hide the other runner's results. Exits non-zero when either failed.
import { spawnSync } from "node:child_process";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const statuses = ["test:unit", "test:e2e"].map(
  (script) => spawnSync(npm, ["run", script], { stdio: "inherit", shell: process.platform === "win32" }).status ?? 1,
);
process.exit(statuses.find((status) => status !== 0) ?? 0);
