import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Manifest } from "vite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { de } from "../../src/web/i18n/de";
import { en } from "../../src/web/i18n/en";
import { signUp } from "../helpers/auth";
import { sendMessage } from "../helpers/chat";
import { fakeModelForFile } from "../helpers/fake-model-suite";
import { describeEachDatabase } from "../helpers/test-app";

const model = fakeModelForFile({ tokenDelayMs: 0 });

// A built web app's index.html and manifest, as npm run build writes them (the parts the server fills in).
const indexHtml =
  '<!doctype html><html lang="en"><head><link rel="stylesheet" href="/assets/index-1.css"></head><body><div id="root"></div><script type="module" src="/assets/index-1.js"></script></body></html>';
const manifest: Manifest = {
  "index.html": { file: "assets/index-1.js", isEntry: true, css: ["assets/index-1.css"] },
  "pages/ChatPage.tsx": { file: "assets/ChatPage-1.js", isDynamicEntry: true, imports: ["index.html"], css: ["assets/ChatPage-1.css"] },
  "components/chat/Markdown.tsx": { file: "assets/Markdown-1.js", isDynamicEntry: true, css: ["assets/Markdown-1.css"] },
};
// Markup in a question, a title-like first line, and replacement patterns that String.replace would expand.
const question = `<img src=x onerror="alert(1)"></textarea><script>alert(2)</script> $& $' headache?`;
const escapedQuestion =
  "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;/textarea&gt;&lt;script&gt;alert(2)&lt;/script&gt; $&amp; $&#x27; headache?";

let webRoot: string;
beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), "rendered-pages-"));
  await writeFile(join(webRoot, "index.html"), indexHtml);
  await mkdir(join(webRoot, ".vite"));
  await writeFile(join(webRoot, ".vite", "manifest.json"), JSON.stringify(manifest));
});
afterAll(() => rm(webRoot, { recursive: true, force: true }));

describeEachDatabase("pages rendered on the server", ({ createApp }) => {
  async function aliceWithChat(languageCode = "en") {
    const t = await createApp({ OPENAI_BASE_URL: model().url, LLM_MAX_RETRIES: "0", RATE_LIMITS: "off" }, { webRoot });
    const alice = t.client();
    await signUp(alice, "alice@example.com", undefined, languageCode);
    const { chatId } = await sendMessage(alice, question);
    if (!chatId) throw new Error("no chat was made");
    return { t, alice, chatId };
  }

  it("shows a saved chat to its owner, escaped, never to be kept by a shared cache", async () => {
    const { alice, chatId } = await aliceWithChat();
    const page = await alice.get(`/chats/${chatId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.text).toContain(escapedQuestion);
    expect(page.text).toContain(en.common.menu);
    expect(page.text).toContain('<html lang="en" data-language="en">');
    // The screen's styles apply from the start; nothing runs but the build's own module.
    expect(page.text).toContain('<link rel="stylesheet" crossorigin href="/assets/ChatPage-1.css">');
    expect(page.text).toContain('<link rel="stylesheet" crossorigin href="/assets/Markdown-1.css">');
    expect(page.text.match(/<script/g)).toHaveLength(1);
    expect(page.text).not.toContain("<img");
    expect(page.text.endsWith("</body></html>")).toBe(true);
  });

  it("is in the owner's interface language", async () => {
    const { alice, chatId } = await aliceWithChat("de");
    const page = await alice.get(`/chats/${chatId}`);
    expect(page.text).toContain('<html lang="de" data-language="de">');
    expect(page.text).toContain(de.common.menu);
  });

  it("gives another user, a signed-out visitor and a missing chat the same empty page", async () => {
    const { t, chatId } = await aliceWithChat();
    const bob = t.client();
    await signUp(bob, "bob@example.com");
    const missing = "0b7f2c1e-4a4f-4d0e-9a57-1f2d3c4b5a69";
    const pages = [await bob.get(`/chats/${chatId}`), await t.client().get(`/chats/${chatId}`), await bob.get(`/chats/${missing}`)];
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      expect(page.text).toContain('<div id="root"></div>');
      expect(page.text).not.toContain("headache");
      expect(page.text).toContain('<html lang="en">');
    }
    // Only the chat id in the preloads differs: nothing tells whether the chat exists.
    expect(pages[0]?.text.replaceAll(chatId, missing)).toBe(pages[2]?.text);
  });

  it("renders the landing page signed out, in the browser's language, and leaves it to the app when signed in", async () => {
    const { t, alice } = await aliceWithChat();
    const german = await t.client().get("/landingpage", { headers: { "accept-language": "de-AT,en;q=0.8" } });
    expect(german.text).toContain('<html lang="de">');
    expect(german.text).toContain(de.landing.title);
    expect(german.headers.get("vary")).toBe("Cookie, Accept-Language");
    const chosen = await t.client().get("/landingpage", { headers: { "accept-language": "de", cookie: "language=en" } });
    expect(chosen.text).toContain(en.landing.title);
    const signedIn = await alice.get("/landingpage");
    expect(signedIn.text).toContain('<div id="root"></div>');
  });
});
