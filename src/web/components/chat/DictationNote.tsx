import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { readStored, store } from "../../lib/device-storage";
import styles from "./DictationNote.module.css";
import { MicIcon } from "./icons";
import { useDictationOffered } from "./speech-recognition";

const DISMISSED_KEY = "dictationNoteDismissed";

/**
 * A one-time note above the message box wherever the Dictate button is offered: the browser's speech service (e.g.
 * Chrome's, which sends the audio to Google) turns speech into text, not this site. Shown until dismissed; the
 * dismissal is remembered in localStorage. It sits in the page flow, so it never covers the input.
 */
export function DictationNote({ onDismissed }: { onDismissed: () => void }) {
  const { t } = useTranslation();
  const textId = useId();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const offered = useDictationOffered();
  if (dismissed || !offered) return null;

  const dismiss = () => {
    rememberDismissed();
    setDismissed(true);
    // The button goes away with the note; the focus moves on to the message box instead of the page's start.
    onDismissed();
  };

  return (
    // The server cannot know of a dismissal: display-settings.js hides its note before the first paint.
    <div className={styles.dictationNote} data-dictation-note>
      <MicIcon />
      <div className={styles.dictationNoteBody}>
        {/* Wide screens have room for one line only: the short text; the privacy notice says the rest. */}
        <p id={textId}>
          <span className={styles.dictationNoteFull}>{t("chat.dictationNote")}</span>
          <span className={styles.dictationNoteShort}>{t("chat.dictationNoteShort")}</span>
        </p>
        <div className={styles.dictationNoteActions}>
          <Link to="/datenschutzerklaerung">{t("chat.dictationNoteLink")}</Link>
          <button type="button" className="button button-secondary" onClick={dismiss} aria-describedby={textId}>
            {t("chat.dictationNoteDismiss")}
          </button>
        </div>
      </div>
    </div>
  );
}

// Storage blocked (a privacy setting): the note shows again on the next visit.
const wasDismissed = (): boolean => readStored(DISMISSED_KEY) === "1";
const rememberDismissed = () => store(DISMISSED_KEY, "1");
