import { useId } from "react";
import { useTranslation } from "react-i18next";
import { type RedFlagCategory, SELF_HARM } from "../../../shared/values";
import { useSiteConfig } from "../../hooks/use-public-config";
import { currentLanguage } from "../../i18n";

const telHref = (text: string) => `tel:${text.replace(/[^\d+]/g, "")}`;

/** Shown above the reply when a message reads like an emergency; for self-harm it adds a crisis line. */
export function EmergencyCard({ categories }: { categories: RedFlagCategory[] }) {
  const { t } = useTranslation();
  const { data: site } = useSiteConfig();
  const titleId = useId();
  if (categories.length === 0 || !site) return null;
  const us = navigator.language === "en-US";
  const number = us ? site.emergency.numberUs : site.emergency.number;
  const crisisLine = us
    ? site.emergency.crisisLineUs
    : currentLanguage() === "de"
      ? site.emergency.crisisLineDe
      : site.emergency.crisisLineEn;
  const selfHarm = categories.includes(SELF_HARM);
  return (
    <aside className="emergency-card" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId}>{selfHarm ? t("emergency.selfHarmTitle") : t("emergency.title")}</h2>
      <p>{selfHarm ? t("emergency.selfHarmText") : t("emergency.text")}</p>
      <div className="emergency-actions">
        {selfHarm && (
          <a className="button button-emergency" href={telHref(crisisLine)}>
            {t("emergency.callCrisisLine", { line: crisisLine })}
          </a>
        )}
        <a className="button button-emergency" href={telHref(number)}>
          {t("emergency.call", { number })}
        </a>
      </div>
    </aside>
  );
}
