import { useTranslation } from "react-i18next";
import { useSiteConfig } from "../hooks/use-public-config";
import { currentLanguage } from "../i18n";
import styles from "./SurveyBanner.module.css";

/** The banner at the top linking to the anonymous survey in the interface language. */
export function SurveyBanner() {
  const { t } = useTranslation();
  const url = useSurveyUrl();
  if (!url) return null;
  return (
    <div className={styles.surveyBanner}>
      <a href={url} target="_blank" rel="noopener noreferrer">
        {t("chat.surveyBanner")}
      </a>
    </div>
  );
}

export function useSurveyUrl(): string | undefined {
  const { data: site } = useSiteConfig();
  return site?.surveyUrls[currentLanguage()] ?? site?.surveyUrls.en;
}
