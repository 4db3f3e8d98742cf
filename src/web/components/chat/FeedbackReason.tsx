import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../../../shared/schemas/chat";
import { type FeedbackKind, MAX_FEEDBACK_COMMENT_CHARS, type FeedbackReason as Reason } from "../../../shared/values";
import { useFeedbackReason } from "../../hooks/use-feedback-reason";
import { errorTextKey, type ScreenErrorTexts } from "../../lib/error-messages";
import styles from "./FeedbackReason.module.css";

const reasonsFor = {
  dislike: ["wrong", "unsafe", "unclear", "not-helpful", "other"],
  like: ["helpful", "other"],
} as const satisfies Record<FeedbackKind, readonly Reason[]>;

const saveErrorTexts: ScreenErrorTexts = { byCode: { "not-found": "feedback.notRated" }, otherwise: "feedback.saveFailed" };

interface Props {
  message: ChatMessage;
  /** The user has just rated this reply here: ask why (until they send or skip). */
  asking: boolean;
  onDone: () => void;
}

/** Under a rated reply: an inline, optional question why (fixed reasons and a short comment), or the answer given. */
export function FeedbackReason({ message, asking, onDone }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [thanked, setThanked] = useState(false);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (thanked) thanksRef.current?.focus();
  }, [thanked]);
  // A new rating starts over: no thanks left over from the reason given for the old one.
  useEffect(() => setThanked(false), [message.feedback]);

  if (!message.feedback) return null;
  if (thanked) {
    return (
      <p ref={thanksRef} className={styles.feedbackThanks} role="status" tabIndex={-1}>
        {t("feedback.thanks")}
      </p>
    );
  }
  if (asking && !message.feedbackReason) {
    const skip = () => {
      // Back to the rating button that opened the question, so keyboard users do not lose their place.
      ref.current?.closest("article")?.querySelector<HTMLButtonElement>('button[aria-pressed="true"]')?.focus();
      onDone();
    };
    return (
      <div ref={ref}>
        <ReasonForm
          message={message}
          kind={message.feedback}
          onSent={() => {
            setThanked(true);
            onDone();
          }}
          onSkip={skip}
        />
      </div>
    );
  }
  if (!message.feedbackReason) return null;
  return (
    <p className={`${styles.feedbackGiven} small muted`}>
      {t("feedback.given", { reason: t(`feedback.reasons.${message.feedbackReason}`) })}
      {message.feedbackComment && <> “{message.feedbackComment}”</>}
    </p>
  );
}

function ReasonForm({
  message,
  kind,
  onSent,
  onSkip,
}: {
  message: ChatMessage;
  kind: FeedbackKind;
  onSent: () => void;
  onSkip: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const save = useFeedbackReason();
  const [reason, setReason] = useState<Reason | null>(null);
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const tooLong = comment.trim().length > MAX_FEEDBACK_COMMENT_CHARS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setError(t("feedback.chooseReason"));
    if (tooLong) return setError(t("feedback.commentTooLong", { max: MAX_FEEDBACK_COMMENT_CHARS }));
    setError(null);
    save.mutate(
      { messageId: message.id, reason, comment },
      {
        onSuccess: onSent,
        onError: (cause) => setError(t(errorTextKey(cause, saveErrorTexts))),
      },
    );
  };

  return (
    <form className={styles.feedbackReason} aria-labelledby={`${id}-legend`} onSubmit={submit} noValidate>
      <fieldset>
        <legend id={`${id}-legend`}>{t(kind === "dislike" ? "feedback.questionDislike" : "feedback.questionLike")}</legend>
        <div className={styles.chips}>
          {reasonsFor[kind].map((value) => (
            <label key={value} className={styles.chip}>
              <input
                type="radio"
                className="visually-hidden"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setError(null);
                }}
              />
              {t(`feedback.reasons.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-comment`}>{t("feedback.comment")}</label>
        <textarea
          id={`${id}-comment`}
          rows={2}
          value={comment}
          aria-invalid={tooLong}
          aria-describedby={`${id}-count`}
          onChange={(event) => setComment(event.target.value)}
        />
        <p id={`${id}-count`} className={`small ${tooLong ? "input-error" : "muted"} ${styles.feedbackCount}`}>
          {tooLong
            ? t("feedback.commentTooLong", { max: MAX_FEEDBACK_COMMENT_CHARS })
            : t("feedback.count", { length: comment.trim().length, max: MAX_FEEDBACK_COMMENT_CHARS })}
        </p>
      </div>
      {error && (
        <p className="input-error" role="alert">
          {error}
        </p>
      )}
      <div className={styles.feedbackActions}>
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t("feedback.send")}
        </button>
        <button type="button" className="button button-secondary" onClick={onSkip}>
          {t("feedback.skip")}
        </button>
      </div>
    </form>
  );
}
