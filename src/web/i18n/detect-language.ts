import type { LanguageDetectorModule } from "i18next";
import { readStored, store } from "../lib/device-storage";

// The key the language shown last is kept under on this device (the same key the app always used).
const storageKey = "language";

/** Without a saved language (or storage), the browser's languages decide. */
function savedLanguage(): string[] {
  const saved = readStored(storageKey);
  return saved ? [saved] : [];
}

/**
 * The language shown last on this device, then the browser's languages in their order of preference; i18next
 * takes the first it supports (spec section 1: German when that is "de…", otherwise English).
 */
export const languageDetector: LanguageDetectorModule = {
  type: "languageDetector",
  detect: () => [...savedLanguage(), ...(navigator.languages?.length ? navigator.languages : [navigator.language])],
  cacheUserLanguage: (language) => store(storageKey, language),
};
