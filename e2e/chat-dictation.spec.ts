import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { ChatScreen, signedInUser } from "./pages/chat-page";

type FakeWindow = { recognitions: { lang: string; started: boolean; stopped: boolean }[] };

/**
 * A stand-in for the Web Speech API: records each recognizer's `lang`; after start() it reports the
 * transcript "my knee hurts" a moment later (at the latest on stop()), and it ends (onend) only when stop() is called.
 */
async function fakeSpeechRecognition(page: Page) {
  await page.addInitScript(() => {
    const log: { lang: string; started: boolean; stopped: boolean }[] = [];
    class FakeRecognition {
      lang = "";
      continuous = false;
      interimResults = false;
      onresult: ((event: { results: { transcript: string }[][] }) => void) | null = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      #entry = { lang: "", started: false, stopped: false };
      #pending: ReturnType<typeof setTimeout> | undefined;
      #heard() {
        clearTimeout(this.#pending);
        this.#pending = undefined;
        this.onresult?.({ results: [[{ transcript: "my knee hurts" }]] });
      }
      start() {
        this.#entry = { lang: this.lang, started: true, stopped: false };
        log.push(this.#entry);
        this.#pending = setTimeout(() => this.#heard(), 50);
      }
      stop() {
        // Like a browser: what was heard so far is delivered, then listening ends.
        this.#entry.stopped = true;
        if (this.#pending) this.#heard();
        setTimeout(() => this.onend?.(), 0);
      }
    }
    Object.assign(window, { recognitions: log, webkitSpeechRecognition: FakeRecognition });
    delete (window as { SpeechRecognition?: unknown }).SpeechRecognition;
  });
}

const recognitions = (page: Page) => page.evaluate(() => (window as unknown as FakeWindow).recognitions);

/** The one-time note about the browser's speech service, found by its text (a phone's long one or a wide screen's short one). */
const dictationNote = (page: Page, text: string | RegExp = /Dictation(:| uses) your browser's speech service/) =>
  page.getByText(text, { exact: false }).filter({ visible: true });

test.describe("the note about the browser's speech service", () => {
  test.beforeEach(async ({ page }) => fakeSpeechRecognition(page));

  test("shows by the microphone until it is dismissed, then never again", async ({ page }) => {
    await signedInUser(page);
    const chat = new ChatScreen(page);
    await chat.goto("/");
    const note = dictationNote(page);
    await expect(note).toBeVisible();
    // A wide screen has the short text on one line; the privacy notice says the rest.
    await expect(note).toHaveText("Dictation uses your browser's speech service (Chrome: Google).");
    await expect(page.getByRole("link", { name: "Privacy notice" })).toHaveAttribute("href", "/datenschutzerklaerung");
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectAccessible(page);

    await page.getByRole("button", { name: "Got it" }).click();
    await expect(note).toHaveCount(0);
    // The focus goes on to the message box, not back to the top of the page.
    await expect(chat.input()).toBeFocused();
    expect(await page.evaluate(() => localStorage.getItem("dictationNoteDismissed"))).toBe("1");

    await page.reload();
    await expect(page.getByRole("button", { name: "Dictate" })).toBeVisible();
    await expect(note).toHaveCount(0);
    await page.goto("/datenschutzerklaerung");
    await chat.goto("/");
    await expect(note).toHaveCount(0);
    // Dictation itself is unchanged.
    await page.getByRole("button", { name: "Dictate" }).click();
    await page.getByRole("button", { name: "Stop dictation" }).click();
    await expect(chat.input()).toHaveValue("my knee hurts");
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width}px it sits above the input without covering it`, async ({ page }, testInfo) => {
      await page.setViewportSize(viewport);
      await signedInUser(page);
      const chat = new ChatScreen(page);
      await chat.goto("/");
      const note = dictationNote(page);
      const gotIt = page.getByRole("button", { name: "Got it" });
      for (const shown of [note, gotIt, chat.input(), page.getByRole("button", { name: "Dictate" }), chat.sendButton()]) {
        await expect(shown).toBeInViewport({ ratio: 1 });
      }
      const inputBox = await chat.input().boundingBox();
      for (const part of [note, gotIt]) {
        const box = await part.boundingBox();
        expect(box && inputBox && box.y + box.height <= inputBox.y).toBe(true);
      }
      // Large type: the note's text is at least the body size (18 px).
      expect(await note.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize))).toBeGreaterThanOrEqual(18);
      if (viewport.width < 768) {
        await expect(note).toContainText("Chrome, for example, sends your voice to Google.");
      } else {
        // One compact line beside its link and button (issue 23), not a block.
        const noteBox = await note.boundingBox();
        const buttonBox = await gotIt.boundingBox();
        expect(noteBox && noteBox.height < 30).toBe(true);
        expect(noteBox && buttonBox && Math.abs(noteBox.y + noteBox.height / 2 - (buttonBox.y + buttonBox.height / 2)) < 6).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`dictation-note-${viewport.width}.png`) });
    });
  }

  test("the privacy notice says what dictation does with the voice", async ({ page }) => {
    await signedInUser(page);
    await new ChatScreen(page).goto("/");
    await page.getByRole("link", { name: "Privacy notice" }).click();
    await expect(page.getByRole("heading", { name: "Dictation", level: 2 })).toBeVisible();
    await expect(page.getByText("The microphone button uses your browser's speech service to turn your speech into text")).toContainText(
      "Chrome, for example, sends it to Google",
    );
  });
});

test.describe("the note in German", () => {
  test.use({ locale: "de-DE" });
  test.beforeEach(async ({ page }) => fakeSpeechRecognition(page));

  test("says the same, and the privacy notice too", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: "dark" });
    await signedInUser(page, { languageCode: "de" });
    await page.goto("/");
    const note = dictationNote(page, "Diktieren: Der Sprachdienst Ihres Browsers wandelt Ihre Sprache in Text um");
    await expect(note).toContainText("Chrome zum Beispiel schickt Ihre Stimme dafür an Google.");
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath("dictation-note-de-dark-390.png") });
    await page.getByRole("button", { name: "Verstanden" }).click();
    await expect(note).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("button", { name: "Diktieren" })).toBeVisible();
    await expect(note).toHaveCount(0);

    await page.goto("/datenschutzerklaerung");
    await expect(page.getByRole("heading", { name: "Diktieren", level: 2 })).toBeVisible();
    await expect(page.getByText("Die Mikrofon-Taste nutzt den Sprachdienst Ihres Browsers")).toContainText(
      "Chrome zum Beispiel schickt sie an Google",
    );
  });
});

test.describe("dictation with the Speech API", () => {
  test.beforeEach(async ({ page }) => fakeSpeechRecognition(page));

  test("listens in English and fills the input when listening stops", async ({ page }) => {
    await signedInUser(page);
    const chat = new ChatScreen(page);
    await chat.goto("/");
    const dictate = page.getByRole("button", { name: "Dictate" });
    await expect(dictate).toHaveAttribute("aria-pressed", "false");
    await dictate.click();

    const stop = page.getByRole("button", { name: "Stop dictation" });
    await expect(stop).toHaveAttribute("aria-pressed", "true");
    expect(await recognitions(page)).toEqual([{ lang: "en-US", started: true, stopped: false }]);
    // The transcript is only put in the input when listening ends.
    await expect(chat.input()).toHaveValue("");
    await stop.click();
    await expect(chat.input()).toHaveValue("my knee hurts");
    await expect(page.getByRole("button", { name: "Dictate" })).toHaveAttribute("aria-pressed", "false");
    expect((await recognitions(page))[0]?.stopped).toBe(true);
    await expect(chat.sendButton()).toBeEnabled();
  });

  test("adds the transcript to what was already typed", async ({ page }) => {
    await signedInUser(page);
    const chat = new ChatScreen(page);
    await chat.goto("/");
    await chat.input().fill("Since yesterday");
    await page.getByRole("button", { name: "Dictate" }).click();
    await page.getByRole("button", { name: "Stop dictation" }).click();
    await expect(chat.input()).toHaveValue("Since yesterday my knee hurts");
  });
});

test.describe("dictation in German", () => {
  test.use({ locale: "de-DE" });
  test.beforeEach(async ({ page }) => fakeSpeechRecognition(page));

  test("listens in German", async ({ page }) => {
    await signedInUser(page, { languageCode: "de" });
    await page.goto("/");
    const dictate = page.getByRole("button", { name: "Diktieren" });
    await expect(dictate).toHaveAttribute("aria-pressed", "false");
    await dictate.click();
    await expect(page.getByRole("button", { name: "Diktat beenden" })).toHaveAttribute("aria-pressed", "true");
    expect((await recognitions(page)).map((r) => r.lang)).toEqual(["de-DE"]);
    await page.getByRole("button", { name: "Diktat beenden" }).click();
    await expect(page.getByRole("textbox", { name: "Ihre Nachricht" })).toHaveValue("my knee hurts");
  });
});

test.describe("without the Speech API", () => {
  test("the Dictate button is not shown", async ({ page }) => {
    await page.addInitScript(() => {
      delete (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
      delete (window as { SpeechRecognition?: unknown }).SpeechRecognition;
    });
    await signedInUser(page);
    const chat = new ChatScreen(page);
    await chat.goto("/");
    expect(await page.evaluate(() => "webkitSpeechRecognition" in window || "SpeechRecognition" in window)).toBe(false);
    await expect(chat.sendButton()).toBeVisible();
    await expect(page.getByRole("button", { name: "Dictate" })).toHaveCount(0);
    await expect(dictationNote(page)).toHaveCount(0);
  });
});

const mobileUserAgents = {
  Android: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  "an iPhone":
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
};

for (const [device, userAgent] of Object.entries(mobileUserAgents)) {
  test.describe(`on ${device}`, () => {
    test.use({ userAgent });
    test.beforeEach(async ({ page }) => fakeSpeechRecognition(page));

    test("the Dictate button is not shown even though the API exists", async ({ page }) => {
      await signedInUser(page);
      const chat = new ChatScreen(page);
      await chat.goto("/");
      expect(await page.evaluate(() => "webkitSpeechRecognition" in window)).toBe(true);
      await expect(chat.sendButton()).toBeVisible();
      await expect(page.getByRole("button", { name: "Dictate" })).toHaveCount(0);
      await expect(dictationNote(page)).toHaveCount(0);
    });
  });
}

/** iPadOS Safari introduces itself as a Mac; only the platform with touch points gives it away. */
const macSafari = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
async function pretendMac(page: Page, maxTouchPoints: number) {
  await page.addInitScript((points) => {
    Object.defineProperty(Navigator.prototype, "platform", { configurable: true, get: () => "MacIntel" });
    Object.defineProperty(Navigator.prototype, "maxTouchPoints", { configurable: true, get: () => points });
  }, maxTouchPoints);
}

test.describe("with a Mac user agent", () => {
  test.use({ userAgent: macSafari });
  test.beforeEach(async ({ page }) => fakeSpeechRecognition(page));

  test("an iPad (MacIntel with touch points) gets no Dictate button", async ({ page }) => {
    await pretendMac(page, 5);
    await signedInUser(page);
    const chat = new ChatScreen(page);
    await chat.goto("/");
    expect(await page.evaluate(() => [navigator.platform, navigator.maxTouchPoints, "webkitSpeechRecognition" in window])).toEqual([
      "MacIntel",
      5,
      true,
    ]);
    await expect(chat.sendButton()).toBeVisible();
    await expect(page.getByRole("button", { name: "Dictate" })).toHaveCount(0);
  });

  test("a real Mac (no touch points) keeps it", async ({ page }) => {
    await pretendMac(page, 0);
    await signedInUser(page);
    const chat = new ChatScreen(page);
    await chat.goto("/");
    await expect(page.getByRole("button", { name: "Dictate" })).toBeVisible();
  });
});
