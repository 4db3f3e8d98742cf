import { useTranslation } from "react-i18next";
import { ArrowDownIcon } from "./icons";

/** Floats above the input while the reader has scrolled up during a reply: back to the newest text, following it. */
export function JumpToLatest({ onJump }: { onJump: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="jump-latest">
      <button type="button" className="button button-secondary jump-latest-button" onClick={onJump}>
        <ArrowDownIcon />
        {t("chat.jumpToLatest")}
      </button>
    </div>
  );
}
