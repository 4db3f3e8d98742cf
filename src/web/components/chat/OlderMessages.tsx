import { type RefObject, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useOlderMessages } from "../../hooks/use-chats";
import { useOnVisible } from "../../hooks/use-on-visible";
import styles from "./OlderMessages.module.css";

interface Props {
  chatId: string;
  /** The `before` that loads the page older than the messages shown. */
  before: number;
  /** The conversation's scroll container, in which older messages load before its top comes into view. */
  scrollRoot: RefObject<Element | null>;
}

/** Above a chat's oldest shown message: scrolling up loads older ones; the button is there for the keyboard. */
export function OlderMessages({ chatId, before, scrollRoot }: Props) {
  const { t } = useTranslation();
  const older = useOlderMessages(chatId);
  const sentinel = useRef<HTMLDivElement>(null);
  const load = () => {
    if (!older.isPending) older.mutate(before);
  };
  // After a failure only the button loads, so a broken connection is not retried in a loop.
  useOnVisible(sentinel, load, { root: scrollRoot, rootMargin: "300px 0px 0px 0px", enabled: !older.isPending && !older.isError });
  return (
    <div ref={sentinel} className={styles.olderMessages}>
      {older.isError && (
        <p className="muted small" role="alert">
          {t("chat.olderMessagesError")}
        </p>
      )}
      <button type="button" className="button button-secondary" onClick={load} aria-disabled={older.isPending}>
        {older.isPending ? t("chat.loadingOlderMessages") : t("chat.showOlderMessages")}
      </button>
    </div>
  );
}
