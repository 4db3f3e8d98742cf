import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ChatIllustration } from "../components/ChatIllustration";
import { PublicHeader } from "../components/PublicHeader";
import { useSiteConfig } from "../hooks/use-public-config";
import { currentLanguage } from "../i18n";
import { useInstallPrompt } from "../lib/install-prompt";

export function LandingPage() {
  const { t } = useTranslation();
  const { data: site } = useSiteConfig();
  const install = useInstallPrompt();
  const surveyUrl = site?.surveyUrls[currentLanguage()] ?? site?.surveyUrls.en;
  return (
    <div className="landing">
      <PublicHeader />
      <main id="main">
        <section className="hero">
          <div className="hero-text">
            <h1>{t("landing.title")}</h1>
            <p className="headline">{t("landing.headline")}</p>
            <p>{t("landing.lead")}</p>
            <div className="hero-actions">
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
        <section className="landing-section">
          <h2>{t("landing.whatTitle")}</h2>
          <p>{t("landing.whatText")}</p>
        </section>
        <section className="landing-section">
          <h2>{t("landing.researchTitle")}</h2>
          <p>{t("landing.researchText")}</p>
          {surveyUrl && (
            <a href={surveyUrl} target="_blank" rel="noopener noreferrer" className="text-link">
              {t("landing.survey")}
            </a>
          )}
        </section>
      </main>
      <footer className="site-footer">
        <p>{t("landing.footer")}</p>
        <Link to="/datenschutzerklaerung">{t("common.privacy")}</Link>
      </footer>
    </div>
  );
}
