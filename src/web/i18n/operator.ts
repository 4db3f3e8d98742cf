import { i18n } from "./index";
import { operatorDe } from "./operator-de";
import { operatorEn } from "./operator-en";

/** Adds the dashboard's texts (under `operator.`) to both languages; the dashboard's page calls it when it loads. */
export function addOperatorTexts() {
  i18n.addResourceBundle("en", "translation", { operator: operatorEn }, true, false);
  i18n.addResourceBundle("de", "translation", { operator: operatorDe }, true, false);
}
