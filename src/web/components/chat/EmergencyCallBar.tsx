import { useTranslation } from "react-i18next";
import { type RedFlagCategory, SELF_HARM } from "../../../shared/values";
import { useSiteConfig } from "../../hooks/use-public-config";
import styles from "./EmergencyCallBar.module.css";
import { CallButtons, headlineCategory } from "./EmergencyCard";
import { CloseIcon } from "./icons";

/**
 * The card's call buttons, pinned above the input while the card itself is out of view (a long reply pushed it
 * up), so that calling never needs a search; the user may hide it.
 */
export function EmergencyCallBar({ categories, onDismiss }: { categories: RedFlagCategory[]; onDismiss: () => void }) {
  const { t } = useTranslation();
  const { data: site } = useSiteConfig();
  const headline = headlineCategory(categories);
  if (!site || !headline) return null;
  return (
    <section className={styles.emergencyCallBar} aria-label={t("emergency.callBar")}>
      {/* What the numbers are for, where there is room (a phone has the card's buttons only). */}
      <p className={styles.emergencyCallBarTitle}>{t(`emergency.headings.${headline}`)}</p>
      <div className={styles.emergencyCallBarActions}>
        <CallButtons emergency={site.emergency} crisis={headline === SELF_HARM} className={styles.callButton} />
      </div>
      <button type="button" className="icon-button" onClick={onDismiss} aria-label={t("emergency.hideCallBar")}>
        <CloseIcon />
      </button>
    </section>
  );
}
