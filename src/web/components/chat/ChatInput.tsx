import { type FormEvent, type KeyboardEvent, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { MAX_MESSAGE_CHARS } from "../../../shared/values";
import styles from "./ChatInput.module.css";
import { DictationButton } from "./DictationButton";
import { DictationNote } from "./DictationNote";
import { SendIcon, StopIcon } from "./icons";

interface Props {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  streaming: boolean;
  /** Leave out the one-time dictation note for now (it shows again later): something more urgent needs the room. */
  deferDictationNote?: boolean;
}

/** The message box: Enter sends, Shift+Enter starts a new line; Stop while a reply streams. */
export function ChatInput({ value, onChange, onSend, onStop, streaming, deferDictationNote = false }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const tooLong = value.length > MAX_MESSAGE_CHARS;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!streaming && !tooLong) onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };
  return (
    <form className={styles.chatInput} onSubmit={submit}>
      {!deferDictationNote && <DictationNote onDismissed={() => textareaRef.current?.focus()} />}
      <label htmlFor={id} className="visually-hidden">
        {t("chat.inputLabel")}
      </label>
      <textarea
        ref={textareaRef}
        id={id}
        value={value}
        rows={1}
        placeholder={t("chat.placeholder")}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={tooLong}
        aria-describedby={tooLong ? `${id}-error` : undefined}
        // The server's page has no handlers: what was typed there would not send (Enter adds a line). Read-only
        // until the app takes over, which keeps the focus (lib/server-markup.ts).
        readOnly={typeof window === "undefined"}
      />
      <DictationButton onTranscript={(text) => onChange(value ? `${value} ${text}` : text)} />
      {streaming ? (
        <button
          type="button"
          className="icon-button icon-button-filled"
          onClick={onStop}
          aria-label={t("chat.stop")}
          title={t("chat.stop")}
        >
          <StopIcon />
        </button>
      ) : (
        <button
          type="submit"
          className="icon-button icon-button-filled"
          aria-label={t("chat.send")}
          title={t("chat.send")}
          disabled={!value.trim() || tooLong}
        >
          <SendIcon />
        </button>
      )}
      {tooLong && (
        <p id={`${id}-error`} className="input-error" role="alert">
          {t("chat.tooLong", { max: MAX_MESSAGE_CHARS })}
        </p>
      )}
    </form>
  );
}
