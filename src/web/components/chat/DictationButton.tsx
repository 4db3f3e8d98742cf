import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../i18n";
import styles from "./DictationButton.module.css";
import { MicIcon } from "./icons";
import { type RecognitionLike, speechRecognition, useDictationOffered } from "./speech-recognition";

/** Dictation: listens in the interface language; the transcript fills the input when listening stops. */
export function DictationButton({ onTranscript }: { onTranscript: (text: string) => void }) {
  const { t } = useTranslation();
  const [listening, setListening] = useState(false);
  const recognitionRef = useRef<RecognitionLike | null>(null);
  const transcriptRef = useRef("");
  const onTranscriptRef = useRef(onTranscript);
  onTranscriptRef.current = onTranscript;
  const offered = useDictationOffered();

  useEffect(() => () => recognitionRef.current?.stop(), []);
  if (!offered) return null;

  const toggle = () => {
    if (listening) return recognitionRef.current?.stop();
    // A click before the app took over the server's page does nothing (the page's markup has no handlers).
    const Recognition = speechRecognition();
    if (!Recognition) return;
    const recognition = new Recognition();
    recognition.lang = currentLanguage() === "de" ? "de-DE" : "en-US";
    recognition.continuous = true;
    recognition.interimResults = false;
    transcriptRef.current = "";
    recognition.onresult = (event) => {
      transcriptRef.current = Array.from(event.results, (result) => result[0]?.transcript ?? "")
        .join(" ")
        .trim();
    };
    recognition.onend = () => {
      setListening(false);
      if (transcriptRef.current) onTranscriptRef.current(transcriptRef.current);
    };
    recognition.onerror = () => setListening(false);
    recognitionRef.current = recognition;
    recognition.start();
    setListening(true);
  };

  return (
    <button
      type="button"
      className={listening ? `icon-button ${styles.listening}` : "icon-button"}
      onClick={toggle}
      aria-pressed={listening}
      aria-label={listening ? t("chat.stopDictation") : t("chat.dictate")}
      title={listening ? t("chat.stopDictation") : t("chat.dictate")}
    >
      <MicIcon />
    </button>
  );
}
