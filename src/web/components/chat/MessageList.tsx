import { memo, useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../../../shared/schemas/chat";
import type { FeedbackKind } from "../../../shared/values";
import { cardElementId, EmergencyCard } from "./EmergencyCard";
import { FeedbackReason } from "./FeedbackReason";
import { LazyMarkdown } from "./LazyMarkdown";
import { MessageActions } from "./MessageActions";
import styles from "./MessageList.module.css";

type Rate = (message: ChatMessage, kind: FeedbackKind) => void;

interface Props {
  messages: ChatMessage[];
  streamingText: string | null;
  busy: boolean;
  onFeedback: (messageId: string, kind: FeedbackKind) => void;
  onRegenerate: () => void;
}

/**
 * The conversation, newest at the bottom. Saved messages render again only when they change: while a reply
 * streams, only the reply being written does.
 */
export function MessageList({ messages, streamingText, busy, onFeedback, onRegenerate }: Props) {
  const { t } = useTranslation();
  const listId = useId();
  const last = messages.at(-1);
  // The reply just rated on this screen, whose rating is followed by the optional "why?" question.
  const [askingFor, setAskingFor] = useState<string | null>(null);
  // The page passes new functions on every render; the messages get stable ones that call the latest.
  const handlers = useRef({ onFeedback, onRegenerate });
  useEffect(() => {
    handlers.current = { onFeedback, onRegenerate };
  });
  const rate = useCallback<Rate>((message, kind) => {
    setAskingFor(message.feedback === kind ? null : message.id);
    handlers.current.onFeedback(message.id, kind);
  }, []);
  const regenerate = useCallback(() => handlers.current.onRegenerate(), []);
  const doneAsking = useCallback(() => setAskingFor(null), []);

  return (
    <div className={styles.messageList}>
      {messages.map((message) =>
        message.sender === "user" ? (
          <UserMessage key={message.id} message={message} headingId={`${listId}-${message.id}`} />
        ) : (
          <AssistantMessage
            key={message.id}
            message={message}
            headingId={`${listId}-${message.id}`}
            canRegenerate={message === last && !busy}
            asking={askingFor === message.id}
            onRate={rate}
            onRegenerate={regenerate}
            onDoneAsking={doneAsking}
          />
        ),
      )}
      {streamingText !== null && (
        <article className={`${styles.message} ${styles.messageAssistant}`} aria-busy="true" aria-labelledby={`${listId}-streaming`}>
          <h2 id={`${listId}-streaming`} className="visually-hidden">
            {t("chat.assistant")}
          </h2>
          {streamingText ? <LazyMarkdown text={streamingText} /> : <TypingIndicator label={t("chat.thinking")} />}
        </article>
      )}
    </div>
  );
}

const UserMessage = memo(function UserMessage({ message, headingId }: { message: ChatMessage; headingId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <article className={`${styles.message} ${styles.messageUser}`} aria-labelledby={headingId}>
        <h2 id={headingId} className="visually-hidden">
          {t("chat.you")}
        </h2>
        <p className={styles.userText}>{message.text}</p>
      </article>
      <EmergencyCard categories={message.redFlags} id={cardElementId(message.id)} />
    </>
  );
});

interface AssistantProps {
  message: ChatMessage;
  headingId: string;
  /** The last reply, with no other being written: it offers Regenerate (or Retry after a failure). */
  canRegenerate: boolean;
  asking: boolean;
  onRate: Rate;
  onRegenerate: () => void;
  onDoneAsking: () => void;
}

const AssistantMessage = memo(function AssistantMessage({
  message,
  headingId,
  canRegenerate,
  asking,
  onRate,
  onRegenerate,
  onDoneAsking,
}: AssistantProps) {
  const { t } = useTranslation();
  return (
    <article className={`${styles.message} ${styles.messageAssistant}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t("chat.assistant")}
      </h2>
      {message.status === "error" ? (
        <div className={styles.replyError} role="alert">
          <p className={styles.replyErrorTitle}>{t("chat.errorTitle")}</p>
          {message.text && <LazyMarkdown text={message.text} />}
          <p>{t(`chat.failure.${message.errorCode ?? "provider-error"}`)}</p>
          {canRegenerate && (
            <button type="button" className="button button-primary" onClick={onRegenerate}>
              {t("chat.retry")}
            </button>
          )}
        </div>
      ) : (
        <>
          <LazyMarkdown text={message.text} />
          {message.status === "incomplete" && <p className="muted small">{t("chat.incomplete")}</p>}
          <MessageActions
            message={message}
            canRegenerate={canRegenerate}
            onFeedback={(kind) => onRate(message, kind)}
            onRegenerate={onRegenerate}
          />
          <FeedbackReason message={message} asking={asking} onDone={onDoneAsking} />
        </>
      )}
    </article>
  );
});

function TypingIndicator({ label }: { label: string }) {
  return (
    <div className={styles.typing} role="status">
      <span className={styles.dot} />
      <span className={styles.dot} />
      <span className={styles.dot} />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
