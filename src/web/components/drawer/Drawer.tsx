import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useMatch } from "react-router";
import { useModalDialog } from "../../hooks/use-modal-dialog";
import { useProfile } from "../../hooks/use-profile";
import { useSession } from "../../hooks/use-session";
import { CloseIcon } from "../chat/icons";
import { Notification } from "../Notification";
import { useSurveyUrl } from "../SurveyBanner";
import { useShell } from "../shell/ShellContext";
import { ChatHistory } from "./ChatHistory";
import styles from "./drawer.module.css";

interface Props {
  open: boolean;
  onClose: () => void;
}

/** The menu: New Chat, the chat history, Survey, Share, Privacy, Account and (for operators) the research dashboard. */
export function Drawer({ open, onClose }: Props) {
  const { notification, notify, setPrintRequested } = useShell();
  // Only a saved chat can be printed: the menu offers it on a chat's own address.
  const onChat = useMatch("/chats/:id");
  const { t } = useTranslation();
  const { data: session } = useSession();
  const { data: profile } = useProfile();
  const surveyUrl = useSurveyUrl();
  const ref = useRef<HTMLDialogElement>(null);
  const [linkCopied, setLinkCopied] = useState(false);

  useModalDialog(ref, open);

  const share = async () => {
    const data = { title: t("common.appName"), text: t("chat.shareText"), url: window.location.origin };
    if (navigator.share) {
      await navigator.share(data).catch((error: unknown) => console.info("share cancelled", error));
    } else {
      await navigator.clipboard.writeText(data.url);
      setLinkCopied(true);
    }
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; the keyboard has Escape and the close button
    <dialog
      ref={ref}
      className={styles.drawer}
      aria-label={t("common.menu")}
      // React passes a nested dialog's close event (the delete confirmation's) up to here: only our own closes the menu.
      onClose={(e) => e.target === ref.current && onClose()}
      onClick={(e) => e.target === ref.current && onClose()}
    >
      <div className={styles.panel}>
        <div className={styles.header}>
          <span className={styles.title}>{t("common.menu")}</span>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t("common.close")}>
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={t("common.mainNavigation")}>
          <Link to="/" className={`${styles.item} ${styles.primary}`} onClick={onClose}>
            {t("common.newChat")}
          </Link>
          {onChat && (
            <button
              type="button"
              className={styles.item}
              onClick={() => {
                onClose();
                setPrintRequested(true);
              }}
            >
              {t("chat.print")}
            </button>
          )}
          <ChatHistory onNavigate={onClose} notify={notify} scrollRoot={ref} />
          {surveyUrl && (
            <a href={surveyUrl} target="_blank" rel="noopener noreferrer" className={styles.item}>
              {t("chat.survey")}
            </a>
          )}
          <button type="button" className={styles.item} onClick={share}>
            {t("chat.share")}
          </button>
          {linkCopied && (
            <p className="muted small" role="status">
              {t("chat.linkCopied")}
            </p>
          )}
          <Link to="/datenschutzerklaerung" className={styles.item} onClick={onClose}>
            {t("common.privacy")}
          </Link>
          {session && (
            <Link to={`/Account/${session.user.id}`} className={styles.item} onClick={onClose}>
              {t("common.account")}
            </Link>
          )}
          {profile?.isOperator && (
            <Link to="/operator" className={styles.item} onClick={onClose}>
              {t("common.researchDashboard")}
            </Link>
          )}
        </nav>
        <Notification message={notification} onClose={() => notify(null)} inMenu />
      </div>
    </dialog>
  );
}
