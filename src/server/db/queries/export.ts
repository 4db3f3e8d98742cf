import { asc, desc, eq, inArray, or } from "drizzle-orm";
import type { Database } from "../client";
import { accounts, auditEvents, chats, messages, profiles, sessions, signInDelays, signInFailures, users } from "../schema";

/*
 * Every column of every table that holds the user's id is exported, except (tests/privacy/export-completeness.test.ts
 * holds the list and checks it against the schema):
 * - secrets: the password hash, session tokens and sign-in provider tokens; in a downloaded file they would let
 *   whoever finds it guess the password offline or act as the user;
 * - the other party of an audit entry (the operator who acted, or the user an operator acted on): another
 *   person's data (GDPR Art. 15(4)); `role` says which side this user was on;
 * - columns that only repeat this user's id (user_id), since the whole file is this account's.
 */

const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  emailVerified: users.emailVerified,
  image: users.image,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  disabledAt: users.disabledAt,
  operatorGrantedAt: users.operatorGrantedAt,
  passwordSetByLinkAt: users.passwordSetByLinkAt,
};

/** How the user signs in: with a password ("credential"), when it was set and last changed; never the hash. */
const signInMethodColumns = {
  id: accounts.id,
  providerId: accounts.providerId,
  accountId: accounts.accountId,
  scope: accounts.scope,
  accessTokenExpiresAt: accounts.accessTokenExpiresAt,
  refreshTokenExpiresAt: accounts.refreshTokenExpiresAt,
  createdAt: accounts.createdAt,
  updatedAt: accounts.updatedAt,
};

/** Where and when the user is signed in; the client address is theirs to see, the token is a credential. */
const sessionColumns = {
  id: sessions.id,
  createdAt: sessions.createdAt,
  updatedAt: sessions.updatedAt,
  expiresAt: sessions.expiresAt,
  ipAddress: sessions.ipAddress,
  userAgent: sessions.userAgent,
};

const messageColumns = {
  chatId: messages.chatId,
  id: messages.id,
  position: messages.position,
  sender: messages.sender,
  text: messages.text,
  // What the model provider was sent of it: personal identifiers replaced (REDACT_PERSONAL_DATA).
  redactedText: messages.redactedText,
  status: messages.status,
  errorCode: messages.errorCode,
  language: messages.language,
  // What wrote a reply, so the user sees what we see when comparing models and prompt versions.
  model: messages.model,
  promptVersion: messages.promptVersion,
  latencyMs: messages.latencyMs,
  feedback: messages.feedback,
  feedbackReason: messages.feedbackReason,
  feedbackComment: messages.feedbackComment,
  feedbackAt: messages.feedbackAt,
  // The emergency check: the rules' categories, the model's second opinion, and which of them fired.
  redFlags: messages.redFlags,
  redFlagModelOutcome: messages.redFlagModelOutcome,
  redFlagModelCategory: messages.redFlagModelCategory,
  redFlagPromptVersion: messages.redFlagPromptVersion,
  redFlagLayer: messages.redFlagLayer,
  // Versions of a turn: the question a reply answered, and when a newer version (Regenerate, an edit) replaced it.
  questionId: messages.questionId,
  supersededAt: messages.supersededAt,
  createdAt: messages.createdAt,
};

async function chatsWithMessages(db: Database, userId: string) {
  const userChats = await db
    .select({
      id: chats.id,
      title: chats.title,
      createdAt: chats.createdAt,
      updatedAt: chats.updatedAt,
      pinnedAt: chats.pinnedAt,
      renamedAt: chats.renamedAt,
    })
    .from(chats)
    .where(eq(chats.userId, userId))
    .orderBy(desc(chats.updatedAt));
  const rows = userChats.length
    ? await db
        .select(messageColumns)
        .from(messages)
        .where(
          inArray(
            messages.chatId,
            userChats.map((chat) => chat.id),
          ),
        )
        .orderBy(asc(messages.chatId), asc(messages.position), asc(messages.createdAt))
    : [];
  return userChats.map((chat) => ({
    ...chat,
    messages: rows.filter((row) => row.chatId === chat.id).map(({ chatId: _inThisChat, ...message }) => message),
  }));
}

/** Audit entries this user made (as an operator) or that were about them, without naming the other side. */
async function auditEventsOf(db: Database, userId: string) {
  const rows = await db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      actorUserId: auditEvents.actorUserId,
      details: auditEvents.details,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(or(eq(auditEvents.actorUserId, userId), eq(auditEvents.targetUserId, userId)))
    .orderBy(desc(auditEvents.createdAt));
  return rows.map(({ actorUserId, ...row }) => ({ ...row, role: actorUserId === userId ? ("actor" as const) : ("subject" as const) }));
}

/**
 * The failed-sign-in records kept about the account's e-mail (keyed by e-mail, not id): per client address (or
 * `device:…`, a browser it signed in on), and the e-mail's delay across all addresses.
 */
async function failedSignInsOf(db: Database, email: string) {
  const perAddress = await db
    .select({ address: signInFailures.address, attempts: signInFailures.failures, windowStartedAt: signInFailures.windowStartedAt })
    .from(signInFailures)
    .where(eq(signInFailures.email, email))
    .orderBy(desc(signInFailures.windowStartedAt));
  const [delay] = await db
    .select({ failures: signInDelays.failures, lastFailedAt: signInDelays.lastFailedAt, nextAttemptAt: signInDelays.nextAttemptAt })
    .from(signInDelays)
    .where(eq(signInDelays.email, email));
  return { perAddress, delay: delay ?? null };
}

/** Everything stored about one user, for "Download my data" (GDPR Art. 15 and 20). */
export async function exportUserData({ db, userId }: { db: Database; userId: string }) {
  const [account] = await db.select(accountColumns).from(users).where(eq(users.id, userId));
  const [settings] = await db
    .select({ languageCode: profiles.languageCode, textSize: profiles.textSize, theme: profiles.theme, updatedAt: profiles.updatedAt })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const signInMethods = await db
    .select(signInMethodColumns)
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt));
  const userSessions = await db.select(sessionColumns).from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt));
  return {
    exportedAt: new Date().toISOString(),
    account: account ?? null,
    settings: settings ?? null,
    signInMethods,
    sessions: userSessions,
    failedSignIns: account ? await failedSignInsOf(db, account.email) : { perAddress: [], delay: null },
    chats: await chatsWithMessages(db, userId),
    auditEvents: await auditEventsOf(db, userId),
  };
}
