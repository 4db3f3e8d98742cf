import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
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
