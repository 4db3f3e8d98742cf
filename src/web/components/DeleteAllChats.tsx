import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteAllChats } from "../hooks/use-chats";
import { ConfirmDialog } from "./ConfirmDialog";
import { Notification, type NotificationMessage } from "./Notification";

/** "Delete all chats" with a confirmation and the spec's notifications (account and privacy pages). */
export function DeleteAllChats() {
  const { t } = useTranslation();
  const deleteAll = useDeleteAllChats();
  const [confirming, setConfirming] = useState(false);
  const [notification, setNotification] = useState<NotificationMessage | null>(null);
  const confirm = () =>
    deleteAll.mutate(undefined, {
      onSuccess: () => setNotification({ kind: "success", text: t("chat.chatsDeleted") }),
      onError: (error) => {
        console.error("Error deleting chats", error);
        setNotification({ kind: "error", text: t("chat.chatsDeleteError") });
      },
      onSettled: () => setConfirming(false),
    });
  return (
    <>
      <p>{t("chat.deleteAllChatsText")}</p>
      <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
        {t("chat.deleteAllChats")}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t("account.confirmDeleteTitle")}
        text={t("chat.confirmDeleteChatsText")}
        busy={deleteAll.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
      <Notification message={notification} onClose={() => setNotification(null)} />
    </>
  );
}
