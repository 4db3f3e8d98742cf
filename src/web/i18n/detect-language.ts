import type { LanguageDetectorModule } from "i18next";
import { readStored, store } from "../lib/device-storage";

// The key the language shown last is kept under on this device (the same key the app always used), and the
// cookie that tells the server the same, so a page it renders (the landing page) is in that language too.
const storageKey = "language";
const cookieMaxAgeSeconds = 365 * 24 * 60 * 60;

/** Without a saved language (or storage), the browser's languages decide. */
function savedLanguage(): string[] {
  const saved = readStored(storageKey);
  return saved ? [saved] : [];
}

/** The language a page rendered by the server for a signed-in user is in (their profile's), so the app goes on in it. */
function pageLanguage(): string[] {
  const language = typeof document === "undefined" ? undefined : document.documentElement.dataset.language;
  return language ? [language] : [];
}

function keepInCookie(language: string) {
  if (typeof document === "undefined") return;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the app supports
  document.cookie = `${storageKey}=${encodeURIComponent(language)}; Path=/; Max-Age=${cookieMaxAgeSeconds}; SameSite=Lax${secure}`;
}

/**
 * The language of the page the server rendered for a signed-in user, the language shown last on this device, then
 * the browser's languages in their order of preference; i18next takes the first it supports (spec section 1:
 * German when that is "de…", otherwise English). src/server/web/page-language.ts follows the same order.
 */
export const languageDetector: LanguageDetectorModule = {
  type: "languageDetector",
  detect: () => [...pageLanguage(), ...savedLanguage(), ...(navigator.languages?.length ? navigator.languages : [navigator.language])],
  cacheUserLanguage: (language) => {
    store(storageKey, language);
    keepInCookie(language);
  },
};
