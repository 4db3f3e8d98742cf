import { cpSync } from "node:fs";
import { join } from "node:path";
import { defineConfig, type Plugin } from "vite";
import { cssModules } from "./tools/lib/css-modules";

/** What `node dist/server/<name>.js` runs: the server and the operator commands. */
const entries = {
  index: "src/server/index.ts",
  // PGlite's thread (PGLITE_WORKER): src/server/db/pglite/worker-client.ts starts it from beside itself.
  "pglite-worker": "src/server/db/pglite/worker.ts",
  users: "src/cli/users.ts",
  prompts: "src/cli/prompts.ts",
  export: "src/cli/export.ts",
  backup: "src/cli/backup.ts",
  restore: "src/cli/restore.ts",
};

/**
 * Copies the SQL migrations (and drizzle's journal, which lists them) next to the built files, so a production
 * install runs them from dist/server/migrations without the sources (src/server/paths.ts looks there first).
 */
function copyMigrations(): Plugin {
  return {
    name: "copy-migrations",
    apply: "build",
    writeBundle({ dir }) {
      if (!dir) throw new Error("the server build needs an output directory");
      const target = join(dir, "migrations");
      cpSync("src/server/db/migrations", target, {
        recursive: true,
        // The snapshots are for drizzle-kit when it generates the next migration; nothing reads them at run time.
        filter: (source) => !source.endsWith("_snapshot.json"),
      });
    },
  };
}

/**
 * Builds the Node server and the operator commands into dist/server; npm dependencies stay external and load
 * from node_modules, so they must all be production dependencies.
 */
export default defineConfig({
  plugins: [copyMigrations()],
  // The server renders some pages with the web app's screens (src/web/prerender.tsx): their class names must be
  // the web build's.
  css: { modules: cssModules("build") },
  build: {
    ssr: true,
    outDir: "dist/server",
    emptyOutDir: true,
    target: "node20",
    sourcemap: true,
    rolldownOptions: {
      input: entries,
      // Shared code goes into chunks beside the entries (not a subfolder): paths.ts finds migrations/ next to itself.
      output: { entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
    },
  },
});
