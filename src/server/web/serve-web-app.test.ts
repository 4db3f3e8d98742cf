import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import type { Manifest } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { routePreloads } from "./route-preloads";
import { serveWebApp } from "./serve-web-app";

// The shape of a real build (npm run build): the entry, the chat screen with a chunk of its own and one shared
// with the entry, and a lazy page the chat screen does not need.
const manifest: Manifest = {
  "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_react-1.js"], css: ["assets/index-1.css"] },
  "_react-1.js": { file: "assets/react-1.js" },
  "_AppBar-1.js": { file: "assets/AppBar-1.js", imports: ["_react-1.js", "index.html"] },
  "pages/ChatPage.tsx": {
    file: "assets/ChatPage-1.js",
    isDynamicEntry: true,
    imports: ["_react-1.js", "_AppBar-1.js", "index.html"],
    css: ["assets/ChatPage-1.css"],
  },
  "pages/SignInPage.tsx": { file: "assets/SignInPage-1.js", isDynamicEntry: true, imports: ["_react-1.js"] },
  "components/chat/Markdown.tsx": { file: "assets/Markdown-1.js", isDynamicEntry: true, css: ["assets/Markdown-1.css"] },
};
const indexHtml = '<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script></head><body></body></html>';
const chatId = "0b7f2c1e-4a4f-4d0e-9a57-1f2d3c4b5a69";
const chatScreenTags =
  '<link rel="modulepreload" crossorigin href="/assets/ChatPage-1.js"><link rel="preload" as="style" crossorigin href="/assets/ChatPage-1.css"><link rel="modulepreload" crossorigin href="/assets/AppBar-1.js">';
const sessionLink = "</api/auth/get-session>; rel=preload; as=fetch; crossorigin=anonymous";

describe("routePreloads", () => {
  const preloadsFor = routePreloads(manifest);

  it("announces the chat screen's code (not what index.html loads) and the session on /", () => {
    expect(preloadsFor("/")).toEqual({ headTags: chatScreenTags, linkHeader: sessionLink });
  });

  it("adds the chat's messages on /chats/<id>", () => {
    expect(preloadsFor(`/chats/${chatId}`)).toEqual({
      headTags: chatScreenTags,
      linkHeader: `${sessionLink}, </api/chats/${chatId}>; rel=preload; as=fetch; crossorigin=anonymous`,
    });
  });

  it("applies the chat screen's styles and the renderer's at once to a chat the server rendered", () => {
    expect(preloadsFor(`/chats/${chatId}`, { rendered: true }).headTags).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/ChatPage-1.js"><link rel="stylesheet" crossorigin href="/assets/ChatPage-1.css"><link rel="modulepreload" crossorigin href="/assets/AppBar-1.js"><link rel="stylesheet" crossorigin href="/assets/Markdown-1.css">',
    );
  });

  it("announces only the session elsewhere, and on a chat address that is no chat id", () => {
    for (const path of ["/landingpage", "/signIn", "/chats/x", `/chats/${chatId}/more`, `/chats/${chatId}%0D%0ALink:x`]) {
      expect(preloadsFor(path), path).toEqual({ headTags: "", linkHeader: sessionLink });
    }
  });

  it("refuses a manifest without the chat screen (a renamed page would otherwise go unnoticed)", () => {
    const { "pages/ChatPage.tsx": _chatPage, ...withoutChatPage } = manifest;
    expect(() => routePreloads(withoutChatPage)).toThrow("pages/ChatPage.tsx");
  });
});

describe("serveWebApp", () => {
  let webRoot: string | undefined;
  afterEach(async () => {
    if (webRoot) await rm(webRoot, { recursive: true, force: true });
  });

  async function appServing({ withManifest }: { withManifest: boolean }) {
    webRoot = await mkdtemp(join(tmpdir(), "serve-web-app-"));
    await writeFile(join(webRoot, "index.html"), indexHtml);
    if (withManifest) {
      await mkdir(join(webRoot, ".vite"));
      await writeFile(join(webRoot, ".vite", "manifest.json"), JSON.stringify(manifest));
    }
    const logLines: string[] = [];
    const app = new Hono();
    serveWebApp(
      app,
      webRoot,
      createLogger("warn", (line) => logLines.push(line)),
    );
    return { app, logLines };
  }

  it("puts the preloads in the page and its Link header, for / and a saved chat", async () => {
    const { app } = await appServing({ withManifest: true });
    for (const [path, link, cacheControl] of [
      ["/", sessionLink, "no-cache"],
      // A chat's address may be rendered for its owner: the same headers for everyone (tests/server/server-rendered-pages.test.ts).
      [`/chats/${chatId}`, `${sessionLink}, </api/chats/${chatId}>; rel=preload; as=fetch; crossorigin=anonymous`, "private, no-store"],
    ] as const) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("link"), path).toBe(link);
      expect(response.headers.get("cache-control"), path).toBe(cacheControl);
      expect(await response.text(), path).toBe(indexHtml.replace("</head>", `${chatScreenTags}</head>`));
    }
  });

  it("serves other pages as they were built, with the session preload", async () => {
    const { app } = await appServing({ withManifest: true });
    const response = await app.request("/landingpage");
    expect(await response.text()).toBe(indexHtml);
    expect(response.headers.get("link")).toBe(sessionLink);
  });

  it("never serves the build manifest itself", async () => {
    const { app } = await appServing({ withManifest: true });
    const response = await app.request("/.vite/manifest.json");
    expect(await response.text()).toBe(indexHtml);
  });

  it("still serves the app without a manifest, with a warning and no preloads", async () => {
    const { app, logLines } = await appServing({ withManifest: false });
    const response = await app.request(`/chats/${chatId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("link")).toBeNull();
    expect(await response.text()).toBe(indexHtml);
    expect(logLines.join("\n")).toContain("pages load without preloads");
  });
});
