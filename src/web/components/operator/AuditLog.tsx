import { useTranslation } from "react-i18next";
import type { AuditEventView, DateRange } from "../../../shared/schemas/research";
import { useAuditEvents } from "../../hooks/use-operator";
import { FormAlert } from "../FormAlert";
import { auditActor, auditDetails } from "./audit-text";
import styles from "./operator.module.css";

/** What operators and the command line did in the range, newest first: one entry per event, readable on a phone. */
export function AuditLog({ range }: { range: DateRange }) {
  const { t, i18n } = useTranslation();
  const query = useAuditEvents(range);
  const events = query.data ?? [];
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium", timeStyle: "short" });
  return (
    <>
      {query.isError && <FormAlert kind="error">{t("operator.loadError")}</FormAlert>}
      <p className="muted small" role="status">
        {query.isPending ? t("common.loading") : t("operator.audit.count", { shown: events.length })}
      </p>
      {events.length > 0 && (
        <ol className={styles.auditList} aria-label={t("operator.audit.title")}>
          {events.map((event) => (
            <AuditEntry key={event.id} event={event} at={time.format(event.createdAt)} />
          ))}
        </ol>
      )}
    </>
  );
}

function AuditEntry({ event, at }: { event: AuditEventView; at: string }) {
  const { t } = useTranslation();
  const details = auditDetails(event, t);
  return (
    <li className={styles.auditEntry}>
      <p className={styles.auditHead}>
        <strong>{t(`operator.audit.actions.${event.action}`)}</strong>
        <time dateTime={event.createdAt.toISOString()} className="small muted">
          {at}
        </time>
      </p>
      {details && <p className={styles.auditDetails}>{details}</p>}
      <p className={`${styles.auditMeta} small muted`}>
        <span>{t("operator.audit.by", { actor: auditActor(event.actorLabel, t) })}</span>
        {event.targetLabel && <span>{t("operator.audit.target", { target: event.targetLabel })}</span>}
      </p>
    </li>
  );
}
