import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono } from "hono";
import type { Manifest } from "vite";
import { chatIdInPath } from "../../shared/opened-chat";
import type { Logger } from "../logger";
import { fillsIn, landingPath, withMarkup } from "./page-markup";
import { routePreloads } from "./route-preloads";
import type { ServerPages } from "./server-pages";

/** Where `vite build` writes its manifest (build.manifest in vite.config.ts); not served. */
const manifestFolder = "/.vite/";

function readPreloads(webRoot: string, logger: Logger): ReturnType<typeof routePreloads> | undefined {
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
export function serveWebApp(app: Hono, webRoot: string, logger: Logger, serverPages?: ServerPages) {
  const indexFile = join(webRoot, "index.html");
  if (!existsSync(indexFile)) {
    logger.warn("web build not found; run npm run build", { webRoot });
    return;
  }
  const indexHtml = readFileSync(indexFile, "utf8");
  const preloadsFor = readPreloads(webRoot, logger);
  // Without the manifest a rendered chat would lack its screen's styles; without these spots, a place to go.
  const renders = Boolean(serverPages && preloadsFor && fillsIn(indexHtml));
  if (serverPages && !renders) logger.warn("pages are not rendered on the server; the app renders them", { indexFile });
  const page = async (c: Context) => {
    const path = c.req.path;
    // A saved chat's page is its owner's alone; every chat address gets the same headers, whoever asks.
    c.header("Cache-Control", chatIdInPath(path) ? "private, no-store" : "no-cache");
    if (!preloadsFor) return c.html(indexHtml);
    const rendered = renders ? await serverPages?.(path, c.req.raw.headers) : undefined;
    const { headTags, linkHeader } = preloadsFor(path, { rendered: Boolean(rendered) });
    c.header("Link", linkHeader);
    // The landing page is rendered in the language of the cookie or Accept-Language, when no one is signed in.
    if (path.toLowerCase() === landingPath) c.header("Vary", "Cookie, Accept-Language");
    const html = headTags ? indexHtml.replace("</head>", () => `${headTags}</head>`) : indexHtml;
    return c.html(rendered ? withMarkup(html, rendered) : html);
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
