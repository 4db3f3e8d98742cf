import { useTranslation } from "react-i18next";
import { CloseIcon } from "./chat/icons";

export interface NotificationMessage {
  kind: "success" | "error";
  text: string;
}

/** A closable notification at the bottom of the screen (spec: after deleting chats). */
export function Notification({ message, onClose }: { message: NotificationMessage | null; onClose: () => void }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <div className={`notification notification-${message.kind}`} role={message.kind === "error" ? "alert" : "status"}>
      <span>{message.text}</span>
      <button type="button" className="icon-button" onClick={onClose} aria-label={t("common.close")}>
        <CloseIcon />
      </button>
    </div>
  );
}
