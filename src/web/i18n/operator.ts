import { addTexts } from "./index";
import { operatorDe } from "./operator-de";
import { operatorEn } from "./operator-en";

/** Adds the dashboard's texts (under `operator.`) to both languages; the dashboard's page calls it when it loads. */
export function addOperatorTexts() {
  addTexts("en", { operator: operatorEn });
  addTexts("de", { operator: operatorDe });
}
