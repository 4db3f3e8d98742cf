import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AppBar } from "../components/AppBar";
import { LanguageSelect } from "../components/LanguageSelect";
import { useSiteConfig } from "../hooks/use-public-config";

export function ExplanationPage() {
  const { t } = useTranslation();
  const { data: site } = useSiteConfig();
  return (
    <>
      <AppBar />
      <main id="main" className="page narrow">
        <h1>{t("explanation.title")}</h1>
        <div className="card prose">
          <p>{t("explanation.p1")}</p>
          <p>{t("explanation.p2")}</p>
          {site && <p>{t("explanation.p3", { number: site.emergency.number })}</p>}
          <p>{t("explanation.p4")}</p>
          {site?.authors && <p className="muted">{t("explanation.authors", { authors: site.authors })}</p>}
        </div>
        <LanguageSelect />
        <Link to="/" className="button button-primary button-block">
          {t("common.continue")}
        </Link>
      </main>
    </>
  );
}
