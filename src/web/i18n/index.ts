import { type BackendModule, createInstance, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "../../shared/schemas/profile";
import { languages } from "../../shared/values";
import { languageDetector } from "./detect-language";
import { en } from "./en";

/** The app's i18next instance (its own, so each test that imports this module afresh starts from scratch). */
export const i18n = createInstance();

// English is in the app's code: it is the fallback, and most people read it. German is a chunk of its own that
// only those who read German load, before the first screen or before a switch shows it (so English never
// flashes up in between).
const loadOnDemand: Record<string, (() => Promise<ResourceKey>) | undefined> = {
  de: () => import("./de").then((module) => module.de),
};

// Sections a lazily loaded page added to a language that had not loaded yet: a bundle that held only them
// would count as loaded, so they wait and join the language's own texts when those arrive.
const waitingSections = new Map<string, ResourceKey[]>();

const onDemandBackend: BackendModule = {
  type: "backend",
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    const load = loadOnDemand[language];
    if (!load) return callback(null, {});
    load().then(
      (texts) => {
        const sections = waitingSections.get(language) ?? [];
        waitingSections.delete(language);
        callback(null, Object.assign({}, texts, ...sections));
      },
      // Not retried; the texts fall back to English and the next page load tries again.
      (error: Error) => callback(error, false),
    );
  },
};

/** Adds whole sections of texts (e.g. the dashboard's `operator`) to a language, now or once it has loaded. */
export function addTexts(language: Language, sections: ResourceKey) {
  if (i18n.hasResourceBundle(language, "translation") || !loadOnDemand[language]) {
    i18n.addResourceBundle(language, "translation", sections, true, false);
  } else {
    waitingSections.set(language, [...(waitingSections.get(language) ?? []), sections]);
  }
}

/** German when the saved or browser language starts with "de", otherwise English (spec section 1). */
export function initI18n() {
  return i18n
    .use(languageDetector)
    .use(onDemandBackend)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      supportedLngs: [...languages],
      nonExplicitSupportedLngs: true,
      load: "languageOnly",
      fallbackLng: "en",
      interpolation: { escapeValue: false },
    });
}

export function currentLanguage(): Language {
  return i18n.resolvedLanguage === "de" ? "de" : "en";
}
