import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono } from "hono";
import type { Manifest } from "vite";
import type { Logger } from "../logger";
import { type Preloads, routePreloads } from "./route-preloads";

/** Where `vite build` writes its manifest (build.manifest in vite.config.ts); not served. */
const manifestFolder = "/.vite/";

function readPreloads(webRoot: string, logger: Logger): ((pathname: string) => Preloads) | undefined {
  const manifestFile = join(webRoot, manifestFolder, "manifest.json");
  try {
    return routePreloads(JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest);
  } catch (error) {
    // The app works without them, only a little slower to open a chat.
    logger.warn("web build manifest unusable; pages load without preloads", { manifestFile, reason: String(error) });
    return undefined;
  }
}

/** Serves the built web app; every non-API path falls back to index.html for client routing. */
export function serveWebApp(app: Hono, webRoot: string, logger: Logger) {
  const indexFile = join(webRoot, "index.html");
  if (!existsSync(indexFile)) {
    logger.warn("web build not found; run npm run build", { webRoot });
    return;
  }
  const indexHtml = readFileSync(indexFile, "utf8");
  const preloadsFor = readPreloads(webRoot, logger);
  const page = (c: Context) => {
    c.header("Cache-Control", "no-cache");
    if (!preloadsFor) return c.html(indexHtml);
    const { headTags, linkHeader } = preloadsFor(c.req.path);
    c.header("Link", linkHeader);
    return c.html(headTags ? indexHtml.replace("</head>", `${headTags}</head>`) : indexHtml);
  };

  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  // The service worker and the manifest are looked up again on every visit, so an update reaches users soon.
  for (const path of ["/sw.js", "/manifest.webmanifest"]) {
    app.use(path, async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "no-cache");
    });
  }
  app.get("/", page);
  const files = serveStatic({ root: webRoot });
  app.use("*", (c, next) => (c.req.path.startsWith(manifestFolder) ? next() : files(c, next)));
  app.get("*", page);
}
