import { initReactI18next } from "react-i18next";
import { languages } from "../../shared/values";
import { de } from "./de";
import { en } from "./en";
import { i18n } from "./index";

/** The app's texts for the pages the server renders: both languages at hand, none detected or loaded later. */
export function initServerI18n() {
  return i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, de: { translation: de } },
    lng: "en",
    supportedLngs: [...languages],
    fallbackLng: "en",
    interpolation: { escapeValue: false },
  });
}
