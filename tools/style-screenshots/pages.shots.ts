/**
 * Every page in fixed states (light, dark, the user's theme, larger text, German) at 390 and 1280 px, for comparing
 * a styling change: `npm run build && SHOTS_DIR=/tmp/before npm run style-screenshots`, the same after the change,
 * then `npx tsx tools/style-screenshots/compare.ts /tmp/before /tmp/after /tmp/diff` (session times differ).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { signInAsOperator } from "../../e2e/pages/operator-page";
import { FAKE_MODEL_URL } from "../../e2e/ports";

const outDir = process.env.SHOTS_DIR ?? "shots";
const password = "calm-river-lantern-42";
const sizes = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

interface Variant {
  name: string;
  language: "en" | "de";
  scheme: "light" | "dark";
  /** The theme and text size chosen in the display settings (data-theme, data-text-size). */
  settings?: { theme?: string; textSize?: string };
}
const variants: Variant[] = [
  { name: "en-light", language: "en", scheme: "light" },
  { name: "en-dark", language: "en", scheme: "dark" },
  { name: "en-theme-dark", language: "en", scheme: "light", settings: { theme: "dark" } },
  { name: "en-theme-light", language: "en", scheme: "dark", settings: { theme: "light" } },
  { name: "en-larger", language: "en", scheme: "light", settings: { textSize: "larger" } },
  { name: "de-light", language: "de", scheme: "light" },
  { name: "de-dark", language: "de", scheme: "dark" },
];

const MARKDOWN = [
  "## Resting well",
  "A **short summary** with a [link](https://example.org/info) and `inline code`.",
  "- Drink enough water\n- Rest for a few days\n  - sleep early\n- Watch your temperature",
  "1. First step\n2. Second step",
  "> Most colds get better on their own within a week to ten days.",
  "| Symptom | What helps | When to see a doctor |\n| --- | --- | --- |\n| Fever | Rest and fluids | Above 39.5 °C for more than three days |\n| Cough | Warm drinks, honey | Lasting longer than three weeks |\n| Sore throat | Lozenges | With a rash or trouble swallowing |",
  "```\ntemperature: 38.2\n```",
  "### Sources\nAsk your pharmacist as well.",
].join("\n\n");
const LONG_REPLY = Array.from(
  { length: 30 },
  (_, i) => `Paragraph ${i + 1}. Please call the emergency number now and stay with the person.`,
).join("\n\n");

async function queue(page: Page, text: string, when: string) {
  const response = await page.request.post(`${FAKE_MODEL_URL}/__next`, { data: { kind: "reply", text, when } });
  expect(response.ok()).toBe(true);
}

/** Starts a chat with `question`, answered by `reply`; returns its id once `end` of the reply is shown. */
async function startChat(page: Page, question: string, reply: string, end: string): Promise<string> {
  await queue(page, reply, question);
  await page.goto("/");
  await page.getByRole("textbox").first().fill(question);
  await page.getByRole("textbox").first().press("Enter");
  await expect(page).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
  await expect(page.getByText(end)).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return page.url().split("/").pop() as string;
}

async function shot(page: Page, dir: string, name: string, width: number) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true, animations: "disabled", caret: "hide" });
}

async function newContext(browser: Browser, variant: Variant) {
  const context = await browser.newContext({
    locale: variant.language === "de" ? "de-DE" : "en-US",
    colorScheme: variant.scheme,
    viewport: sizes[0],
    reducedMotion: "reduce",
  });
  if (variant.settings) {
    const settings = JSON.stringify({ theme: "system", textSize: "normal", ...variant.settings });
    await context.addInitScript((value) => localStorage.setItem("display-settings", value), settings);
  }
  return context;
}

for (const variant of variants) {
  test(variant.name, async ({ browser }) => {
    const dir = join(outDir, variant.name);
    mkdirSync(dir, { recursive: true });

    // Signed out.
    const visitor = await newContext(browser, variant);
    const page = await visitor.newPage();
    for (const { width, height } of sizes) {
      await page.setViewportSize({ width, height });
      for (const [name, path] of [
        ["landing", "/landingpage"],
        ["sign-in", "/signIn"],
        ["sign-up", "/signUp"],
        ["privacy", "/datenschutzerklaerung"],
        ["not-found", "/no-such-page"],
      ] as const) {
        await page.goto(path, { waitUntil: "networkidle" });
        await shot(page, dir, name, width);
      }
    }
    await visitor.close();

    // A user of its own per variant, with the same two chats on every run.
    const context = await newContext(browser, variant);
    const user = await context.newPage();
    const email = `shots-${variant.name}@example.org`;
    const signUp = await user.request.post("/api/auth/sign-up/email", {
      data: { email, password, name: "", languageCode: variant.language },
      headers: { origin: "http://localhost:4889" },
    });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    const { user: account } = (await signUp.json()) as { user: { id: string } };
    if (variant.settings) {
      // Signed in, the profile's settings apply: the same ones as this browser's copy.
      const display = await user.request.put("/api/profile/display", {
        data: { theme: "system", textSize: "normal", ...variant.settings },
        headers: { origin: "http://localhost:4889" },
      });
      expect(display.ok(), await display.text()).toBe(true);
    }
    const question = `How do I rest well with a cold ${variant.name}?`;
    const markdownChat = await startChat(user, question, MARKDOWN, "Ask your pharmacist as well.");
    const emergency = `I have crushing chest pain spreading to my left arm ${variant.name}`;
    const emergencyChat = await startChat(user, emergency, LONG_REPLY, "Paragraph 30.");

    for (const { width, height } of sizes) {
      await user.setViewportSize({ width, height });
      await user.goto("/explanation", { waitUntil: "networkidle" });
      await shot(user, dir, "explanation", width);
      await user.goto(`/Account/${account.id}`, { waitUntil: "networkidle" });
      await shot(user, dir, "account", width);
      await user.getByRole("button", { name: /^(Delete account|Konto löschen)$/ }).click();
      await expect(user.getByRole("dialog")).toBeVisible();
      await shot(user, dir, "confirm-dialog", width);
      await user.keyboard.press("Escape");
      await user.goto("/", { waitUntil: "networkidle" });
      await shot(user, dir, "new-chat", width);
      await user.goto(`/chats/${markdownChat}`, { waitUntil: "networkidle" });
      await shot(user, dir, "markdown-chat", width);
      await user.screenshot({ path: join(dir, `markdown-chat-viewport-${width}.png`), animations: "disabled" });
      await user.emulateMedia({ media: "print" });
      await shot(user, dir, "print", width);
      await user.emulateMedia({ media: null });
      await user.goto(`/chats/${emergencyChat}`, { waitUntil: "networkidle" });
      await user.screenshot({ path: join(dir, `emergency-call-bar-${width}.png`), animations: "disabled" });
      await shot(user, dir, "emergency-full", width);
      await user.goto(`/chats/${markdownChat}`, { waitUntil: "networkidle" });
      if (width < 1024) {
        await user.getByRole("button", { name: /^(Menu|Menü)$/ }).click();
        await expect(user.getByRole("dialog")).toBeVisible();
        await user.screenshot({ path: join(dir, `drawer-${width}.png`), animations: "disabled" });
        await user.keyboard.press("Escape");
      } else {
        await user.screenshot({ path: join(dir, `sidebar-${width}.png`), animations: "disabled" });
      }
    }
    // Last, as it stores a rating: the "why?" panel under a disliked reply, open at both widths.
    await user.setViewportSize(sizes[0] as { width: number; height: number });
    await user.goto(`/chats/${markdownChat}`, { waitUntil: "networkidle" });
    await user
      .getByRole("article")
      .last()
      .getByRole("button", { name: /^(Dislike|Gefällt mir nicht)$/ })
      .click();
    await expect(user.getByRole("button", { name: /^(Send feedback|Feedback senden)$/ })).toBeVisible();
    for (const { width, height } of sizes) {
      await user.setViewportSize({ width, height });
      // The history sidebar shows on wide screens only, once the page has seen the new width.
      const sidebar = user.getByRole("complementary", { name: /^(Chat History|Chat-Verlauf)$/ });
      await (width >= 1024 ? expect(sidebar).toBeVisible() : expect(sidebar).toBeHidden());
      await shot(user, dir, "feedback", width);
    }
    await context.close();
  });
}

test("operator dashboard", async ({ browser }) => {
  for (const variant of [variants[0], variants[1], variants[5]] as Variant[]) {
    const dir = join(outDir, variant.name);
    mkdirSync(dir, { recursive: true });
    const context = await newContext(browser, variant);
    const page = await context.newPage();
    await signInAsOperator(page);
    for (const { width, height } of sizes) {
      await page.setViewportSize({ width, height });
      await page.goto("/operator", { waitUntil: "networkidle" });
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await shot(page, dir, "operator", width);
    }
    await context.close();
  }
});
