import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Where an e2e server's whole output (stdout and stderr, every level) is kept: in its data folder. */
export function serverLogFile(dataDir: string): string {
  return join(dataDir, "server.log");
}

/** The server's output so far, as lines. */
export function serverLogLines(dataDir: string): string[] {
  return readFileSync(serverLogFile(dataDir), "utf8").split("\n").filter(Boolean);
}
