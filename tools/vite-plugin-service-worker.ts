import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin } from "vite";

/**
 * Emits /sw.js from `source` (relative to the web root) on `vite build`, with the shell files (the build files that
 * index.html loads) and a version that changes with every build that changes them, so old caches are dropped.
 */
export function serviceWorker({ source }: { source: string }): Plugin {
  let root = process.cwd();
  return {
    name: "health-chat-service-worker",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const index = bundle["index.html"];
      if (index?.type !== "asset") throw new Error("service worker: index.html is not in the build");
      const html = String(index.source);
      const shell = [...new Set(html.match(/\/assets\/[\w.-]+/g) ?? [])].sort();
      const version = createHash("sha256").update(html).digest("hex").slice(0, 16);
      const code = readFileSync(resolve(root, source), "utf8")
        .replace('"__BUILD_VERSION__"', JSON.stringify(version))
        .replace("__SHELL_FILES__", JSON.stringify(shell));
      this.emitFile({ type: "asset", fileName: "sw.js", source: code });
    },
  };
}
