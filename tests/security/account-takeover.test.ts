import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { setOperatorGrant } from "../../src/server/db/queries/operators";
import { auditEvents, users } from "../../src/server/db/schema";
import type { Agent, TestResponse } from "../helpers/agent";
import {
  GOOD_PASSWORD,
  OTHER_GOOD_PASSWORD,
  sessionUser,
  setPasswordByMailedLink,
  signIn,
  signInRequest,
  signUp,
  signUpRequest,
  userIdOf,
  verifyEmail,
} from "../helpers/auth";
import { confirmLink, outboxMailsTo, resetLink, waitForOutboxMail } from "../helpers/mail";
import { describeEachDatabase, type TestApp } from "../helpers/test-app";
import { waitFor } from "../helpers/wait";

const OPERATOR = "lead@uni.example";
/** The attacker's own password, chosen when signing up with someone else's address. */
const ATTACKER_PASSWORD = OTHER_GOOD_PASSWORD;
const OWNER_PASSWORD = "amber lanterns over quiet harbours";
const today = () => new Date().toISOString().slice(0, 10);
const range = () => `from=${today()}&to=${today()}`;
const operatorPaths = () => [`/api/operator/stats?${range()}`, "/api/operator/prompts", `/api/operator/audit?${range()}`];

async function expectOperator(agent: Agent, yes: boolean) {
  for (const path of operatorPaths()) expect((await agent.get(path)).status, path).toBe(yes ? 200 : 404);
  expect((await agent.get("/api/profile")).body.isOperator).toBe(yes);
}

async function emailVerified(t: TestApp, email: string) {
  const [row] = await t.db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, email));
  return row?.verified;
}

/** The mail to this address with this subject (sent in the background, so waited for). */
function mailWithSubject(t: TestApp, to: string, subject: string) {
  return waitFor(`a mail "${subject}" to ${to}`, async () =>
    (await outboxMailsTo(t.outboxDir, to)).find((mail) => mail.subject === subject),
  );
}

describeEachDatabase("an operator address cannot be taken by signing up with it first", ({ createApp }) => {
  it("a mail scanner fetching the confirmation link (a GET) confirms nothing", async () => {
    const t = await createApp({ OPERATOR_EMAILS: OPERATOR });
    const attacker = t.client();
    await signUp(attacker, OPERATOR, ATTACKER_PASSWORD);
    const { path, token } = confirmLink((await waitForOutboxMail(t.outboxDir, OPERATOR, 0, "verify")).text);

    // The link opens a page of the web app; fetching it (and better-auth's old GET endpoint) changes nothing.
    expect(path).toBe(`/confirm-email?token=${encodeURIComponent(token)}`);
    const scanner = t.client();
    await scanner.get(path);
    const oldEndpoint = await scanner.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=%2Femail-verified`);
    expect(oldEndpoint.status).toBe(404);
    expect((await scanner.get(`/api/auth/confirm-email?token=${encodeURIComponent(token)}`)).status).toBe(404);

    expect(await emailVerified(t, OPERATOR)).toBe(false);
    expect((await attacker.get("/api/profile")).body.emailVerified).toBe(false);
    await expectOperator(attacker, false);
  });

  it("the owner's confirmation ends the attacker's session; the attacker's password never carries the role; the owner's mailed password does", async () => {
    const t = await createApp({ OPERATOR_EMAILS: OPERATOR });
    const attacker = t.client();
    await signUp(attacker, OPERATOR, ATTACKER_PASSWORD);

    const confirmed = await verifyEmail(t, OPERATOR);
    expect([confirmed.status, confirmed.json]).toEqual([200, { confirmed: true, operatorPasswordPending: true }]);
    expect(await sessionUser(attacker)).toBeNull();
    expect((await attacker.get("/api/profile")).status).toBe(401);

    // The attacker still knows the password they chose, but it gives an ordinary account only.
    await signIn(attacker, OPERATOR, ATTACKER_PASSWORD);
    expect((await attacker.get("/api/profile")).body).toMatchObject({ emailVerified: true, isOperator: false });
    await expectOperator(attacker, false);
    expect(await t.db.select().from(auditEvents)).toEqual([]);

    // The confirmation mailed the owner the link that sets the password the role waits for.
    const mail = await mailWithSubject(t, OPERATOR, "Set your password to use the research dashboard");
    expect(mail.text).toContain("the password chosen at sign-up is not enough");
    await t.client().post("/api/auth/reset-password", { token: resetLink(mail.text).token, newPassword: OWNER_PASSWORD });

    expect(await sessionUser(attacker)).toBeNull();
    expect((await signInRequest(t.client(), OPERATOR, ATTACKER_PASSWORD)).status).toBe(401);
    const owner = t.client();
    await signIn(owner, OPERATOR, OWNER_PASSWORD);
    await expectOperator(owner, true);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, "operator-verified"));
    expect(event).toMatchObject({ actorLabel: "OPERATOR_EMAILS", targetLabel: OPERATOR, targetUserId: await userIdOf(t.db, OPERATOR) });
  });

  it("the same holds for an address granted with npm run users -- grant-operator; the mail is in the account's language", async () => {
    const t = await createApp();
    const attacker = t.client();
    await signUp(attacker, "colleague@uni.example", ATTACKER_PASSWORD, "de");
    await setOperatorGrant({ db: t.db, userId: await userIdOf(t.db, "colleague@uni.example"), granted: true });

    expect((await verifyEmail(t, "colleague@uni.example")).json).toEqual({ confirmed: true, operatorPasswordPending: true });
    expect(await sessionUser(attacker)).toBeNull();
    await signIn(attacker, "colleague@uni.example", ATTACKER_PASSWORD);
    await expectOperator(attacker, false);

    const mail = await mailWithSubject(t, "colleague@uni.example", "Legen Sie Ihr Passwort für das Forschungs-Dashboard fest");
    expect(mail.text).toContain("Operator-Rolle");
    await t.client().post("/api/auth/reset-password", { token: resetLink(mail.text).token, newPassword: OWNER_PASSWORD });
    const owner = t.client();
    await signIn(owner, "colleague@uni.example", OWNER_PASSWORD);
    await expectOperator(owner, true);
  });

  it("a password reset before the confirmation does not start the role; only one after it does", async () => {
    const t = await createApp({ OPERATOR_EMAILS: OPERATOR });
    await signUp(t.client(), OPERATOR, ATTACKER_PASSWORD);
    const early = await t.client().post("/api/auth/request-password-reset", { email: OPERATOR });
    expect(early.status).toBe(200);
    await setPasswordByMailedLink(t, OPERATOR, 0, OWNER_PASSWORD);

    expect((await verifyEmail(t, OPERATOR)).body.operatorPasswordPending).toBe(true);
    const owner = t.client();
    await signIn(owner, OPERATOR, OWNER_PASSWORD);
    await expectOperator(owner, false);
    await setPasswordByMailedLink(t, OPERATOR, 1, OWNER_PASSWORD);
    await signIn(owner, OPERATOR, OWNER_PASSWORD);
    await expectOperator(owner, true);
  });
});

describeEachDatabase("ordinary accounts: confirming and new passwords end sessions", ({ createApp }) => {
  it("confirming an address ends every session of that account, once; a second press changes nothing", async () => {
    const t = await createApp();
    const attacker = t.client();
    const otherDevice = t.client();
    const bystander = t.client();
    await signUp(attacker, "anna@example.com", ATTACKER_PASSWORD);
    await signIn(otherDevice, "anna@example.com", ATTACKER_PASSWORD);
    await signUp(bystander, "ben@example.com");

    // Pressed in the browser of the session itself, too: it ends.
    const confirmed = await verifyEmail(t, "anna@example.com", attacker);
    expect([confirmed.status, confirmed.json]).toEqual([200, { confirmed: true, operatorPasswordPending: false }]);
    expect(await sessionUser(attacker)).toBeNull();
    expect(await sessionUser(otherDevice)).toBeNull();
    expect((await sessionUser(bystander))?.email).toBe("ben@example.com");

    await signIn(otherDevice, "anna@example.com", ATTACKER_PASSWORD);
    expect((await verifyEmail(t, "anna@example.com")).json).toEqual({ confirmed: true, operatorPasswordPending: false });
    expect((await sessionUser(otherDevice))?.email).toBe("anna@example.com");
    expect(await outboxMailsTo(t.outboxDir, "anna@example.com", "reset")).toEqual([]);
  });

  it("refuses a forged token, one for another address, and one made for a deleted account of the same address", async () => {
    const t = await createApp();
    const first = t.client();
    await signUp(first, "anna@example.com");
    const { token: oldToken } = confirmLink((await waitForOutboxMail(t.outboxDir, "anna@example.com", 0, "verify")).text);
    expect((await first.delete("/api/account")).status).toBe(200);
    const squatter = t.client();
    await signUp(squatter, "anna@example.com");

    for (const token of [oldToken, "eyJhbGciOiJIUzI1NiJ9.e30.x", "not a token", ""]) {
      const refused = await t.client().post("/api/auth/confirm-email", { token });
      expect([refused.status, refused.body.code], token).toEqual([400, "invalid-token"]);
    }
    expect((await t.client().post("/api/auth/confirm-email", {})).status).toBe(400);
    expect(await emailVerified(t, "anna@example.com")).toBe(false);
    expect(await sessionUser(squatter)).not.toBeNull();
  });

  it("a password change ends every other session and keeps the current one; a reset ends them all", async () => {
    const t = await createApp();
    const laptop = t.client();
    const phone = t.client();
    await signUp(laptop, "anna@example.com");
    await signIn(phone, "anna@example.com");

    const changed = await laptop.post("/api/auth/change-password", { currentPassword: GOOD_PASSWORD, newPassword: OWNER_PASSWORD });
    expect(changed.status, changed.text).toBe(200);
    expect((await sessionUser(laptop))?.email).toBe("anna@example.com");
    expect(await sessionUser(phone)).toBeNull();

    await signIn(phone, "anna@example.com", OWNER_PASSWORD);
    await t.client().post("/api/auth/request-password-reset", { email: "anna@example.com" });
    await setPasswordByMailedLink(t, "anna@example.com", 0, OTHER_GOOD_PASSWORD);
    expect(await sessionUser(laptop)).toBeNull();
    expect(await sessionUser(phone)).toBeNull();
  });
});

/** An answer with what differs between any two sign-ups (the id, the address, the times) replaced. */
function shapeOf(response: TestResponse) {
  const user = response.body.user as Record<string, unknown>;
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    keys: Object.keys(response.body),
    // In the same order too: the JSON text must not tell them apart.
    userKeys: Object.keys(user),
    user: {
      ...user,
      id: typeof user.id === "string" && user.id.length > 10 ? "<id>" : user.id,
      email: "<email>",
      createdAt: Number.isNaN(Date.parse(String(user.createdAt))) ? user.createdAt : "<time>",
      updatedAt: Number.isNaN(Date.parse(String(user.updatedAt))) ? user.updatedAt : "<time>",
    },
  };
}

describeEachDatabase("sign-up does not tell whether an address has an account", ({ createApp }) => {
  it("answers a registered address exactly as a new one, and mails its owner a reset link instead (English)", async () => {
    const t = await createApp();
    const owner = t.client();
    await signUp(owner, "anna@example.com");

    const fresh = await signUpRequest(t.client(), "new@example.com", ATTACKER_PASSWORD);
    const intruder = t.client();
    const taken = await signUpRequest(intruder, "Anna@Example.com", ATTACKER_PASSWORD);
    expect(shapeOf(taken)).toEqual(shapeOf(fresh));
    expect(taken.status).toBe(200);
    expect((taken.body.user as { email: string }).email).toBe("anna@example.com");
    expect((taken.body.user as { id: string }).id).not.toBe(await userIdOf(t.db, "anna@example.com"));

    // Nothing changed for the account: no session for the intruder, the owner's password and session stand.
    expect(await sessionUser(intruder)).toBeNull();
    expect((await signInRequest(t.client(), "anna@example.com", ATTACKER_PASSWORD)).status).toBe(401);
    expect((await sessionUser(owner))?.email).toBe("anna@example.com");

    const mail = await mailWithSubject(t, "anna@example.com", "Someone tried to sign up with your e-mail address");
    expect(mail.text).toContain("If it was you, you can choose a new password with this link");
    expect(await outboxMailsTo(t.outboxDir, "anna@example.com", "verify")).toHaveLength(1);
    await setPasswordByMailedLink(t, "anna@example.com", 0, OWNER_PASSWORD);
    await signIn(t.client(), "anna@example.com", OWNER_PASSWORD);
    expect(await sessionUser(owner)).toBeNull();
  });

  it("writes the owner's mail in the owner's language (German)", async () => {
    const t = await createApp();
    await signUp(t.client(), "jonas@example.de", GOOD_PASSWORD, "de");
    expect((await signUpRequest(t.client(), "jonas@example.de", ATTACKER_PASSWORD, "en")).status).toBe(200);
    const mail = await mailWithSubject(t, "jonas@example.de", "Jemand wollte sich mit Ihrer E-Mail-Adresse registrieren");
    expect(mail.text).toContain("Wenn Sie das waren, können Sie über diesen Link ein neues Passwort wählen");
    expect(resetLink(mail.text).link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
  });

  it("refuses a weak password for a registered address as for a new one", async () => {
    const t = await createApp();
    await signUp(t.client(), "anna@example.com");
    const fresh = await signUpRequest(t.client(), "new@example.com", "password1");
    const taken = await signUpRequest(t.client(), "anna@example.com", "password1");
    expect([taken.status, taken.json]).toEqual([fresh.status, fresh.json]);
    expect(taken.body.code).toBe("weak-password");
  });

  it("takes about as long for a registered address as for a new one (both hash the password)", async () => {
    const t = await createApp();
    await signUp(t.client(), "anna@example.com");
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await signUpRequest(t.client(), email, ATTACKER_PASSWORD)).status).toBe(200);
      return performance.now() - started;
    };
    const fresh: number[] = [];
    const taken: number[] = [];
    // The fastest of several runs: load from other work on the machine only adds time, never takes it away.
    for (let i = 0; i < 11; i++) {
      fresh.push(await timed(`new-${i}@example.com`));
      taken.push(await timed("anna@example.com"));
    }
    const ratio = Math.min(...taken) / Math.min(...fresh);
    expect(ratio, `registered ${Math.min(...taken).toFixed(1)} ms, new ${Math.min(...fresh).toFixed(1)} ms`).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
