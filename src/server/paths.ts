import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** This file's folder: src/server when run from sources (tsx, vitest), dist/server when built. */
const here = dirname(fileURLToPath(import.meta.url));

/** The project root, found from this file so it works from src/ (tsx, vitest) and dist/ (built). */
function findProjectRoot(): string {
  let dir = here;
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("package.json not found above the server code");
    dir = parent;
  }
  return dir;
}

/**
 * The migrations that belong to the running code: the build copies them next to its files (dist/server/migrations,
 * see vite.server.config.ts), so a production install needs no sources; from sources they are src/server/db/migrations.
 */
function findMigrationsFolder(): string {
  const built = join(here, "migrations");
  return existsSync(built) ? built : join(here, "db", "migrations");
}

export const projectRoot = findProjectRoot();
export const migrationsFolder = findMigrationsFolder();
export const webDistFolder = join(projectRoot, "dist/web");
