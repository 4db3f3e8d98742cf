import { useTranslation } from "react-i18next";
import styles from "./ChatIllustration.module.css";

/** A drawing of a conversation for the landing page; it is labelled as an illustration, not a real chat. */
export function ChatIllustration() {
  const { t } = useTranslation();
  return (
    <figure className={styles.chatIllustration} aria-label={t("landing.illustrationAlt")}>
      <div className={`${styles.bubble} ${styles.bubbleUser}`} aria-hidden="true">
        {t("landing.illustrationQuestion")}
      </div>
      <div className={`${styles.bubble} ${styles.bubbleAssistant}`} aria-hidden="true">
        {t("landing.illustrationAnswer")}
      </div>
    </figure>
  );
}
