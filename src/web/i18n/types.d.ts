import "i18next";
import type { en } from "./en";
import type { operatorEn } from "./operator-en";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    // The dashboard's texts are added when its page loads (operator.ts).
    resources: { translation: typeof en & { operator: typeof operatorEn } };
  }
}
