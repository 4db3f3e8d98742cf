import { useLayoutEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { ChatIllustration } from "../components/ChatIllustration";
import { Notification } from "../components/Notification";
import { PublicHeader } from "../components/PublicHeader";
import { useSiteConfig } from "../hooks/use-public-config";
import { currentLanguage } from "../i18n";
import { useInstallPrompt } from "../lib/install-prompt";
import styles from "./LandingPage.module.css";

/** What the account page passes along when it sends a signed-out user here, so the landing page can confirm it. */
export interface FarewellState {
  farewell: "signedOut" | "accountDeleted";
}

export function LandingPage() {
  const { t } = useTranslation();
  const { state, key } = useLocation();
  const [farewell, setFarewell] = useState((state as FarewellState | null)?.farewell ?? null);
  // Reached from the foot of the account page, it would otherwise open scrolled to the bottom (issue 23). Not on
  // the first page loaded ("default"), whose place is the browser's: the server's markup may have been scrolled.
  const navigated = key !== "default";
  useLayoutEffect(() => {
    if (navigated) window.scrollTo(0, 0);
  }, [navigated]);
  const { data: site } = useSiteConfig();
  const install = useInstallPrompt();
  const surveyUrl = site?.surveyUrls[currentLanguage()] ?? site?.surveyUrls.en;
  return (
    <div className="landing">
      <PublicHeader />
      <main id="main">
        {farewell && (
          <div className={`${styles.landingSection} ${styles.landingFarewell}`}>
            <Notification
              inline
              message={{ kind: "success", text: t(farewell === "signedOut" ? "landing.signedOut" : "landing.accountDeleted") }}
              onClose={() => setFarewell(null)}
            />
          </div>
        )}
        <section className={styles.hero}>
          <div className="hero-text">
            <h1>{t("landing.title")}</h1>
            <p className={styles.headline}>{t("landing.headline")}</p>
            <p>{t("landing.lead")}</p>
            <div className={styles.heroActions}>
              <Link to="/signUp" className="button button-primary button-large">
                {t("landing.tryFree")}
              </Link>
              {site?.appDownloadUrl && (
                <a href={site.appDownloadUrl} className="button button-secondary button-large" rel="noopener">
                  {t("landing.downloadApp")}
                </a>
              )}
              {/* Without a store app, the browser's own install of this web app takes its place. */}
              {site && !site.appDownloadUrl && install && (
                <button type="button" className="button button-secondary button-large" onClick={install}>
                  {t("landing.installApp")}
                </button>
              )}
            </div>
          </div>
          <ChatIllustration />
        </section>
        <section className={styles.landingSection}>
          <h2>{t("landing.whatTitle")}</h2>
          <p>{t("landing.whatText")}</p>
        </section>
        <section className={styles.landingSection}>
          <h2>{t("landing.researchTitle")}</h2>
          <p>{t("landing.researchText")}</p>
          {surveyUrl && (
            <a href={surveyUrl} target="_blank" rel="noopener noreferrer" className="text-link">
              {t("landing.survey")}
            </a>
          )}
        </section>
      </main>
      <footer className={styles.siteFooter}>
        <p>{site && t("landing.footer", { number: site.emergency.number })}</p>
        <Link to="/datenschutzerklaerung">{t("common.privacy")}</Link>
      </footer>
    </div>
  );
}
