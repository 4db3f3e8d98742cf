import { useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";

/**
 * Only on paper (see @media print): the day it was printed, under the chat's title. Formatted when printing starts,
 * not with the chat: a page's first date format loads ICU's data, about 65 ms of a phone's CPU before the first paint.
 */
export function PrintDate() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const [date, setDate] = useState<string | null>(null);
  useEffect(() => {
    const print = matchMedia("print");
    // In the DOM before the print's layout: beforeprint's listeners run just before it.
    const update = () => flushSync(() => setDate(new Intl.DateTimeFormat(language, { dateStyle: "long" }).format(new Date())));
    const onChange = () => print.matches && update();
    window.addEventListener("beforeprint", update);
    // Print media without a print (a browser's or a test's emulation) has no beforeprint.
    print.addEventListener("change", onChange);
    return () => {
      window.removeEventListener("beforeprint", update);
      print.removeEventListener("change", onChange);
    };
  }, [language]);
  return <p className="print-only print-date">{date && t("chat.printedOn", { date })}</p>;
}

/** Only on paper: the whole medical disclaimer after the conversation (the screen keeps it under the input). */
export function PrintDisclaimer({ number }: { number: string }) {
  const { t } = useTranslation();
  return <p className="print-only print-disclaimer">{t("common.disclaimer", { number })}</p>;
}
