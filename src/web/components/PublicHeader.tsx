import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSession } from "../hooks/use-session";
import { Logo } from "./Logo";

/** Header of the public pages: the name and a sign-in link (or the way back into the app). */
export function PublicHeader() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  return (
    <header className="public-header">
      <Link to="/" className="brand">
        <Logo size={36} />
        <span>{t("common.appName")}</span>
      </Link>
      {session ? null : (
        <Link to="/signIn" className="button button-secondary">
          {t("common.signIn")}
        </Link>
      )}
    </header>
  );
}
