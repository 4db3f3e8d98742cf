import type { Database } from "../db/client";
import { insertAuditEvent, type NewAuditEvent } from "../db/queries/audit";
import type { Logger } from "../logger";

/** Who acted, as the audit log names them when no signed-in operator did. */
export const COMMAND_LINE_ACTOR = "command line";
export const OPERATOR_EMAILS_ACTOR = "OPERATOR_EMAILS";

/**
 * Writes an audit event and logs it at info level. The log line names accounts by id only (no e-mail),
 * since logs are kept and shipped elsewhere; the table holds the labels operators read on the dashboard.
 */
export async function recordAudit({ db, logger, event }: { db: Database; logger: Logger; event: NewAuditEvent }) {
  const row = await insertAuditEvent({ db, event });
  // A user search's text is often part of an e-mail address: the table keeps it, the log does not.
  const { query: _searchText, ...details } = row.details;
  logger.info("audit", {
    action: row.action,
    actor: row.actorUserId ?? row.actorLabel,
    target: row.targetUserId ?? undefined,
    ...details,
  });
  return row;
}
