import { type MouseEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AnswerVersion } from "../../../shared/schemas/chat";
import type { FeedbackKind } from "../../../shared/values";
import { CopyIcon, RefreshIcon, ThumbDownIcon, ThumbUpIcon } from "./icons";
import styles from "./MessageActions.module.css";

interface Props {
  /** Shown first in the row: the "‹ 1/2 ›" of a reply with earlier versions. */
  leading?: ReactNode;
  message: AnswerVersion["answer"];
  canRegenerate: boolean;
  onFeedback: (kind: FeedbackKind) => void;
  onRegenerate: () => void;
}

/** Copy, Like, Dislike and Regenerate under an assistant reply. */
export function MessageActions({ leading, message, canRegenerate, onFeedback, onRegenerate }: Props) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const saved = !message.id.startsWith("local-");
  // The reply as read on screen, not its Markdown ("**", "- "): plain text, and HTML for editors that take it.
  const copy = async (event: MouseEvent<HTMLButtonElement>) => {
    const rendered = event.currentTarget.closest("article")?.querySelector<HTMLElement>("[data-markdown]");
    const text = rendered?.innerText.trim() ?? message.text;
    if (rendered && typeof ClipboardItem !== "undefined") {
      const blob = (content: string, type: string) => new Blob([content], { type });
      await navigator.clipboard.write([
        new ClipboardItem({ "text/plain": blob(text, "text/plain"), "text/html": blob(rendered.innerHTML, "text/html") }),
      ]);
    } else await navigator.clipboard.writeText(text);
    setCopied(true);
  };
  return (
    <div className={styles.messageActions}>
      {leading}
      <button type="button" className="icon-button" onClick={copy} aria-label={t("chat.copy")} title={t("chat.copy")}>
        <CopyIcon />
      </button>
      {saved && (
        <>
          <button
            type="button"
            className="icon-button"
            aria-label={t("chat.like")}
            title={t("chat.like")}
            aria-pressed={message.feedback === "like"}
            onClick={() => onFeedback("like")}
          >
            <ThumbUpIcon filled={message.feedback === "like"} />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t("chat.dislike")}
            title={t("chat.dislike")}
            aria-pressed={message.feedback === "dislike"}
            onClick={() => onFeedback("dislike")}
          >
            <ThumbDownIcon filled={message.feedback === "dislike"} />
          </button>
        </>
      )}
      {canRegenerate && (
        <button type="button" className="icon-button" onClick={onRegenerate} aria-label={t("chat.regenerate")} title={t("chat.regenerate")}>
          <RefreshIcon />
        </button>
      )}
      <span className="visually-hidden" role="status">
        {copied ? t("chat.copied") : ""}
      </span>
    </div>
  );
}
