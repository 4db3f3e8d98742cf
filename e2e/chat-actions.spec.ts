import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BASE_URL, ChatScreen, recordRequests, signedInUser } from "./pages/chat-page";

test("Regenerate asks again; the new reply is shown, the old one kept as version 1/2", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const chatId = await chat.startChat("What helps against a cold?");
  const like = () => chat.lastReply().getByRole("button", { name: "Like", exact: true });
  await like().click();
  await expect(like()).toHaveAttribute("aria-pressed", "true");

  const regenerations = recordRequests(page, new RegExp(`^/api/chats/${chatId}/regenerate$`));
  const response = page.waitForResponse((r) => r.url().endsWith(`/api/chats/${chatId}/regenerate`) && r.request().method() === "POST");
  await chat.lastReply().getByRole("button", { name: "Regenerate" }).click();
  expect((await response).status()).toBe(200);
  await chat.waitForReply(1);
  expect(regenerations).toHaveLength(1);
  expect(regenerations[0]?.method()).toBe("POST");
  await expect(chat.lastReply().locator("strong")).toHaveText("Fake model reply.");
  // A new reply, not rated yet; the old one keeps its rating as the earlier version (e2e/answer-versions.spec.ts).
  await expect(like()).toHaveAttribute("aria-pressed", "false");
  await expect(chat.lastReply().getByRole("group", { name: "Answers to this question" })).toContainText("2/2");
  await expect(chat.userTexts()).toHaveText(["What helps against a cold?"]);

  await page.reload();
  await expect(chat.replies()).toHaveCount(1);
  await expect(chat.userMessages()).toHaveCount(1);
  await expect(like()).toHaveAttribute("aria-pressed", "false");
  // Only the last reply can be regenerated.
  await chat.send("And against a sore throat?");
  await chat.waitForReply(2);
  await expect(page.getByRole("button", { name: "Regenerate" })).toHaveCount(1);
  await expect(chat.replies().first().getByRole("button", { name: "Regenerate" })).toHaveCount(0);
});

test("a refused Regenerate says why and keeps the reply it would have replaced", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const chatId = await chat.startChat("What helps against a cold?");
  const reply = (await chat.lastReply().textContent()) ?? "";
  // The server's answer at its live-chat cap (apiError "server-busy").
  await page.route(`**/api/chats/${chatId}/regenerate`, (route) =>
    route.fulfill({
      status: 429,
      headers: { "retry-after": "5" },
      json: { code: "server-busy", message: "Many people are using the assistant right now. Please try again in a few seconds." },
    }),
  );
  await chat.lastReply().getByRole("button", { name: "Regenerate" }).click();

  await expect(page.getByRole("alert")).toHaveText(
    "Many people are using the assistant right now. Your conversation is unchanged; please try again in a few seconds.",
  );
  await expect(chat.replies()).toHaveCount(1);
  await expect(chat.lastReply()).toHaveText(reply);
  await expect(chat.lastReply().getByRole("button", { name: "Regenerate" })).toBeEnabled();

  // The next accepted action clears the refusal.
  await page.unroute(`**/api/chats/${chatId}/regenerate`);
  await chat.lastReply().getByRole("button", { name: "Regenerate" }).click();
  await chat.waitForReply(1);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("Copy puts the reply as read, not its Markdown, in the clipboard, with HTML beside it", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  await chat.startChat("Copy this answer please");
  await chat.lastReply().getByRole("button", { name: "Copy" }).click();
  await expect(chat.lastReply().getByRole("status")).toHaveText("Copied to the clipboard");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split(/\n+/)).toEqual([
    "Fake model reply. You asked: Copy this answer please",
    "first point",
    "second point",
    "This reply comes from the test model.",
  ]);
  const html = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    return item ? await (await item.getType("text/html")).text() : "";
  });
  expect(html).toContain("<strong>Fake model reply.</strong>");
  expect(html).toContain("<li>first point</li>");
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

  test("swiping left from the right edge opens the drawer and swiping right closes it", async ({ page }) => {
    await signedInUser(page);
    const chat = new ChatScreen(page);
    await chat.goto("/");
    const swipe = (fromX: number, toX: number) => swipeHorizontally(page, fromX, toX);
    const menu = page.getByRole("dialog", { name: "Menu" });
    await swipe(200, 100);
    await expect(menu).toHaveCount(0);
    await swipe(385, 300);
    await expect(menu).toBeVisible();
    await swipe(100, 250);
    await expect(menu).toHaveCount(0);
  });
});

/**
 * A one-finger horizontal swipe at mid-height, as touch events on the window (where the drawer listens).
 * Resolves after two animation frames, so whatever the swipe changed has been rendered before the test looks.
 */
function swipeHorizontally(page: Page, fromX: number, toX: number) {
  return page.evaluate(
    ([from, to]) => {
      const touch = (x: number) => new Touch({ identifier: 1, target: document.body, clientX: x, clientY: 400 });
      window.dispatchEvent(new TouchEvent("touchstart", { touches: [touch(from)], changedTouches: [touch(from)] }));
      window.dispatchEvent(new TouchEvent("touchend", { touches: [], changedTouches: [touch(to)] }));
      return new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    },
    [fromX, toX] as const,
  );
}

test.describe("swipe thresholds on a 390 px touch screen", () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

  test("a swipe must be at least 10 px and, to open, start in the right 12% of the width", async ({ page }) => {
    await signedInUser(page);
    const chat = new ChatScreen(page);
    await chat.goto("/");
    const swipe = (fromX: number, toX: number) => swipeHorizontally(page, fromX, toX);
    const menu = page.getByRole("dialog", { name: "Menu" });
    expect(await page.evaluate(() => window.innerWidth)).toBe(390);
    // The edge area is the right 12% of 390 px: from x = 343.2 on.
    const [outside, inside] = [343, 344];

    await swipe(385, 376); // 9 px: too short
    await expect(menu).toHaveCount(0);
    await swipe(outside, outside - 100); // long enough, but starts just outside the edge area
    await expect(menu).toHaveCount(0);
    await swipe(inside, inside - 10); // 10 px from just inside it
    await expect(menu).toBeVisible();

    await swipe(100, 109); // 9 px to the right: too short to close
    await expect(menu).toBeVisible();
    await swipe(100, 110);
    await expect(menu).toHaveCount(0);
  });
});
