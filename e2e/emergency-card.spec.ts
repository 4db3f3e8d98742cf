import { expect, expectAccessible, THROTTLED_BASE_URL, test } from "./fixtures";
import { ChatScreen, createChatViaApi, hiddenBelow, signedInUser } from "./pages/chat-page";
import { FAKE_MODEL_URL } from "./ports";

// The main server has the default numbers (EMERGENCY_REGION=DE); the throttled one is a US deployment.
const CARDIAC_TITLE = "Signs of a heart attack";
const SELF_HARM_TITLE = "If you are thinking of ending your life";
const GERMAN_CRISIS_LINE = "Call TelefonSeelsorge 0800 111 0 111";

test("a message that reads like an emergency shows the card, headed by what it is about, above the reply", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto();
  await chat.send("No chest pain, just a cold");
  await chat.waitForReply();
  await expect(page.getByRole("heading", { name: CARDIAC_TITLE })).toHaveCount(0);

  await chat.send("Now I have crushing chest pain and my left arm hurts");
  await chat.waitForReply(2);
  const card = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: CARDIAC_TITLE }) });
  await expect(card).toBeVisible();
  await expect(card.getByRole("link", { name: "Call 112" })).toHaveAttribute("href", "tel:112");
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole("heading", { name: CARDIAC_TITLE })).toHaveCount(1);
});

test("a US-English browser on a default deployment gets 112 and the German crisis line, never 911 or 988", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto();
  expect(await page.evaluate(() => navigator.language)).toBe("en-US");
  await chat.send("I keep having suicidal thoughts");
  await chat.waitForReply();
  const card = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: SELF_HARM_TITLE }) });
  await expect(card).toBeVisible();
  await expect(card.getByRole("link", { name: GERMAN_CRISIS_LINE })).toHaveAttribute("href", "tel:08001110111");
  await expect(card.getByRole("link", { name: "Call 112" })).toHaveAttribute("href", "tel:112");
  await expect(card.getByRole("link")).toHaveCount(2);
  await expect(page.getByText("In an emergency, call 112.").filter({ visible: true })).toBeVisible();
  await expect(page.locator("body")).not.toContainText(/\b(911|988)\b/);
});

test.describe("a US deployment (EMERGENCY_REGION=US)", () => {
  test.use({ locale: "de-DE" });
  test("gives 911 and the 988 Lifeline, also in German", async ({ page }) => {
    await signedInUser(page, { baseURL: THROTTLED_BASE_URL, languageCode: "de" });
    const site = await (await page.request.get(`${THROTTLED_BASE_URL}/api/site-config`)).json();
    expect(site.emergency).toEqual({ region: "US", number: "911", crisisLine: { name: "988 Suicide & Crisis Lifeline", number: "988" } });
    await page.goto(`${THROTTLED_BASE_URL}/`);
    const input = page.getByRole("textbox", { name: "Ihre Nachricht" });
    await input.fill("Ich will nicht mehr leben");
    await input.press("Enter");
    const title = "Wenn Sie daran denken, sich das Leben zu nehmen";
    const card = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(card).toBeVisible();
    await expect(card.getByRole("link", { name: "988 Suicide & Crisis Lifeline anrufen" })).toHaveAttribute("href", "tel:988");
    await expect(card.getByRole("link", { name: "911 anrufen" })).toHaveAttribute("href", "tel:911");
    await expect(page.getByText("Im Notfall rufen Sie die 911 an.").filter({ visible: true })).toBeVisible();
    await expect(card).not.toContainText(/112|TelefonSeelsorge/);
  });
});

/** About 450 words (the fake model streams one word a token). */
const LONG_REPLY = Array.from(
  { length: 30 },
  (_, i) =>
    `Paragraph ${i + 1}. Please call the emergency number now and stay with the person. Sit them down, loosen tight clothing and keep them calm while help is on the way.`,
).join("\n\n");

test.describe("on a phone, while a long reply streams", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a call button stays on screen after the card scrolls away, until it is hidden", async ({ page }, testInfo) => {
    await signedInUser(page);
    const chat = new ChatScreen(page);
    await chat.goto();
    const dictationNote = page.getByRole("button", { name: "Got it" });
    if (await dictationNote.isVisible()) await dictationNote.click();
    // Words, not digits: a long number may be redacted before the fake model matches it.
    const message = "I have crushing chest pain spreading to my left arm, long reply please";
    const queued = await page.request.post(`${FAKE_MODEL_URL}/__next`, {
      data: { kind: "reply", text: LONG_REPLY, delayMs: 4, when: message },
    });
    expect(queued.ok()).toBe(true);
    expect(LONG_REPLY.split(/\s+/).length).toBeGreaterThanOrEqual(400);
    await chat.send(message);
    const card = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: CARDIAC_TITLE }) });
    await expect(card).toBeVisible();
    await chat.waitForReply();
    await expect(chat.lastReply()).toContainText("Paragraph 30.");

    // The reply pushed the card off the screen; its call button is pinned above the input.
    await expect(card.getByRole("link", { name: "Call 112" })).not.toBeInViewport();
    const bar = page.getByRole("region", { name: "Emergency numbers" });
    const call = bar.getByRole("link", { name: "Call 112" });
    await expect(call).toBeInViewport({ ratio: 1 });
    await expect(call).toHaveAttribute("href", "tel:112");
    const box = await call.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await expect(chat.input()).toBeInViewport();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath("call-bar-390.png") });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(call).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: testInfo.outputPath("call-bar-1280.png") });
    await page.setViewportSize({ width: 390, height: 844 });

    // Back at the card, the bar is not needed; away from it again, it is.
    await card.scrollIntoViewIfNeeded();
    await expect(bar).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath("card-390.png") });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: testInfo.outputPath("card-1280.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await chat.lastReply().getByText("Paragraph 30.").scrollIntoViewIfNeeded();
    await expect(call).toBeInViewport({ ratio: 1 });

    // Hidden by the user, it stays hidden for this card.
    await bar.getByRole("button", { name: "Hide the emergency numbers" }).click();
    await expect(bar).toHaveCount(0);
    await expect(chat.input()).toBeFocused();
  });

  test("for self-harm the bar has the crisis line too", async ({ page }, testInfo) => {
    await signedInUser(page);
    const chat = new ChatScreen(page);
    await chat.goto();
    const dictationNote = page.getByRole("button", { name: "Got it" });
    if (await dictationNote.isVisible()) await dictationNote.click();
    const message = "I keep having suicidal thoughts, long reply please";
    const queued = await page.request.post(`${FAKE_MODEL_URL}/__next`, {
      data: { kind: "reply", text: LONG_REPLY, delayMs: 2, when: message },
    });
    expect(queued.ok()).toBe(true);
    await chat.send(message);
    await chat.waitForReply();
    const bar = page.getByRole("region", { name: "Emergency numbers" });
    for (const name of [GERMAN_CRISIS_LINE, "Call 112"]) await expect(bar.getByRole("link", { name })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: testInfo.outputPath("call-bar-self-harm-390.png") });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: testInfo.outputPath("call-bar-self-harm-1280.png") });
  });
});

test.describe("in a German browser", () => {
  test.use({ locale: "de-DE" });
  test("each card names its emergency; self-harm shows the crisis line and the emergency number", async ({ page }) => {
    await signedInUser(page, { languageCode: "de" });
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Wie kann ich Ihnen heute helfen?" })).toBeVisible();
    const input = page.getByRole("textbox", { name: "Ihre Nachricht" });
    await input.fill("Ich will nicht mehr leben");
    await input.press("Enter");
    await expect(page.getByRole("article", { name: "Der Assistent antwortete" })).toHaveCount(1);
    const card = page
      .getByRole("alert")
      .filter({ has: page.getByRole("heading", { name: "Wenn Sie daran denken, sich das Leben zu nehmen" }) });
    await expect(card).toBeVisible();
    await expect(card.getByRole("link", { name: "TelefonSeelsorge 0800 111 0 111 anrufen" })).toHaveAttribute("href", "tel:08001110111");
    await expect(card.getByRole("link", { name: "112 anrufen" })).toHaveAttribute("href", "tel:112");

    await expect(page.getByRole("button", { name: "Senden", exact: true })).toBeVisible();
    await input.fill("Mein Vater hält sich die Brust, es drückt stark und sein linker Arm ist taub");
    await input.press("Enter");
    await expect(page.getByRole("heading", { name: "Anzeichen eines Herzinfarkts" })).toBeVisible();
  });
});

const CARD_TITLE = CARDIAC_TITLE;
const OTHER_ACUTE_TITLE = "This may be an emergency";
const EMERGENCY = "I have crushing chest pain spreading to my left arm";

test.describe("sent while rate-limited", () => {
  // The throttled server limits chat sends per user (CHAT_RATE_LIMIT_PER_USER, 20 a minute).
  // It is also the US deployment (EMERGENCY_REGION=US): 911 and 988.
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
      ["I keep having suicidal thoughts", SELF_HARM_TITLE, "Call 988"],
    ] as const) {
      await chat.input().fill(message);
      await chat.input().press("Enter");
      await expect(refusal).toBeVisible();
      const heading = page.getByRole("heading", { name: title });
      await expect(heading).toBeInViewport({ ratio: 1 });
      // Neither under the sticky input area nor above the top of the screen.
      await expect.poll(() => hiddenBelow(page, heading)).toBe(0);
      // The card's own button: while the page scrolls to the card, the sticky call bar may show a second one.
      const card = page.getByRole("alert").filter({ has: heading });
      await expect.poll(() => hiddenBelow(page, card.getByRole("link", { name: call }))).toBe(0);
      await page.screenshot({ path: testInfo.outputPath(`card-note-banner-${title.replace(/\W+/g, "-")}-390.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => hiddenBelow(page, page.getByRole("heading", { name: SELF_HARM_TITLE }))).toBe(0);
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
  await expect(page.getByRole("alert").filter({ has: page.getByRole("heading", { name: SELF_HARM_TITLE }) })).toBeVisible();
  await expect(chat.input()).toHaveValue("I keep having suicidal thoughts");
});

test("the model's second opinion shows the card mid-reply, and it stays after the reply and a reload", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto();
  // The rules do not flag this; the fake model's check answers an emergency (other-acute) after 300 ms, while
  // #slow keeps the reply streaming for about four seconds.
  await chat.send("#model-emergency #slow what helps against a cold?");
  const card = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: OTHER_ACUTE_TITLE }) });
  await expect(card).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(1);
  await expect(chat.lastReply()).toContainText("Fake model reply.");
  await expect(chat.lastReply()).not.toContainText("This reply comes from the test model.");

  await chat.waitForReply();
  await expect(chat.lastReply()).toContainText("This reply comes from the test model.");
  await expect(card).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: OTHER_ACUTE_TITLE })).toHaveCount(1);
});
