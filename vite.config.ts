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
  },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
});
