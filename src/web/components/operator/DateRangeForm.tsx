import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DateRange } from "../../../shared/schemas/research";
import { defaultRange, rangeProblem } from "./date-range";
import styles from "./operator.module.css";

/** Two dates (from, to) and Apply; the whole dashboard follows the applied range. */
export function DateRangeForm({ range, onApply }: { range: DateRange; onApply: (range: DateRange) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(range);
  const [problem, setProblem] = useState<ReturnType<typeof rangeProblem>>(null);
  const apply = (next: DateRange) => {
    const found = rangeProblem(next);
    setProblem(found);
    if (!found) onApply(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("operator.range.title")}</h2>
      <div className={styles.rangeFields}>
        <div className="field">
          <label htmlFor={`${id}-from`}>{t("operator.range.from")}</label>
          <input
            id={`${id}-from`}
            type="date"
            value={draft.from}
            aria-invalid={Boolean(problem)}
            aria-describedby={problem ? `${id}-error` : undefined}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t("operator.range.to")}</label>
          <input
            id={`${id}-to`}
            type="date"
            value={draft.to}
            aria-invalid={Boolean(problem)}
            aria-describedby={problem ? `${id}-error` : undefined}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </div>
        <div className={styles.rangeActions}>
          <button type="submit" className="button button-primary">
            {t("operator.range.apply")}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              const last30 = defaultRange();
              setDraft(last30);
              apply(last30);
            }}
          >
            {t("operator.range.last30")}
          </button>
        </div>
      </div>
      {problem && (
        <p id={`${id}-error`} className="input-error" role="alert">
          {t(problem)}
        </p>
      )}
    </form>
  );
}
