import { expect, test } from "./fixtures";
import { ChatScreen, signedInUser } from "./pages/chat-page";

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature and the chunk's length and type). */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

test.describe("the installable app", () => {
  // The only browser tests with the service worker on (playwright.config.ts blocks it for the others).
  test.use({ serviceWorkers: "allow" });

  test("the page links a valid manifest with 192 and 512 px icons (one maskable)", async ({ page }) => {
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const response = await page.request.get(href ?? "");
    expect(response.ok()).toBe(true);
    expect(response.headers()["content-type"]).toContain("application/manifest+json");
    expect(response.headers()["cache-control"]).toBe("no-cache");
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({ name: "Health Chat", short_name: "Health Chat", start_url: "/", display: "standalone" });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    for (const size of [192, 512]) {
      expect(
        manifest.icons.some((icon) => icon.sizes === `${size}x${size}` && icon.type === "image/png" && icon.purpose !== "maskable"),
      ).toBe(true);
    }
    expect(manifest.icons.some((icon) => icon.purpose?.includes("maskable"))).toBe(true);
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.ok(), icon.src).toBe(true);
      expect(image.headers()["content-type"]).toBe("image/png");
      const [width, height] = icon.sizes.split("x").map(Number);
      expect(pngSize(await image.body())).toEqual({ width, height });
    }
  });

  test("the service worker is served fresh, controls the page after a reload and keeps the API out of its cache", async ({ page }) => {
    const script = await page.request.get("/sw.js");
    expect(script.ok()).toBe(true);
    expect(script.headers()["content-type"]).toContain("javascript");
    expect(script.headers()["cache-control"]).toBe("no-cache");
    // The fetch handler leaves /api/* to the network before anything else.
    expect(await script.text()).toContain('url.pathname.startsWith("/api/")) return;');

    await signedInUser(page);
    const chat = new ChatScreen(page);
    await chat.goto();
    const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(scriptUrl).toMatch(/\/sw\.js$/);

    await page.reload();
    await expect(chat.input()).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

    // Controlled now: the build files come from the worker, the API straight from the server.
    const [siteConfig] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith("/api/site-config")),
      page.evaluate(() => fetch("/api/site-config").then((response) => response.ok)),
    ]);
    expect(siteConfig.fromServiceWorker()).toBe(false);

    await chat.startChat("What helps against a sore throat?");
    await page.reload();
    await expect(chat.replies()).toHaveCount(1);

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain("/");
    expect(cached.some((path) => path.startsWith("/assets/"))).toBe(true);
    expect(cached.filter((path) => path.startsWith("/api/") || path.startsWith("/chats/"))).toEqual([]);
  });

  test("the shell opens without a network once it is cached", async ({ page, context }) => {
    await page.goto("/");
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page).toHaveTitle("Health Chat");
    await expect(page.locator("#root")).toBeAttached();
    await context.setOffline(false);
  });
});

test.describe("the landing page's app link", () => {
  /** Chromium's install offer, as the browser would fire it once the app is installable. */
  const offerInstall = () =>
    window.dispatchEvent(
      Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
        prompt: () => {
          document.body.dataset.installPrompted = "yes";
          return Promise.resolve();
        },
      }),
    );

  test("without a store app, the browser's install offer takes its place", async ({ page }) => {
    await page.route("**/api/site-config", async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), appDownloadUrl: undefined } });
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Health questions, answered with care" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Install the app" })).toHaveCount(0);
    await page.evaluate(offerInstall);
    await page.getByRole("button", { name: "Install the app" }).click();
    await expect(page.locator("body")).toHaveAttribute("data-install-prompted", "yes");
    await expect(page.getByRole("button", { name: "Install the app" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Download the app" })).toHaveCount(0);
  });

  test("a configured store link stays the only app link", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Download the app" })).toBeVisible();
    await page.evaluate(offerInstall);
    await expect(page.getByRole("button", { name: "Install the app" })).toHaveCount(0);
  });
});
