// The service worker, built into /sw.js by tools/vite-plugin-service-worker.ts (which fills in the two
// placeholders). It keeps only the app shell: index.html and the hashed build files, so the app opens fast and
// can be installed. It never answers /api/*: conversations, account data and exports always come from the
// network and never enter a cache.
const VERSION = "__BUILD_VERSION__";
const SHELL = __SHELL_FILES__;
const CACHE = `health-chat-shell-${VERSION}`;
const SHELL_PAGE = "/";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL_PAGE, ...SHELL]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  // The API (and anything not ours or not a GET) is left to the browser: no respondWith, so no cache at all.
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") event.respondWith(shellPage(request));
  else if (url.pathname.startsWith("/assets/")) event.respondWith(buildFile(request));
});

/** Pages: the network first (always the newest shell); the cached shell only when offline. */
async function shellPage(request) {
  try {
    const response = await fetch(request);
    // Only / is kept: the server renders some pages (a saved chat for its owner, which must not stay on the
    // device; the landing page in a language), while / is always the bare index.html, with no user data.
    const bare = new URL(request.url).pathname === SHELL_PAGE;
    if (bare && response.ok && response.headers.get("content-type")?.startsWith("text/html")) {
      const cache = await caches.open(CACHE);
      await cache.put(SHELL_PAGE, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(SHELL_PAGE);
    if (cached) return cached;
    throw error;
  }
}

/** Hashed build files never change: the cache first, and a file loaded later (a lazy page) is kept too. */
async function buildFile(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}
