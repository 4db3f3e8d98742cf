import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSession } from "../hooks/use-session";
import styles from "./AppBar.module.css";
import { MenuIcon } from "./chat/icons";
import { Logo } from "./Logo";
import { useShell } from "./shell/ShellContext";
import { VerifyEmailBanner } from "./VerifyEmailBanner";

/**
 * The signed-in app bar: the name (to a new chat) and the menu button that opens the drawer; below it, until
 * the e-mail address is confirmed, the reminder to confirm it. The chat screen makes it sticky (`className`).
 */
export function AppBar({ ref, className }: { ref?: Ref<HTMLElement>; className?: string }) {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const { drawerOpen, setDrawerOpen } = useShell();
  if (!session) return null;
  return (
    <>
      <header className={className ? `${styles.appBar} ${className}` : styles.appBar} ref={ref}>
        <Link to="/" className={styles.brand}>
          <Logo size={32} />
          <span>{t("common.appName")}</span>
        </Link>
        <button
          type="button"
          className={`icon-button ${styles.menuButton}`}
          aria-label={t("common.menu")}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          <MenuIcon />
        </button>
      </header>
      <VerifyEmailBanner />
    </>
  );
}
