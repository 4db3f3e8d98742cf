import { useTranslation } from "react-i18next";
import { CloseIcon } from "./chat/icons";

export interface NotificationMessage {
  kind: "success" | "error";
  text: string;
}

interface Props {
  message: NotificationMessage | null;
  onClose: () => void;
  /** In the page's flow (the chat screen's footer) rather than floating over the bottom of the screen. */
  inline?: boolean;
}

/** A closable notification (spec: after deleting chats), floating at the bottom or in the page's flow. */
export function Notification({ message, onClose, inline = false }: Props) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <div
      className={`notification notification-${message.kind}${inline ? " notification-inline" : ""}`}
      role={message.kind === "error" ? "alert" : "status"}
    >
      <span>{message.text}</span>
      <button type="button" className="icon-button" onClick={onClose} aria-label={t("common.close")}>
        <CloseIcon />
      </button>
    </div>
  );
}
