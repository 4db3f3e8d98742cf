import { expect, expectAccessible, THROTTLED_BASE_URL, test } from "./fixtures";
import { ChatScreen, createChatViaApi, hiddenBelow, signedInUser } from "./pages/chat-page";

test("a message that reads like an emergency shows the emergency card above the reply, which still comes", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto();
  await chat.send("No chest pain, just a cold");
  await chat.waitForReply();
  await expect(page.getByRole("heading", { name: "This may be an emergency" })).toHaveCount(0);

  await chat.send("Now I have crushing chest pain and my left arm hurts");
  await chat.waitForReply(2);
  const card = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "This may be an emergency" }) });
  await expect(card).toBeVisible();
  await expect(card.getByRole("link", { name: "Call 911" })).toHaveAttribute("href", "tel:911");
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole("heading", { name: "This may be an emergency" })).toHaveCount(1);
});

test("in a US-English browser, self-harm shows the 988 crisis line and 911", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto();
  expect(await page.evaluate(() => navigator.language)).toBe("en-US");
  await chat.send("I keep having suicidal thoughts");
  await chat.waitForReply();
  const card = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "You are not alone" }) });
  await expect(card).toBeVisible();
  await expect(card.getByRole("link", { name: "Call 988" })).toHaveAttribute("href", "tel:988");
  await expect(card.getByRole("link", { name: "Call 911" })).toHaveAttribute("href", "tel:911");
  await expect(card.getByRole("link")).toHaveCount(2);
  await expect(card).not.toContainText("Telefonseelsorge");
});

test.describe("in a German browser", () => {
  test.use({ locale: "de-DE" });
  test("self-harm shows a crisis line and the European emergency number", async ({ page }) => {
    await signedInUser(page, { languageCode: "de" });
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Wie kann ich Ihnen heute helfen?" })).toBeVisible();
    await page.getByRole("textbox", { name: "Ihre Nachricht" }).fill("Ich will nicht mehr leben");
    await page.getByRole("textbox", { name: "Ihre Nachricht" }).press("Enter");
    await expect(page.getByRole("article", { name: "Der Assistent antwortete" })).toHaveCount(1);
    const card = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Sie sind nicht allein" }) });
    await expect(card).toBeVisible();
    await expect(card.getByRole("link", { name: "Telefonseelsorge 0800 111 0 111 anrufen" })).toHaveAttribute("href", "tel:08001110111");
    await expect(card.getByRole("link", { name: "112 anrufen" })).toHaveAttribute("href", "tel:112");
  });
});

const CARD_TITLE = "This may be an emergency";
const EMERGENCY = "I have crushing chest pain spreading to my left arm";

test.describe("sent while rate-limited", () => {
  // The throttled server limits chat sends per user (CHAT_RATE_LIMIT_PER_USER, 20 a minute).
  test.use({ baseURL: THROTTLED_BASE_URL, viewport: { width: 390, height: 844 } });

  test("the card shows with the refusal, on a phone and a desktop, and the typed text stays", async ({ page }, testInfo) => {
    await signedInUser(page, { baseURL: THROTTLED_BASE_URL });
    // One after another, as a person would: a user may have only MAX_LIVE_CHATS_PER_USER replies streaming at once.
    for (let i = 0; i < 20; i++) await createChatViaApi(page, `question ${i}`, THROTTLED_BASE_URL);
    const chat = new ChatScreen(page);
    await chat.goto();
    // As for someone who has been here before: with the one-time dictation note as well, a phone's input area is
    // too tall to leave room for the whole card above it (its top is then scrolled off, the Call button shows).
    const dictationNote = page.getByRole("button", { name: "Got it" });
    if (await dictationNote.isVisible()) await dictationNote.click();
    await chat.send(EMERGENCY);

    const refusal = page.getByRole("alert").filter({ hasText: "You are sending messages very quickly." });
    const card = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: CARD_TITLE }) });
    await expect(refusal).toBeVisible();
    await expect(card).toBeVisible();
    await expect(card.getByRole("link", { name: "Call 911" })).toHaveAttribute("href", "tel:911");
    await expect(chat.input()).toHaveValue(EMERGENCY);
    await expect(chat.userMessages()).toHaveCount(0);
    await expectAccessible(page);
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      // The card sits where the message would have gone, just above the sticky input area, not under it.
      await expect.poll(() => hiddenBelow(page, card)).toBe(0);
      for (const shown of [refusal, chat.input(), chat.sendButton()]) await expect(shown).toBeInViewport();
      await page.screenshot({ path: testInfo.outputPath(`card-with-refusal-${viewport.width}.png`) });
    }

    // A calm message refused the same way shows no card: the card goes with the next attempt.
    await chat.input().fill("Just a cold, what helps?");
    await chat.input().press("Enter");
    await expect(refusal).toBeVisible();
    await expect(page.getByRole("heading", { name: CARD_TITLE })).toHaveCount(0);
  });

  test("on a phone, with the dictation note and the e-mail banner too, the card's heading and Call button show", async ({
    page,
  }, testInfo) => {
    // A new account: its e-mail is not confirmed yet, and the one-time dictation note has not been dismissed.
    await signedInUser(page, { baseURL: THROTTLED_BASE_URL });
    // The send limit used up, two at a time (a user may have only a few replies being written at once).
    for (let i = 0; i < 20; i += 2) {
      await Promise.all([i, i + 1].map((n) => createChatViaApi(page, `question ${n}`, THROTTLED_BASE_URL)));
    }
    const chat = new ChatScreen(page);
    await chat.goto();
    await expect(page.getByRole("complementary", { name: "E-mail confirmation" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Got it" })).toBeVisible();

    const refusal = page.getByRole("alert").filter({ hasText: "You are sending messages very quickly." });
    for (const [message, title, call] of [
      [EMERGENCY, CARD_TITLE, "Call 911"],
      // Self-harm: the taller card, with the crisis line as well.
      ["I keep having suicidal thoughts", "You are not alone", "Call 988"],
    ] as const) {
      await chat.input().fill(message);
      await chat.input().press("Enter");
      await expect(refusal).toBeVisible();
      const heading = page.getByRole("heading", { name: title });
      await expect(heading).toBeInViewport({ ratio: 1 });
      // Neither under the sticky input area nor above the top of the screen.
      await expect.poll(() => hiddenBelow(page, heading)).toBe(0);
      await expect.poll(() => hiddenBelow(page, page.getByRole("link", { name: call }))).toBe(0);
      await page.screenshot({ path: testInfo.outputPath(`card-note-banner-${title.replace(/\W+/g, "-")}-390.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => hiddenBelow(page, page.getByRole("heading", { name: "You are not alone" }))).toBe(0);
    await page.screenshot({ path: testInfo.outputPath("card-note-banner-1280.png") });
  });
});

test("a refusal because the server is busy shows the card it carries", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto();
  // The server's answer past MAX_LIVE_CHATS for a message its rules flagged.
  await page.route("**/api/chats/messages", (route) =>
    route.fulfill({
      status: 429,
      headers: { "retry-after": "5" },
      json: { code: "server-busy", message: "Many people are using the assistant right now.", redFlags: ["self-harm"] },
    }),
  );
  await chat.send("I keep having suicidal thoughts");
  await expect(page.getByRole("alert").filter({ hasText: "Many people are using the assistant right now." })).toBeVisible();
  await expect(page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "You are not alone" }) })).toBeVisible();
  await expect(chat.input()).toHaveValue("I keep having suicidal thoughts");
});

test("the model's second opinion shows the card mid-reply, and it stays after the reply and a reload", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto();
  // The rules do not flag this; the fake model's check answers an emergency after 300 ms, while #slow keeps
  // the reply streaming for about four seconds.
  await chat.send("#model-emergency #slow what helps against a cold?");
  const card = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: CARD_TITLE }) });
  await expect(card).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(1);
  await expect(chat.lastReply()).toContainText("Fake model reply.");
  await expect(chat.lastReply()).not.toContainText("This reply comes from the test model.");

  await chat.waitForReply();
  await expect(chat.lastReply()).toContainText("This reply comes from the test model.");
  await expect(card).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: CARD_TITLE })).toHaveCount(1);
});
