import { useTranslation } from "react-i18next";
import { Link, useMatch } from "react-router";
import { useSession } from "../hooks/use-session";
import { Logo } from "./Logo";
import styles from "./PublicHeader.module.css";

/** Header of the public pages: the name and a sign-in link, except when signed in or on the sign-in page itself. */
export function PublicHeader() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  // A link to the page one is on only sends people round in a circle (issue 23).
  const onSignIn = useMatch("/signIn");
  return (
    <header className={styles.publicHeader}>
      <Link to="/" className={styles.brand}>
        <Logo size={36} />
        <span>{t("common.appName")}</span>
      </Link>
      {session || onSignIn ? null : (
        <Link to="/signIn" className="button button-secondary">
          {t("common.signIn")}
        </Link>
      )}
    </header>
  );
}
