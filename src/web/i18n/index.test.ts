import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { de } from "./de";
import { en } from "./en";
import { operatorDe } from "./operator-de";

/** The browser's language list and this device's storage, as the detector reads them. */
function browser(languages: string[], saved?: string) {
  const storage = new Map<string, string>(saved ? [["language", saved]] : []);
  vi.stubGlobal("navigator", { languages, language: languages[0] });
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
  });
  return storage;
}

// Each test starts from a fresh module, so from a fresh i18next instance with nothing loaded.
async function startApp() {
  const module = await import("./index");
  await module.initI18n();
  return module;
}

beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

describe("interface language", () => {
  it("shows English without loading German", async () => {
    browser(["en-GB", "de"]);
    const { i18n, currentLanguage } = await startApp();
    expect(currentLanguage()).toBe("en");
    expect(i18n.t("account.deleteAccount")).toBe(en.account.deleteAccount);
    expect(i18n.hasResourceBundle("de", "translation")).toBe(false);
  });

  it("has German loaded before the first screen when the browser prefers it, and keeps that choice", async () => {
    const storage = browser(["de-AT", "en"]);
    const { i18n, currentLanguage } = await startApp();
    expect(currentLanguage()).toBe("de");
    expect(i18n.t("account.deleteAccount")).toBe(de.account.deleteAccount);
    expect(storage.get("language")).toBe("de-AT");
  });

  it("prefers the language kept on this device over the browser's", async () => {
    browser(["en-US"], "de");
    const { currentLanguage } = await startApp();
    expect(currentLanguage()).toBe("de");
  });

  it("stays in English while German loads, then switches at once", async () => {
    const storage = browser(["en"]);
    const { i18n, currentLanguage } = await startApp();
    const switching = i18n.changeLanguage("de");
    expect(currentLanguage()).toBe("en");
    await switching;
    expect(currentLanguage()).toBe("de");
    expect(i18n.t("common.skipToContent")).toBe(de.common.skipToContent);
    expect(storage.get("language")).toBe("de");
  });

  it("keeps a lazy page's German texts that arrive before German itself, along with the rest of German", async () => {
    browser(["en"]);
    const { i18n, addTexts } = await startApp();
    addTexts("de", { operator: operatorDe });
    await i18n.changeLanguage("de");
    expect(i18n.t("operator.title")).toBe(operatorDe.title);
    expect(i18n.t("account.deleteAccount")).toBe(de.account.deleteAccount);
  });
});
