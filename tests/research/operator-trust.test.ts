import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditEvents, promptVersions, sessions } from "../../src/server/db/schema";
import type { Agent } from "../helpers/agent";
import { setPasswordByMailedLink, signIn, signUp, signUpVerified, userIdOf, verifyEmail } from "../helpers/auth";
import { confirmLink, outboxMailsTo, waitForOutboxMail } from "../helpers/mail";
import { describeEachDatabase, type TestApp } from "../helpers/test-app";

const OPERATOR = "lead@uni.example";
const today = () => new Date().toISOString().slice(0, 10);
const range = () => `from=${today()}&to=${today()}`;
const operatorPaths = () => [`/api/operator/stats?${range()}`, `/api/operator/export/chats?${range()}`, "/api/operator/prompts"];

async function expectOperator(agent: Agent, yes: boolean) {
  for (const path of operatorPaths()) expect((await agent.get(path)).status, path).toBe(yes ? 200 : 404);
  expect((await agent.get("/api/profile")).body.isOperator).toBe(yes);
}

/** Makes the agent's sessions look as if their sign-in was an hour ago. */
async function ageSessions(t: TestApp, email: string) {
  const userId = await userIdOf(t.db, email);
  await t.db
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - 3_600_000) })
    .where(eq(sessions.userId, userId));
}

describeEachDatabase("the operator role cannot be taken by guessing an address", ({ createApp }) => {
  it("an address in OPERATOR_EMAILS becomes an operator once its owner confirms it and sets a password through the mailed link", async () => {
    const t = await createApp({ OPERATOR_EMAILS: OPERATOR });
    const owner = t.client();
    await signUp(owner, OPERATOR);
    await expectOperator(owner, false);
    expect((await owner.get("/api/profile")).body.emailVerified).toBe(false);

    // Confirming (the page's button) ends the account's sessions and mails the link that sets the password.
    expect((await verifyEmail(t, OPERATOR, owner)).json).toEqual({ confirmed: true, operatorPasswordPending: true });
    await signIn(owner, OPERATOR);
    expect((await owner.get("/api/profile")).body).toMatchObject({ emailVerified: true, isOperator: false });
    await expectOperator(owner, false);

    await setPasswordByMailedLink(t, OPERATOR, 0);
    await signIn(owner, OPERATOR);
    await expectOperator(owner, true);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, "operator-verified"));
    expect(event).toMatchObject({ actorLabel: "OPERATOR_EMAILS", targetLabel: OPERATOR });
  });

  it("sends the confirmation in the user's language and again on request, only to the signed-in user's address", async () => {
    const t = await createApp();
    const anna = t.client();
    await signUp(anna, "anna@example.com", undefined, "de");
    const first = await waitForOutboxMail(t.outboxDir, "anna@example.com", 0, "verify");
    expect(first.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse");
    expect(first.text).toContain("läuft in 24 Stunden ab");

    const again = await anna.post("/api/auth/send-verification-email", { email: "anna@example.com" });
    expect(again.status).toBe(200);
    const second = await waitForOutboxMail(t.outboxDir, "anna@example.com", 1, "verify");
    expect(confirmLink(second.text).path).toMatch(/^\/confirm-email\?token=[^&]+$/);
    const other = await anna.post("/api/auth/send-verification-email", { email: "bob@example.com" });
    expect(other.status).toBe(400);
    expect(await outboxMailsTo(t.outboxDir, "bob@example.com")).toEqual([]);
  });

  it("exports and prompt changes need a sign-in within RECENT_LOGIN_SECONDS; reading does not", async () => {
    const t = await createApp({ OPERATOR_EMAILS: OPERATOR, RECENT_LOGIN_SECONDS: "300" });
    const operator = t.client();
    await signUpVerified(t, operator, OPERATOR);
    await ageSessions(t, OPERATOR);
    // Its first request since: the session is looked up fresh (the aged creation time is what the server sees).
    const later = operator;
    const exported = await later.get(`/api/operator/export/chats?${range()}`);
    expect([exported.status, exported.body.code], exported.text).toEqual([403, "requires-recent-login"]);
    const changed = await later.put("/api/operator/prompts/system", { prompt: "Be brief." });
    expect([changed.status, changed.body.code]).toEqual([403, "requires-recent-login"]);
    expect((await later.get(`/api/operator/stats?${range()}`)).status).toBe(200);

    await signIn(later, OPERATOR);
    expect((await later.get(`/api/operator/export/chats?${range()}`)).status).toBe(200);
    expect((await later.put("/api/operator/prompts/system", { prompt: "Be brief." })).status).toBe(200);
  });

  it("audits exports, user administration and prompt changes, and keeps them pseudonymised after the operator leaves", async () => {
    const logLines: string[] = [];
    const t = await createApp({ OPERATOR_EMAILS: OPERATOR, LOG_LEVEL: "info" }, { logLines });
    const operator = t.client();
    await signUpVerified(t, operator, OPERATOR);
    await signUp(t.client(), "alice@example.com");
    const aliceId = await userIdOf(t.db, "alice@example.com");
    const operatorId = await userIdOf(t.db, OPERATOR);

    await operator.get(`/api/operator/export/feedback?${range()}&format=jsonl`);
    await operator.put(`/api/operator/users/${aliceId}/disabled`, { disabled: true });
    await operator.put(`/api/operator/users/${aliceId}/disabled`, { disabled: false });
    await operator.put("/api/operator/prompts/title", { prompt: "A short title, please." });

    const audit = (await operator.get(`/api/operator/audit?${range()}`)).json as Record<string, unknown>[];
    expect(audit.map((e) => [e.action, e.actorLabel, e.targetLabel ?? null, e.details])).toEqual([
      ["prompt-changed", OPERATOR, null, { prompt: "title", version: 2 }],
      ["user-enabled", OPERATOR, "alice@example.com", {}],
      ["user-disabled", OPERATOR, "alice@example.com", {}],
      ["export", OPERATOR, null, { kind: "feedback", format: "jsonl", from: today(), to: today() }],
      ["operator-verified", "OPERATOR_EMAILS", OPERATOR, {}],
    ]);
    const auditLines = logLines.filter((line) => line.includes('"message":"audit"'));
    expect(auditLines).toHaveLength(5);
    expect(auditLines.join("\n")).not.toContain("@");
    expect(auditLines.some((line) => line.includes(operatorId) && line.includes('"action":"export"'))).toBe(true);

    await signIn(operator, OPERATOR);
    expect((await operator.delete("/api/account")).status).toBe(200);
    const kept = await t.db.select().from(auditEvents);
    expect(kept).toHaveLength(5);
    const labels = new Set(kept.filter((e) => e.action !== "operator-verified").map((e) => e.actorLabel));
    expect(labels.size).toBe(1);
    expect([...labels][0]).toMatch(/^deleted account [0-9a-f]{8}$/);
    expect(kept.find((e) => e.action === "operator-verified")?.targetLabel).toBe([...labels][0]);
    expect(kept.every((e) => e.actorUserId === null && e.targetUserId !== operatorId)).toBe(true);
    const history = await t.db.select().from(promptVersions).where(eq(promptVersions.promptId, "title"));
    expect(history.map((v) => v.changedBy).sort()).toEqual(["default", [...labels][0]].sort());
    expect(JSON.stringify(kept)).not.toContain(OPERATOR);
  });
});
