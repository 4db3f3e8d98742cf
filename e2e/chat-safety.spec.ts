import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BASE_URL, ChatScreen, E2E_MODEL_KEY, queueModel, signedInUser } from "./pages/chat-page";
import { xssPayloads } from "./xss-payloads";

/** Every dialog (alert, confirm, prompt) the page opens; a script that ran would open one. */
function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return dialogs;
}

/** What script-like or resource-loading elements ended up inside the conversation. */
function injectedElements(page: Page) {
  return page.getByRole("main").evaluate((main) => ({
    elements: [...main.querySelectorAll("script, img, iframe, object, embed, svg:not([aria-hidden]), form, style, link, meta, base")].map(
      (el) => el.outerHTML.slice(0, 80),
    ),
    handlers: [...main.querySelectorAll("*")].filter((el) => [...el.attributes].some((a) => a.name.toLowerCase().startsWith("on"))).length,
    unsafeLinks: [...main.querySelectorAll("a")]
      .map((a) => a.getAttribute("href") ?? "")
      .filter((href) => /^\s*(javascript|vbscript|data):/i.test(href)),
  }));
}

test("HTML in the user's message and in the model's reply is shown as text and never runs", async ({ page }) => {
  const dialogs = recordDialogs(page);
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const userText = "<img src=x onerror=alert(1)><script>alert(2)</script>";
  // A reply that starts with a tag is an HTML block in markdown (dropped as a whole); one that starts with
  // text keeps the link's text, which must not become a javascript: link.
  await queueModel(page.request, {
    kind: "reply",
    text: "<script>alert(3)</script> [x](javascript:alert(4)) <img src=x onerror=alert(5)>",
  });
  await chat.send(userText);
  await chat.waitForReply();
  await queueModel(page.request, {
    kind: "reply",
    text: "See <script>alert(6)</script> [this link](javascript:alert(7)) <img src=x onerror=alert(8)> here",
  });
  await chat.send(userText);
  await chat.waitForReply(2);

  for (const stage of ["as streamed", "as saved"]) {
    if (stage === "as saved") {
      await page.reload();
      await expect(chat.replies()).toHaveCount(2);
    }
    await expect(chat.userTexts(), stage).toHaveText([userText, userText]);
    await expect(chat.replies().first(), stage).not.toContainText("alert");
    await expect(chat.lastReply().getByRole("paragraph"), stage).toContainText("this link");
    expect(await injectedElements(page), stage).toEqual({ elements: [], handlers: 0, unsafeLinks: [] });
    // The javascript: link is not a link at all; clicking its text does nothing.
    await expect(chat.conversation().getByRole("link"), stage).toHaveCount(0);
    await chat.lastReply().getByText("this link").click();
    await expect(page, stage).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
  }
  expect(dialogs).toEqual([]);
});

test("well-known script-injection payloads from user and model stay inert and load nothing from elsewhere", async ({ page }) => {
  const dialogs = recordDialogs(page);
  const outbound: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["localhost", "127.0.0.1"].includes(url.hostname) && url.protocol !== "data:") outbound.push(request.url());
  });
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const payloadText = xssPayloads.join("\n\n");
  await queueModel(page.request, { kind: "reply", text: payloadText });
  await chat.send(payloadText);
  await chat.waitForReply();
  await page.reload();
  await expect(chat.userTexts()).toHaveText([payloadText]);
  // The title comes from the first words of the payload: shown as text in the history too.
  await chat.openMenu();
  await page.keyboard.press("Escape");

  expect(dialogs).toEqual([]);
  expect(outbound).toEqual([]);
  expect(await injectedElements(page)).toEqual({ elements: [], handlers: 0, unsafeLinks: [] });
});

test("the model key never reaches the browser: not in assets, the site config, or any API response", async ({ page }) => {
  const reads: Promise<{ url: string; type: string; body: string | undefined }>[] = [];
  page.on("response", (response) => {
    if (!response.url().startsWith(BASE_URL) || (response.status() >= 300 && response.status() < 400)) return;
    const request = response.request();
    const body = response.body().then(
      (bytes) => bytes.toString("utf8"),
      // A response of a page being left can be gone before its body is read: a GET is fetched once more.
      async (error: unknown) => {
        if (request.method() !== "GET") throw error;
        return (await page.request.get(response.url())).text();
      },
    );
    const read = { url: response.url(), type: request.resourceType() };
    reads.push(
      body.then(
        (text) => ({ ...read, body: text }),
        () => ({ ...read, body: undefined }),
      ),
    );
  });
  const { userId } = await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  await chat.send("Is my key safe with you?");
  await chat.waitForReply();
  await expect(page).toHaveURL(/\/chats\//);
  const chatId = new URL(page.url()).pathname.split("/").at(-1);
  await chat.lastReply().getByRole("button", { name: "Like", exact: true }).click();
  await expect(chat.lastReply().getByRole("button", { name: "Like", exact: true })).toHaveAttribute("aria-pressed", "true");
  await chat.lastReply().getByRole("button", { name: "Regenerate" }).click();
  await chat.waitForReply(1);
  const menu = await chat.openMenu();
  await menu.search().fill("key");
  await expect(menu.chatLinks()).toHaveCount(1);
  const pages = {
    [`/chats/${chatId}`]: chat.userMessages(),
    [`/Account/${userId}`]: page.getByRole("heading", { name: "Your account" }),
    "/datenschutzerklaerung": page.getByRole("heading", { name: "Datenschutzerklärung (privacy notice)" }),
    "/explanation": page.getByRole("heading", { name: "Welcome" }),
  };
  for (const [path, content] of Object.entries(pages)) {
    await page.goto(path);
    await expect(content, path).toBeVisible();
    await page.waitForLoadState("networkidle");
  }
  const bodies = await Promise.all(reads);
  expect(
    bodies.filter((b) => b.body === undefined).map((b) => b.url),
    "responses whose body could not be read",
  ).toEqual([]);

  expect(bodies.filter((b) => b.type === "script").length).toBeGreaterThan(0);
  expect(bodies.filter((b) => b.type === "stylesheet").length).toBeGreaterThan(0);
  expect(bodies.some((b) => b.url.endsWith("/api/site-config"))).toBe(true);
  expect(bodies.some((b) => b.url.endsWith("/api/chats/messages") && b.body?.includes('"type":"done"'))).toBe(true);
  expect(bodies.some((b) => b.url.endsWith("/regenerate") && b.body?.includes('"type":"done"'))).toBe(true);
  expect(bodies.filter((b) => b.body?.includes(E2E_MODEL_KEY)).map((b) => b.url)).toEqual([]);

  // Also every built asset, loaded or not, and the public endpoints.
  const assets = readdirSync(join(process.cwd(), "dist/web/assets"));
  expect(assets.length).toBeGreaterThan(0);
  for (const path of [...assets.map((a) => `/assets/${a}`), "/", "/api/site-config", "/api/password-policy", "/api/health"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBeLessThan(500);
    const body = await response.text();
    expect(body, path).not.toContain(E2E_MODEL_KEY);
    expect(body, path).not.toContain("sk-e2e");
  }
  const siteConfig = await (await page.request.get("/api/site-config")).json();
  expect(JSON.stringify(siteConfig)).not.toMatch(/OPENAI|api[_-]?key/i);
});
