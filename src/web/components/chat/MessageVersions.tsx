import { useTranslation } from "react-i18next";
import { ChevronSideIcon } from "./icons";
import styles from "./MessageVersions.module.css";

interface Props {
  /** The version shown, from 0. */
  index: number;
  count: number;
  onShow: (index: number) => void;
}

/**
 * "‹ 2/3 ›" under a reply whose question was answered more than once. At either end the button stays focusable
 * (aria-disabled), so the keyboard's place is not lost; the new position is announced.
 */
export function MessageVersions({ index, count, onShow }: Props) {
  const { t } = useTranslation();
  const step = (by: number) => {
    const next = index + by;
    if (next >= 0 && next < count) onShow(next);
  };
  return (
    <fieldset className={styles.versions} aria-label={t("chat.versions")}>
      <button
        type="button"
        className={styles.step}
        aria-label={t("chat.previousAnswer")}
        title={t("chat.previousAnswer")}
        aria-disabled={index === 0}
        onClick={() => step(-1)}
      >
        <ChevronSideIcon side="left" />
      </button>
      <span className={styles.position} aria-hidden="true">
        {index + 1}/{count}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {t("chat.answerOf", { index: index + 1, count })}
      </span>
      <button
        type="button"
        className={styles.step}
        aria-label={t("chat.nextAnswer")}
        title={t("chat.nextAnswer")}
        aria-disabled={index === count - 1}
        onClick={() => step(1)}
      >
        <ChevronSideIcon side="right" />
      </button>
    </fieldset>
  );
}
