import type { LanguageDetectorModule } from "i18next";

// The key the language shown last is kept under on this device (the same key the app always used).
const storageKey = "language";

/** The storage may be refused (blocked cookies, some private modes): then the browser's languages decide. */
function savedLanguage(): string[] {
  try {
    const saved = localStorage.getItem(storageKey);
    return saved ? [saved] : [];
  } catch {
    return [];
  }
}

/**
 * The language shown last on this device, then the browser's languages in their order of preference; i18next
 * takes the first it supports (spec section 1: German when that is "de…", otherwise English).
 */
export const languageDetector: LanguageDetectorModule = {
  type: "languageDetector",
  detect: () => [...savedLanguage(), ...(navigator.languages?.length ? navigator.languages : [navigator.language])],
  cacheUserLanguage(language) {
    try {
      localStorage.setItem(storageKey, language);
    } catch {
      // Not kept: the next visit detects the language again.
    }
  },
};
