import type { useTranslation } from "react-i18next";
import type { AuditEventView } from "../../../shared/schemas/research";
import { exportFormats, exportKinds, isPromptId } from "../../../shared/values";

type T = ReturnType<typeof useTranslation>["t"];

const has = <K extends string>(keys: readonly K[], value: unknown): value is K => keys.includes(value as K);

/** The event's details in plain words ("Exported chats as CSV, …"), or null when it has none worth saying. */
export function auditDetails(event: AuditEventView, t: T): string | null {
  const { details } = event;
  if (event.action === "export") {
    const { kind, format, from, to } = details;
    return t("operator.audit.exported", {
      kind: has(exportKinds, kind) ? t(`operator.audit.kinds.${kind}`) : String(kind ?? "–"),
      format: has(exportFormats, format) ? t(`operator.audit.formats.${format}`) : String(format ?? "–"),
      from: String(from ?? "–"),
      to: String(to ?? "–"),
    });
  }
  if (event.action === "feedback-read") {
    const { rows, from, to } = details;
    return t("operator.audit.feedbackRead", { rows: String(rows ?? "–"), from: String(from ?? "–"), to: String(to ?? "–") });
  }
  if (event.action === "users-searched") {
    return t("operator.audit.usersSearched", { query: String(details.query ?? "–"), found: String(details.found ?? "–") });
  }
  if (event.action === "prompt-changed") {
    const { prompt, version } = details;
    return t("operator.audit.promptChanged", {
      prompt: isPromptId(prompt) ? t(`operator.audit.promptNames.${prompt}`) : String(prompt ?? "–"),
      version: String(version ?? "–"),
    });
  }
  return null;
}

// The server's fixed name for changes made with `npm run users` (src/server/audit/audit-log.ts); e-mail
// addresses and the setting name OPERATOR_EMAILS read the same in every language.
const COMMAND_LINE_ACTOR = "command line";

/** Who acted, in the interface language. */
export const auditActor = (label: string, t: T) => (label === COMMAND_LINE_ACTOR ? t("operator.audit.commandLine") : label);
