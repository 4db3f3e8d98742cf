import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../shared/schemas/profile";
import type { DateRange, RatedReply } from "../../../shared/schemas/research";
import { useDislikedReplies } from "../../hooks/use-operator";
import { FormAlert } from "../FormAlert";
import styles from "./operator.module.css";
import { ScrollRegion } from "./ScrollRegion";

const LONG_TEXT = 240;

/** The disliked replies of the range, each with the user message before it; pseudonymous (never an e-mail). */
export function DislikedReplies({ range }: { range: DateRange }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [language, setLanguage] = useState<Language | "">("");
  const query = useDislikedReplies(range, language);
  const rows = query.data ?? [];
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium", timeStyle: "short" });
  return (
    <>
      <div className={`${styles.inlineField} field`}>
        <label htmlFor={`${id}-language`}>{t("operator.disliked.language")}</label>
        <select id={`${id}-language`} value={language} onChange={(event) => setLanguage(event.target.value as Language | "")}>
          <option value="">{t("operator.disliked.allLanguages")}</option>
          <option value="en">{t("common.english")}</option>
          <option value="de">{t("common.german")}</option>
        </select>
      </div>
      {query.isError && <FormAlert kind="error">{t("operator.loadError")}</FormAlert>}
      <p className="muted small" role="status">
        {query.isPending ? t("common.loading") : t("operator.disliked.count", { shown: rows.length })}
      </p>
      {rows.length > 0 && (
        <ScrollRegion labelledBy={`${id}-caption`}>
          <table className={styles.dataTable}>
            <caption id={`${id}-caption`} className="visually-hidden">
              {t("operator.disliked.title")}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("operator.disliked.question")}</th>
                <th scope="col">{t("operator.disliked.reply")}</th>
                <th scope="col">{t("operator.disliked.reason")}</th>
                <th scope="col">{t("operator.disliked.comment")}</th>
                <th scope="col">{t("operator.disliked.details")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <Row key={row.messageId} row={row} ratedAt={time.format(row.ratedAt)} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </>
  );
}

function Row({ row, ratedAt }: { row: RatedReply; ratedAt: string }) {
  const { t } = useTranslation();
  return (
    <tr>
      <td className={styles.textCell}>
        <LongText text={row.question} />
      </td>
      <td className={styles.textCell}>
        <LongText text={row.reply} />
      </td>
      <td>{row.reason ? t(`feedback.reasons.${row.reason}`) : "–"}</td>
      <td className={styles.textCell}>{row.comment ?? "–"}</td>
      <td className={styles.detailsCell}>
        <span>{ratedAt}</span>
        <span>
          {t("operator.disliked.user")} <code>{row.user}</code>
        </span>
        <span>{row.language === "de" ? t("common.german") : row.language === "en" ? t("common.english") : "–"}</span>
        <span>
          {t("operator.disliked.model")} {row.model ?? "–"}
        </span>
        <span>
          {t("operator.disliked.promptVersion")} {row.promptVersion ?? "–"}
        </span>
      </td>
    </tr>
  );
}

/** Long texts start folded, so that one reply does not push the rest of the table out of sight. */
function LongText({ text }: { text: string }) {
  const { t } = useTranslation();
  if (text.length <= LONG_TEXT) return <span className={styles.cellText}>{text}</span>;
  return (
    <details>
      <summary>
        {text.slice(0, LONG_TEXT)}… <span className="text-link">{t("operator.disliked.more")}</span>
      </summary>
      <span className={styles.cellText}>{text}</span>
    </details>
  );
}
