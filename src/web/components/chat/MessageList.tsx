import { memo, useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AnswerVersion, ChatMessage } from "../../../shared/schemas/chat";
import type { FeedbackKind } from "../../../shared/values";
import { shownVersion } from "../../lib/answer-versions";
import { FeedbackReason } from "./FeedbackReason";
import { LazyMarkdown } from "./LazyMarkdown";
import { MessageActions } from "./MessageActions";
import actionStyles from "./MessageActions.module.css";
import styles from "./MessageList.module.css";
import { MessageVersions } from "./MessageVersions";
import { UserMessage } from "./UserMessage";

type Rate = (message: AnswerVersion["answer"], kind: FeedbackKind) => void;
type ShowVersion = (replyId: string, index: number) => void;

interface Props {
  messages: ChatMessage[];
  streamingText: string | null;
  busy: boolean;
  onFeedback: (messageId: string, kind: FeedbackKind) => void;
  onRegenerate: () => void;
  /** Sends an edited last question; false when it was not accepted. */
  onEdit: (messageId: string, text: string) => Promise<boolean>;
}

/**
 * The conversation, newest at the bottom. Saved messages render again only when they change: while a reply
 * streams, only the reply being written does.
 */
export function MessageList({ messages, streamingText, busy, onFeedback, onRegenerate, onEdit }: Props) {
  const { t } = useTranslation();
  const listId = useId();
  const last = messages.at(-1);
  const lastQuestion = messages.findLast((message) => message.sender === "user");
  // The version of each reply's turn being browsed (by the reply's id); a new reply starts at its newest.
  const [chosen, setChosen] = useState<Record<string, number>>({});

  // The reply just rated on this screen, whose rating is followed by the optional "why?" question.
  const [askingFor, setAskingFor] = useState<string | null>(null);
  // The page passes new functions on every render; the messages get stable ones that call the latest.
  const handlers = useRef({ onFeedback, onRegenerate, onEdit });
  useEffect(() => {
    handlers.current = { onFeedback, onRegenerate, onEdit };
  });
  const rate = useCallback<Rate>((message, kind) => {
    setAskingFor(message.feedback === kind ? null : message.id);
    handlers.current.onFeedback(message.id, kind);
  }, []);
  const regenerate = useCallback(() => handlers.current.onRegenerate(), []);
  const edit = useCallback((messageId: string, text: string) => handlers.current.onEdit(messageId, text), []);
  const doneAsking = useCallback(() => setAskingFor(null), []);
  // Another version shown: the "why?" asked after a rating belongs to the answer that was rated, now out of view.
  const showVersion = useCallback<ShowVersion>((replyId, index) => {
    setAskingFor(null);
    setChosen((old) => ({ ...old, [replyId]: index }));
  }, []);

  return (
    <div className={styles.messageList}>
      {messages.map((message, at) => {
        if (message.sender === "user") {
          // A question shows the version that the reply below it is browsed to.
          const next = messages[at + 1];
          const version = next?.sender === "assistant" ? shownVersion(next, chosen[next.id]) : undefined;
          const isLast = message === lastQuestion;
          const current = !version || version.index === version.count - 1;
          return (
            <UserMessage
              key={message.id}
              message={version?.question ?? message}
              headingId={`${listId}-${message.id}`}
              questionId={message.id}
              isLast={isLast}
              canEdit={isLast && current && !busy && !message.id.startsWith("local-")}
              onEdit={edit}
            />
          );
        }
        const version = shownVersion(message, chosen[message.id]);
        return (
          <AssistantMessage
            key={message.id}
            replyId={message.id}
            message={version.answer}
            version={version.count > 1 ? version.index : undefined}
            versions={version.count}
            headingId={`${listId}-${message.id}`}
            canRegenerate={message === last && !busy}
            asking={askingFor === version.answer.id}
            onRate={rate}
            onRegenerate={regenerate}
            onShowVersion={showVersion}
            onDoneAsking={doneAsking}
          />
        );
      })}
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

interface AssistantProps {
  /** The current reply (its turn's newest answer), which keys the version browsed. */
  replyId: string;
  /** The answer shown: the reply, or the earlier version being browsed. */
  message: AnswerVersion["answer"];
  /** Which of its turn's `versions` answers is shown; undefined when there is only one. */
  version: number | undefined;
  versions: number;
  headingId: string;
  /** The last reply, with no other being written: it offers Regenerate (or Retry after a failure). */
  canRegenerate: boolean;
  asking: boolean;
  onRate: Rate;
  onRegenerate: () => void;
  onShowVersion: ShowVersion;
  onDoneAsking: () => void;
}

const AssistantMessage = memo(function AssistantMessage({
  replyId,
  message,
  version,
  versions,
  headingId,
  canRegenerate,
  asking,
  onRate,
  onRegenerate,
  onShowVersion,
  onDoneAsking,
}: AssistantProps) {
  const { t } = useTranslation();
  const browse =
    version === undefined ? null : <MessageVersions index={version} count={versions} onShow={(index) => onShowVersion(replyId, index)} />;
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
          {browse && <div className={actionStyles.messageActions}>{browse}</div>}
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
            leading={browse}
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
