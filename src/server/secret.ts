import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * AUTH_SECRET when set; otherwise a random secret kept in DATA_DIR so sessions survive restarts
 * on a single machine. Several servers sharing one database must all be given AUTH_SECRET.
 */
export function resolveAuthSecret({ configured, dataDir }: { configured?: string; dataDir: string }): string {
  if (configured) return configured;
  const file = join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
