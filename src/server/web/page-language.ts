import { type Language, languages } from "../../shared/values";
import { cookieValues } from "../http/cookies";

/** The cookie the web app keeps the language shown last in (src/web/i18n/detect-language.ts). */
const languageCookie = "language";

const supported = (tag: string): Language | undefined => languages.find((language) => language === tag.trim().toLowerCase().split("-")[0]);

/** The languages of an Accept-Language header, most preferred first (a q of 0 is a refusal). */
function acceptedLanguages(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, order) => {
      const [tag = "", ...params] = part.split(";");
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), order };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map(({ tag }) => tag);
}

/**
 * The language a signed-out page is in, as the web app picks it: the one shown last in this browser, then the
 * browser's languages in order, the first of them the app has; English otherwise.
 */
export function pageLanguage(headers: Headers): Language {
  const candidates = [...cookieValues(headers.get("cookie"), languageCookie), ...acceptedLanguages(headers.get("accept-language"))];
  for (const candidate of candidates) {
    const language = supported(candidate);
    if (language) return language;
  }
  return "en";
}
