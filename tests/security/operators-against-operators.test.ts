import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { setOperatorGrant } from "../../src/server/db/queries/operators";
import { setUserDisabled } from "../../src/server/db/queries/users";
import { auditEvents } from "../../src/server/db/schema";
import { sessionUser, signUp, signUpVerified, userIdOf } from "../helpers/auth";
import { describeEachDatabase, type EnvVars } from "../helpers/test-app";

const today = () => new Date().toISOString().slice(0, 10);
const LEAD = "lead@university.example";
const COLLEAGUE = "colleague@university.example";
const GRANTED = "granted@university.example";

describeEachDatabase("operators against operators (issue 22, item 6)", ({ createApp }) => {
  const setup = async (env: EnvVars = {}, logLines?: string[]) => {
    const t = await createApp({ OPERATOR_EMAILS: `${LEAD}, ${COLLEAGUE}`, ...env }, { logLines });
    const lead = t.client();
    const colleague = t.client();
    const granted = t.client();
    await signUpVerified(t, lead, LEAD);
    await signUpVerified(t, colleague, COLLEAGUE);
    await signUpVerified(t, granted, GRANTED);
    await setOperatorGrant({ db: t.db, userId: await userIdOf(t.db, GRANTED), granted: true });
    return { t, lead, colleague, granted };
  };
  const auditRows = async (t: Awaited<ReturnType<typeof setup>>["t"], action: "feedback-read" | "users-searched") =>
    t.db.select().from(auditEvents).where(eq(auditEvents.action, action));

  it("the dashboard cannot disable or enable an operator (403 operator-protected); a plain user it can", async () => {
    const { t, lead, colleague, granted } = await setup();
    for (const email of [COLLEAGUE, GRANTED]) {
      const refused = await lead.put(`/api/operator/users/${await userIdOf(t.db, email)}/disabled`, { disabled: true });
      expect([refused.status, refused.body.code], email).toEqual([403, "operator-protected"]);
      expect(refused.body.message).toEqual(expect.any(String));
    }
    expect((await sessionUser(colleague))?.email).toBe(COLLEAGUE);
    expect((await sessionUser(granted))?.email).toBe(GRANTED);
    expect((await colleague.get(`/api/operator/stats?from=${today()}&to=${today()}`)).status).toBe(200);

    // An operator disabled on the server (npm run users) is not enabled again from the dashboard either.
    const colleagueId = await userIdOf(t.db, COLLEAGUE);
    await setUserDisabled({ db: t.db, userId: colleagueId, disabled: true });
    const enable = await lead.put(`/api/operator/users/${colleagueId}/disabled`, { disabled: false });
    expect([enable.status, enable.body.code]).toEqual([403, "operator-protected"]);

    await signUp(t.client(), "patient@example.com");
    const user = await lead.put(`/api/operator/users/${await userIdOf(t.db, "patient@example.com")}/disabled`, { disabled: true });
    expect([user.status, user.body.disabled]).toEqual([200, true]);
    const changes = await t.db.select().from(auditEvents).where(eq(auditEvents.action, "user-disabled"));
    expect(changes.map((row) => row.targetLabel)).toEqual(["patient@example.com"]);
  });

  it("every read of disliked replies (health text) leaves an audit row naming the operator and the range", async () => {
    const { t, lead } = await setup();
    expect(await auditRows(t, "feedback-read")).toEqual([]);
    expect((await lead.get(`/api/operator/disliked?from=${today()}&to=${today()}&language=de`)).status).toBe(200);
    expect((await lead.get(`/api/operator/disliked?from=2026-01-01&to=2026-01-31`)).status).toBe(200);
    const rows = await auditRows(t, "feedback-read");
    expect(rows).toHaveLength(2);
    const leadId = await userIdOf(t.db, LEAD);
    expect(rows.every((row) => row.actorUserId === leadId && row.actorLabel === LEAD)).toBe(true);
    expect(rows.map((row) => row.details).sort((a, b) => String(a.from).localeCompare(String(b.from)))).toEqual([
      { from: "2026-01-01", to: "2026-01-31", rows: 0 },
      { from: today(), to: today(), language: "de", rows: 0 },
    ]);
    // A refused request (a bad range) reads nothing and records nothing.
    expect((await lead.get("/api/operator/disliked?from=yesterday&to=today")).status).toBe(400);
    expect(await auditRows(t, "feedback-read")).toHaveLength(2);
  });

  it("every user search leaves an audit row with the search text and how many were found, the log without it", async () => {
    const logLines: string[] = [];
    const { t, lead } = await setup({ LOG_LEVEL: "info" }, logLines);
    const found = await lead.get("/api/operator/users?email=university");
    expect((found.json as unknown[]).length).toBe(3);
    const searchLines = logLines.filter((line) => line.includes('"action":"users-searched"'));
    expect(searchLines).toHaveLength(1);
    expect(searchLines[0]).not.toContain("university");
    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "users-searched"), eq(auditEvents.actorUserId, await userIdOf(t.db, LEAD))));
    expect(rows.map((row) => row.details)).toEqual([{ query: "university", found: 3 }]);
  });
});
