import { useTranslation } from "react-i18next";

/** Only on paper (see @media print): the day it was printed, under the chat's title. */
export function PrintDate() {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "long" }).format(new Date());
  return <p className="print-only print-date">{t("chat.printedOn", { date })}</p>;
}

/** Only on paper: the whole medical disclaimer after the conversation (the screen keeps it under the input). */
export function PrintDisclaimer({ number }: { number: string }) {
  const { t } = useTranslation();
  return <p className="print-only print-disclaimer">{t("common.disclaimer", { number })}</p>;
}
