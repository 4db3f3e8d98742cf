import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AppBar } from "../components/AppBar";
import { PublicHeader } from "../components/PublicHeader";
import { useSession } from "../hooks/use-session";

/** An address that matches no page: a plain, localized page inside the app's own header (issue 23). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  return (
    <>
      {session ? <AppBar /> : <PublicHeader />}
      <main id="main" className="page narrow">
        <h1>{t("errors.notFoundTitle")}</h1>
        <p>{t("errors.notFoundText")}</p>
        <Link to="/" className="button button-primary">
          {t("errors.goHome")}
        </Link>
      </main>
    </>
  );
}
