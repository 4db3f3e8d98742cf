import i18n from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { initReactI18next } from "react-i18next";
import type { Language } from "../../shared/schemas/profile";
import { languages } from "../../shared/values";
import { de } from "./de";
import { en } from "./en";

export const resources = { en: { translation: en }, de: { translation: de } } as const;

/** German when the browser language starts with "de", otherwise English (spec section 1). */
export function initI18n() {
  return i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources,
      supportedLngs: [...languages],
      nonExplicitSupportedLngs: true,
      load: "languageOnly",
      fallbackLng: "en",
      interpolation: { escapeValue: false },
      detection: { order: ["localStorage", "navigator"], caches: ["localStorage"], lookupLocalStorage: "language" },
    });
}

export function currentLanguage(): Language {
  return i18n.resolvedLanguage === "de" ? "de" : "en";
}

export { i18n };
