import { Fragment, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../../../shared/schemas/chat";
import { EmergencyCard } from "./EmergencyCard";
import { FeedbackReason } from "./FeedbackReason";
import { LazyMarkdown } from "./LazyMarkdown";
import { MessageActions } from "./MessageActions";

interface Props {
  messages: ChatMessage[];
  streamingText: string | null;
  busy: boolean;
  onFeedback: (messageId: string, kind: "like" | "dislike") => void;
  onRegenerate: () => void;
}

/** The conversation, newest at the bottom, kept scrolled to the latest message. */
export function MessageList({ messages, streamingText, busy, onFeedback, onRegenerate }: Props) {
  const { t } = useTranslation();
  const listId = useId();
  const headingId = (messageId: string) => `${listId}-${messageId}`;
  const last = messages.at(-1);
  // The reply just rated on this screen, whose rating is followed by the optional "why?" question.
  const [askingFor, setAskingFor] = useState<string | null>(null);
  useEffect(() => {
    // To the very bottom of the page, not just the list's end: the input area below the list is sticky and
    // would otherwise cover the end of the latest message (its actions, or Retry) on a small screen.
    if (messages.length === 0 && streamingText === null) return;
    const behavior = matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior });
  }, [messages.length, streamingText]);

  return (
    <div className="message-list">
      {messages.map((message) =>
        message.sender === "user" ? (
          <Fragment key={message.id}>
            <article className="message message-user" aria-labelledby={headingId(message.id)}>
              <h2 id={headingId(message.id)} className="visually-hidden">
                {t("chat.you")}
              </h2>
              <p className="user-text">{message.text}</p>
            </article>
            <EmergencyCard categories={message.redFlags} />
          </Fragment>
        ) : (
          <article
            key={message.id}
            className={`message message-assistant status-${message.status}`}
            aria-labelledby={headingId(message.id)}
          >
            <h2 id={headingId(message.id)} className="visually-hidden">
              {t("chat.assistant")}
            </h2>
            {message.status === "error" ? (
              <div className="reply-error" role="alert">
                <p className="reply-error-title">{t("chat.errorTitle")}</p>
                {message.text && <LazyMarkdown text={message.text} />}
                <p>{t(`chat.failure.${message.errorCode ?? "provider-error"}`)}</p>
                {message === last && !busy && (
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
                  canRegenerate={message === last && !busy}
                  onFeedback={(kind) => {
                    setAskingFor(message.feedback === kind ? null : message.id);
                    onFeedback(message.id, kind);
                  }}
                  onRegenerate={onRegenerate}
                />
                <FeedbackReason message={message} asking={askingFor === message.id} onDone={() => setAskingFor(null)} />
              </>
            )}
          </article>
        ),
      )}
      {streamingText !== null && (
        <article className="message message-assistant" aria-busy="true" aria-labelledby={headingId("streaming")}>
          <h2 id={headingId("streaming")} className="visually-hidden">
            {t("chat.assistant")}
          </h2>
          {streamingText ? <LazyMarkdown text={streamingText} /> : <TypingIndicator label={t("chat.thinking")} />}
        </article>
      )}
    </div>
  );
}

function TypingIndicator({ label }: { label: string }) {
  return (
    <div className="typing" role="status">
      <span className="dot" />
      <span className="dot" />
      <span className="dot" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
