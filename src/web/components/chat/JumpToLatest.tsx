import { useTranslation } from "react-i18next";
import { ArrowDownIcon } from "./icons";
import styles from "./JumpToLatest.module.css";

/**
 * Floats above the input while the reader has scrolled up during a reply: back to the newest text, following it.
 * The chat screen places it (`className`).
 */
export function JumpToLatest({ className, onJump }: { className?: string; onJump: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <button type="button" className={`button button-secondary ${styles.jumpLatestButton}`} onClick={onJump}>
        <ArrowDownIcon />
        {t("chat.jumpToLatest")}
      </button>
    </div>
  );
}
