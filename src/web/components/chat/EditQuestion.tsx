import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_MESSAGE_CHARS } from "../../../shared/values";
import styles from "./EditQuestion.module.css";

interface Props {
  initialText: string;
  /** Sends the edited question; resolves false when it was not accepted (the text stays here). */
  onSave: (text: string) => Promise<boolean>;
  onCancel: () => void;
}

/** The last question, opened in place for editing: Save & send replaces it, Cancel (or Escape) keeps it as it was. */
export function EditQuestion({ initialText, onSave, onCancel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(initialText);
  const [saving, setSaving] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const field = textarea.current;
    field?.focus();
    field?.setSelectionRange(field.value.length, field.value.length);
  }, []);
  const tooLong = text.length > MAX_MESSAGE_CHARS;
  const unchanged = text.trim() === initialText.trim();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || tooLong || !text.trim() || unchanged) return;
    setSaving(true);
    // Refused: the editor stays open with the text, and the screen says why.
    if (!(await onSave(text.trim()))) setSaving(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") onCancel();
  };
  return (
    <form className={styles.editor} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t("chat.editLabel")}
      </label>
      <textarea
        ref={textarea}
        id={id}
        className={styles.field}
        value={text}
        rows={3}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={tooLong}
        aria-describedby={tooLong ? `${id}-error` : undefined}
      />
      {tooLong && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {t("chat.tooLong", { max: MAX_MESSAGE_CHARS })}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t("chat.editCancel")}
        </button>
        <button type="submit" className="button button-primary" disabled={saving || tooLong || !text.trim() || unchanged}>
          {t("chat.editSave")}
        </button>
      </div>
    </form>
  );
}
