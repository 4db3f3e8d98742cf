import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DateRange } from "../../../shared/schemas/research";
import { exportFormats, exportKinds } from "../../../shared/values";
import { type ExportRequest, useDownloadExport } from "../../hooks/use-operator";
import { ReauthCancelled, useRecentLogin } from "../../hooks/use-recent-login";
import { FormAlert } from "../FormAlert";
import { ReauthDialog } from "../ReauthDialog";
import styles from "./operator.module.css";

/** Downloads of the pseudonymous exports of the chosen range; an old sign-in is renewed with the password first. */
export function ExportButtons({ range }: { range: DateRange }) {
  const { t } = useTranslation();
  const reauth = useRecentLogin();
  const download = useDownloadExport(reauth.withRecentLogin);
  const [error, setError] = useState<string | null>(null);
  const busy = (request: Omit<ExportRequest, "range">) =>
    download.isPending && download.variables.kind === request.kind && download.variables.format === request.format;

  // One export at a time, but not `disabled`: that would drop the focus, which the password dialog gives back.
  const start = (request: ExportRequest) => {
    if (download.isPending) return;
    setError(null);
    download.mutate(request, {
      onError: (cause) => setError(cause instanceof ReauthCancelled ? null : t("operator.exports.failed")),
    });
  };

  return (
    <>
      <p>{t("operator.exports.text", { from: range.from, to: range.to })}</p>
      <FormAlert kind="error">{error}</FormAlert>
      <div className={styles.exportGrid}>
        {exportKinds.map((kind) => (
          <div key={kind} className={styles.exportGroup}>
            <h3>{t(`operator.exports.${kind}`)}</h3>
            <p className="small muted">{t(`operator.exports.${kind}Text`)}</p>
            <div className={styles.buttonRow}>
              {exportFormats.map((format) => (
                <button
                  key={format}
                  type="button"
                  className="button button-secondary"
                  aria-busy={busy({ kind, format })}
                  aria-disabled={download.isPending}
                  onClick={() => start({ kind, format, range })}
                >
                  {t(`operator.exports.${kind}As.${format}`)}
                </button>
              ))}
            </div>
          </div>
        ))}
      </div>
      <ReauthDialog {...reauth.dialog} textKey="operator.reauth.text" />
    </>
  );
}
