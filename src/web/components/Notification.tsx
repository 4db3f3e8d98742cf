import { useTranslation } from "react-i18next";
import { CloseIcon } from "./chat/icons";
import styles from "./Notification.module.css";

export interface NotificationMessage {
  kind: "success" | "error";
  text: string;
}

interface Props {
  message: NotificationMessage | null;
  onClose: () => void;
  /** In the page's flow (the chat screen's footer) rather than floating over the bottom of the screen. */
  inline?: boolean;
  /** In the open menu's panel (the drawer), not over the dimmed page beside it. */
  inMenu?: boolean;
}

/** A closable notification (spec: after deleting chats), floating at the bottom or in the page's flow. */
export function Notification({ message, onClose, inline = false, inMenu = false }: Props) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <div
      className={[
        styles.notification,
        message.kind === "error" ? styles.notificationError : styles.notificationSuccess,
        inline && styles.notificationInline,
        inMenu && styles.notificationInMenu,
      ]
        .filter(Boolean)
        .join(" ")}
      role={message.kind === "error" ? "alert" : "status"}
    >
      <span>{message.text}</span>
      <button type="button" className="icon-button" onClick={onClose} aria-label={t("common.close")}>
        <CloseIcon />
      </button>
    </div>
  );
}
