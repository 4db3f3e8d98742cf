import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import type { AuditEventView } from "../../../shared/schemas/research";
import { operatorDe } from "../../i18n/operator-de";
import { operatorEn } from "../../i18n/operator-en";
import { auditActor, auditDetails } from "./audit-text";

async function translator(language: "en" | "de") {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { en: { translation: { operator: operatorEn } }, de: { translation: { operator: operatorDe } } },
    interpolation: { escapeValue: false },
  });
  return i18n.t as unknown as Parameters<typeof auditDetails>[1];
}

const event = (action: AuditEventView["action"], details: AuditEventView["details"] = {}): AuditEventView => ({
  id: "e1",
  action,
  actorLabel: "ana@uni.example",
  targetLabel: null,
  details,
  createdAt: new Date("2026-03-16T10:00:00Z"),
});

describe("audit log texts", () => {
  it("says what an export and a prompt change did, in English and German", async () => {
    const exported = event("export", { kind: "chats", format: "csv", from: "2026-03-10", to: "2026-03-16" });
    const changed = event("prompt-changed", { prompt: "system", version: 3 });
    const en = await translator("en");
    expect(auditDetails(exported, en)).toBe("Exported chats as CSV, 2026-03-10 to 2026-03-16");
    expect(auditDetails(changed, en)).toBe("Changed the system prompt (version 3)");
    const de = await translator("de");
    expect(auditDetails(exported, de)).toBe("Chats als CSV exportiert, 2026-03-10 bis 2026-03-16");
    expect(auditDetails(changed, de)).toBe("System-Prompt geändert (Version 3)");
  });

  it("shows unknown values as they are and has no details for user changes", async () => {
    const en = await translator("en");
    expect(auditDetails(event("export", { kind: "notes", format: "xml", from: "2026-03-10", to: "2026-03-16" }), en)).toBe(
      "Exported notes as xml, 2026-03-10 to 2026-03-16",
    );
    expect(auditDetails(event("user-disabled"), en)).toBeNull();
  });

  it("names the command line in the interface language and keeps other actors", async () => {
    expect(auditActor("command line", await translator("de"))).toBe("der Kommandozeile");
    expect(auditActor("OPERATOR_EMAILS", await translator("de"))).toBe("OPERATOR_EMAILS");
  });
});
