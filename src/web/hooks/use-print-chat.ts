import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useShell } from "../components/shell/ShellContext";
import { useOlderMessages } from "./use-chats";

/**
 * When the menu asks for a print: loads the chat's older pages first, so the printout holds every question and
 * answer, then opens the browser's print dialog (where "Save as PDF" is one of the printers).
 */
export function usePrintChat({ chatId, olderBefore }: { chatId: string | undefined; olderBefore: number | null | undefined }) {
  const { t } = useTranslation();
  const { printRequested, setPrintRequested, notify } = useShell();
  const { mutate, reset, isPending, isError } = useOlderMessages(chatId);
  useEffect(() => {
    if (!printRequested || isPending) return;
    if (isError) {
      // Half a chat is no record for a doctor: say so instead, and let the next request try again.
      setPrintRequested(false);
      reset();
      notify({ kind: "error", text: t("chat.olderMessagesError") });
    } else if (olderBefore != null) {
      mutate(olderBefore);
    } else {
      setPrintRequested(false);
      window.print();
    }
  }, [printRequested, isPending, isError, olderBefore, mutate, reset, setPrintRequested, notify, t]);
}
