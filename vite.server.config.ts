import { defineConfig } from "vite";

/** Builds the Node server into dist/server; npm dependencies stay external and load from node_modules. */
export default defineConfig({
  build: {
    ssr: "src/server/index.ts",
    outDir: "dist/server",
    emptyOutDir: true,
    target: "node20",
    sourcemap: true,
  },
});
