import { useTranslation } from "react-i18next";
import type { DateRange } from "../../../shared/schemas/research";
import { exportUrl } from "../../hooks/use-operator";

const kinds = ["feedback", "chats"] as const;
const formats = ["csv", "jsonl"] as const;

/** Download links for the pseudonymous exports of the chosen range (the session cookie goes along). */
export function ExportLinks({ range }: { range: DateRange }) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t("operator.exports.text", { from: range.from, to: range.to })}</p>
      <div className="export-grid">
        {kinds.map((kind) => (
          <div key={kind} className="export-group">
            <h3>{t(`operator.exports.${kind}`)}</h3>
            <p className="small muted">{t(`operator.exports.${kind}Text`)}</p>
            <div className="button-row">
              {formats.map((format) => (
                <a key={format} href={exportUrl(kind, format, range)} download className="button button-secondary">
                  {t(`operator.exports.${kind}As.${format}`)}
                </a>
              ))}
            </div>
          </div>
        ))}
      </div>
    </>
  );
}
