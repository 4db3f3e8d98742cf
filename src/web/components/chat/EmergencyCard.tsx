import { useId } from "react";
import { useTranslation } from "react-i18next";
import { crisisLineLabel, telHref } from "../../../shared/emergency";
import type { SiteConfig } from "../../../shared/schemas/site-config";
import { type RedFlagCategory, redFlagCategories, SELF_HARM } from "../../../shared/values";
import { useSiteConfig } from "../../hooks/use-public-config";
import styles from "./EmergencyCard.module.css";

/** The element id of a card: a refused send's, or the one under a user message. */
export const cardElementId = (key: string) => `emergency-${key}`;

/** The category the card's heading names: self-harm first (it brings the crisis line), then display order. */
export function headlineCategory(categories: RedFlagCategory[]): RedFlagCategory | undefined {
  if (categories.includes(SELF_HARM)) return SELF_HARM;
  return redFlagCategories.find((category) => categories.includes(category));
}

/** The tel: buttons of the card and the call bar: the crisis line first for self-harm, then the emergency number. */
export function CallButtons({
  emergency,
  crisis,
  className,
}: {
  emergency: SiteConfig["emergency"];
  crisis: boolean;
  /** The call bar's smaller size. */
  className?: string;
}) {
  const button = `button ${styles.buttonEmergency}${className ? ` ${className}` : ""}`;
  const { t } = useTranslation();
  return (
    <>
      {crisis && emergency.crisisLine && (
        <a className={button} href={telHref(emergency.crisisLine.number)}>
          {t("emergency.callCrisisLine", { line: crisisLineLabel(emergency.crisisLine) })}
        </a>
      )}
      <a className={button} href={telHref(emergency.number)}>
        {t("emergency.call", { number: emergency.number })}
      </a>
    </>
  );
}

/**
 * Shown above the reply when a message reads like an emergency, headed by what it seems to be about; for
 * self-harm it adds the crisis line. The numbers are the deployment's (EMERGENCY_REGION), never the browser's.
 */
export function EmergencyCard({ categories, id }: { categories: RedFlagCategory[]; id?: string }) {
  const { t } = useTranslation();
  const { data: site } = useSiteConfig();
  const titleId = useId();
  const headline = headlineCategory(categories);
  if (!headline || !site) return null;
  const { number, crisisLine } = site.emergency;
  const selfHarm = headline === SELF_HARM;
  const text = !selfHarm ? "emergency.text" : crisisLine ? "emergency.selfHarmText" : "emergency.selfHarmTextNoLine";
  return (
    <aside className={styles.emergencyCard} role="alert" aria-labelledby={titleId} id={id}>
      <h2 id={titleId}>{t(`emergency.headings.${headline}`)}</h2>
      <p>{t(text, { number })}</p>
      <div className={styles.emergencyActions} data-emergency-actions="">
        <CallButtons emergency={site.emergency} crisis={selfHarm} />
      </div>
    </aside>
  );
}
