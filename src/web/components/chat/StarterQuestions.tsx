import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useStarterQuestions } from "../../hooks/use-starter-questions";
import { currentLanguage } from "../../i18n";
import styles from "./StarterQuestions.module.css";

interface Props {
  /** What the message box holds now. */
  draft: string;
  /** Puts a question into the message box (only when that loses nothing the user typed). */
  onFill: (question: string) => void;
  /** Moves the keyboard's focus to the message box. */
  onFocusInput: () => void;
}

/**
 * An empty chat's starter questions in the interface language. A tap fills the message box without sending, so
 * the question can be edited first; a draft the user typed is never replaced (the tap only focuses the box),
 * while a starter put there by an earlier tap is.
 */
export function StarterQuestions({ draft, onFill, onFocusInput }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data } = useStarterQuestions();
  const questions = data?.[currentLanguage()] ?? [];
  if (questions.length === 0) return null;
  const pick = (question: string) => {
    const typed = draft.trim() !== "" && !questions.includes(draft);
    if (!typed) onFill(question);
    onFocusInput();
  };
  return (
    <section className={styles.starters} aria-labelledby={headingId} data-starter-questions="">
      <h2 id={headingId} className={styles.startersHeading}>
        {t("home.startersHeading")}
      </h2>
      <ul className={styles.starterList}>
        {questions.map((question) => (
          <li key={question}>
            <button type="button" className={styles.starterButton} onClick={() => pick(question)}>
              {question}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
