import { memo, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AnswerVersion } from "../../../shared/schemas/chat";
import { EditQuestion } from "./EditQuestion";
import { cardElementId, EmergencyCard } from "./EmergencyCard";
import { PencilIcon } from "./icons";
import listStyles from "./MessageList.module.css";
import styles from "./UserMessage.module.css";

interface Props {
  /** The question as shown: the current one, or the earlier version whose answer is being browsed. */
  message: AnswerVersion["question"];
  headingId: string;
  /** The current question's id (what an edit replaces), whichever version is shown. */
  questionId: string;
  /** The chat's last question: an editor opened on it stays open while its edit is sent (and when refused). */
  isLast: boolean;
  /** The last question, saved and shown as it is now, with no reply being written: it offers Edit. */
  canEdit: boolean;
  /** Sends the edited question in place of this one; false when it was not accepted. */
  onEdit: (messageId: string, text: string) => Promise<boolean>;
}

/** A question the user sent, with its emergency card, and for the last one an Edit that opens it in place. */
export const UserMessage = memo(function UserMessage({ message, headingId, questionId, isLast, canEdit, onEdit }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus) return;
    editButton.current?.focus();
    setRefocus(false);
  }, [refocus]);
  const cancel = () => {
    setEditing(false);
    setRefocus(true);
  };
  const save = async (text: string) => {
    const accepted = await onEdit(questionId, text);
    if (accepted) setEditing(false);
    return accepted;
  };
  return (
    <>
      {editing && isLast ? (
        <EditQuestion initialText={message.text} onSave={save} onCancel={cancel} />
      ) : (
        <article className={`${listStyles.message} ${listStyles.messageUser}`} aria-labelledby={headingId}>
          <h2 id={headingId} className="visually-hidden">
            {t("chat.you")}
          </h2>
          <p className={listStyles.userText}>{message.text}</p>
        </article>
      )}
      {canEdit && !editing && (
        <div className={styles.actions}>
          <button
            ref={editButton}
            type="button"
            className="icon-button"
            aria-label={t("chat.edit")}
            title={t("chat.edit")}
            onClick={() => setEditing(true)}
          >
            <PencilIcon />
          </button>
        </div>
      )}
      <EmergencyCard categories={message.redFlags} id={cardElementId(message.id)} />
    </>
  );
});
