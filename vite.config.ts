import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { cssModules } from "./tools/lib/css-modules";
import { serviceWorker } from "./tools/vite-plugin-service-worker";

/**
 * React Router's build creates its components and contexts with plain `React.forwardRef(…)` and
 * `React.createContext(…)` calls and names each for React DevTools (`Link.displayName = "Link"`). To the bundler
 * both look like side effects, so the parts this app never uses (NavLink, Form, ScrollRestoration and what only
 * they use) stayed in every page's code: 1.8 KB gzipped. Marking those calls pure and leaving out the DevTools
 * names lets them go. Should React Router's build change shape, the patterns stop matching and nothing changes.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: "react-router-tree-shaking",
    apply: "build",
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][a-z]+[\\/][^\\/]+\.mjs$/ },
      handler: (code) => ({
        code: code
          .replace(/^\w+\.displayName = "[^"\n]*";$/gm, "")
          .replace(/^(var \w+ = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm, "$1/* @__PURE__ */ $2"),
        map: null,
      }),
    },
  };
}

export default defineConfig(({ command }) => ({
  root: "src/web",
  css: { modules: cssModules(command) },
  publicDir: "public",
  plugins: [react(), reactRouterTreeShaking(), serviceWorker({ source: "service-worker.js" })],
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
}));
