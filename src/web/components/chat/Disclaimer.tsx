import { useTranslation } from "react-i18next";
import styles from "./Disclaimer.module.css";

/**
 * The medical disclaimer under the input, with the deployment's emergency number. Wide screens show it whole; on a phone it is one line (not advice, the
 * emergency number) that opens to the whole text, so the conversation keeps the screen (issue 23).
 */
export function Disclaimer({ number }: { number: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className={`${styles.disclaimer} ${styles.disclaimerFull}`}>{t("common.disclaimer", { number })}</p>
      <details className={`${styles.disclaimer} ${styles.disclaimerCompact}`}>
        <summary>
          <span>{t("chat.disclaimerShort", { number })}</span> <span className={styles.disclaimerMore}>{t("chat.disclaimerMore")}</span>
        </summary>
        <p>{t("common.disclaimer", { number })}</p>
      </details>
    </>
  );
}
