import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ChatScreen, queueModel, signedInUser } from "./pages/chat-page";

/** WCAG relative luminance of a computed `rgb(r, g, b)` colour: 0 is black, 1 is white. */
function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const pageColours = (page: Page) =>
  page.evaluate(() => {
    const body = getComputedStyle(document.body);
    const heading = getComputedStyle(document.querySelector("h1") ?? document.body);
    return { background: body.backgroundColor, text: body.color, heading: heading.color };
  });

test.describe("with a dark colour scheme", () => {
  test.use({ colorScheme: "dark" });

  test("the page turns dark with light text, unlike the light scheme", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Health questions, answered with care" })).toBeVisible();
    const dark = await pageColours(page);
    await page.emulateMedia({ colorScheme: "light" });
    const light = await pageColours(page);

    expect(dark.background).not.toBe(light.background);
    expect(dark.text).not.toBe(light.text);
    expect(luminance(dark.background)).toBeLessThan(0.05);
    expect(luminance(dark.text)).toBeGreaterThan(0.7);
    expect(luminance(dark.heading)).toBeGreaterThan(0.7);
    expect(luminance(light.background)).toBeGreaterThan(0.9);
    expect(luminance(light.text)).toBeLessThan(0.05);
  });
});

for (const reducedMotion of ["no-preference", "reduce"] as const) {
  test.describe(`with reduced motion: ${reducedMotion}`, () => {
    test.use({ reducedMotion });
    const reduced = reducedMotion === "reduce";

    test(`the typing dots, the drawer and the scroll to the latest message ${reduced ? "do not move" : "are animated"}`, async ({
      page,
    }) => {
      // Records how the conversation (its own scroll container) scrolls to its newest message.
      await page.addInitScript(() => {
        const scrolls: string[] = [];
        const scrollTo = Element.prototype.scrollTo;
        Object.assign(window, { scrolls });
        Element.prototype.scrollTo = function (this: Element, ...args: unknown[]) {
          const [options] = args;
          if (typeof options === "object" && options) scrolls.push((options as ScrollToOptions).behavior ?? "auto");
          return (scrollTo as (...all: unknown[]) => void).apply(this, args);
        };
      });
      await signedInUser(page);
      const chat = new ChatScreen(page);
      await chat.goto("/");

      // The model stays silent, so the typing indicator shows until Stop.
      await queueModel(page.request, { kind: "stall", afterTokens: 0 });
      await chat.send("Does anything move on this screen?");
      const typing = page.getByRole("status").filter({ hasText: "The assistant is writing…" });
      await expect(typing).toBeVisible();
      // The first dot (class names are scoped by CSS Modules, and so are the animations' names).
      const dotAnimation = await typing.evaluate((el) => getComputedStyle(el.firstElementChild ?? el).animationName);
      expect(dotAnimation === "none").toBe(reduced);
      const scrolls = await page.evaluate(() => (window as unknown as { scrolls: string[] }).scrolls);
      // Sending brings the reader to the newest message, animated unless reduced motion is asked for (following
      // the text as it streams in is never animated: it would lag behind).
      expect(scrolls.length).toBeGreaterThan(0);
      expect(scrolls.includes("smooth")).toBe(!reduced);
      await chat.stopButton().click();
      await expect(chat.sendButton()).toBeVisible();

      const menu = await chat.openMenu();
      expect((await menu.root().evaluate((el) => getComputedStyle(el).animationName)) === "none").toBe(reduced);
    });
  });
}
