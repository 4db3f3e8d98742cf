import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { serviceWorker } from "./scripts/vite-plugin-service-worker";

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), serviceWorker({ source: "service-worker.js" })],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: which build files each module needs; the server reads it to announce, with a page,
    // the files that page is about to load (src/server/web/route-preloads.ts). It is not served.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app, so they get chunks of their own that stay cached across
        // releases: React with its router, and the other libraries every page loads at start. Libraries only a
        // lazy part uses (the Markdown renderer, chart.js) stay in that part's chunk and load with it.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            { name: "vendor", test: /node_modules[\\/]/, tags: ["$initial"], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
});
