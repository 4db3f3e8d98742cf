import type { SQL } from "drizzle-orm";
import { count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../src/server/db/client";
import { users } from "../../src/server/db/schema";
import type { Agent, TestResponse } from "./agent";
import { confirmLink, outboxMailsTo, resetLink, waitForOutboxMail } from "./mail";
import type { TestApp } from "./test-app";

/** A password that passes the default policy and is not in any common-password list. */
export const GOOD_PASSWORD = "violet kettle drums at dawn";
export const OTHER_GOOD_PASSWORD = "seven quiet owls on a fence";

function expectOk(what: string, response: TestResponse): TestResponse {
  if (response.status !== 200) throw new Error(`${what} answered ${response.status}: ${response.text}`);
  return response;
}

export function signUpRequest(
  agent: Agent,
  email: string,
  password = GOOD_PASSWORD,
  languageCode = "en",
  headers?: Record<string, string>,
) {
  return agent.post("/api/auth/sign-up/email", { email, password, name: "", languageCode }, { headers });
}

/** Signs up (and so signs in) the agent; throws unless the answer is 200. */
export async function signUp(agent: Agent, email: string, password = GOOD_PASSWORD, languageCode = "en") {
  return expectOk(`sign-up of ${email}`, await signUpRequest(agent, email, password, languageCode));
}

export function signInRequest(agent: Agent, email: string, password: string, headers?: Record<string, string>) {
  return agent.post("/api/auth/sign-in/email", { email, password }, { headers });
}

export async function signIn(agent: Agent, email: string, password = GOOD_PASSWORD) {
  return expectOk(`sign-in of ${email}`, await signInRequest(agent, email, password));
}

/** The user of the agent's session, or null when it has none. */
export async function sessionUser(agent: Agent): Promise<{ id: string; email: string } | null> {
  const response = await agent.get("/api/auth/get-session");
  expectOk("get-session", response);
  const user = (response.json as { user?: { id: string; email: string } } | null)?.user;
  return user ?? null;
}

export async function userIdOf(db: Database, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Requests a reset for `email` and returns the token from the mail in the outbox. */
export async function requestResetToken(testApp: TestApp, email: string) {
  const earlier = (await outboxMailsTo(testApp.outboxDir, email, "reset")).length;
  const response = await testApp.client().post("/api/auth/request-password-reset", { email });
  expectOk(`password reset request for ${email}`, response);
  const mail = await waitForOutboxMail(testApp.outboxDir, email, earlier, "reset");
  return { ...resetLink(mail.text), mail };
}

/**
 * Confirms the address as its owner does: opens the link mailed at sign-up (the outbox's first one to this
 * address) and presses the page's button, which posts the token. Returns the answer.
 */
export async function verifyEmail(testApp: TestApp, email: string, agent: Agent = testApp.client()) {
  const mail = await waitForOutboxMail(testApp.outboxDir, email, 0, "verify");
  return agent.post("/api/auth/confirm-email", { token: confirmLink(mail.text).token });
}

/** Sets the password through the link of the mail number `index` (0 = first) with a reset link to this address. */
export async function setPasswordByMailedLink(testApp: TestApp, email: string, index: number, newPassword = GOOD_PASSWORD) {
  const { token } = resetLink((await waitForOutboxMail(testApp.outboxDir, email, index, "reset")).text);
  return expectOk(`reset of ${email}`, await testApp.client().post("/api/auth/reset-password", { token, newPassword }));
}

/**
 * Confirms the address and signs the agent in again (confirming ends every session); for a granted operator
 * (OPERATOR_EMAILS), first sets the password through the link mailed at confirmation, as the role needs.
 */
export async function confirmAndSignIn(testApp: TestApp, agent: Agent, email: string, password = GOOD_PASSWORD) {
  const confirmed = expectOk(`confirming ${email}`, await verifyEmail(testApp, email));
  if (confirmed.body.operatorPasswordPending === true) await setPasswordByMailedLink(testApp, email, 0, password);
  await signIn(agent, email, password);
}

/** Signs up and confirms the e-mail address (signed in again afterwards): what an operator must do to get the role. */
export async function signUpVerified(testApp: TestApp, agent: Agent, email: string, password = GOOD_PASSWORD, languageCode = "en") {
  await signUp(agent, email, password, languageCode);
  await confirmAndSignIn(testApp, agent, email, password);
}

export async function countRows(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}
