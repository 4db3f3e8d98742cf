import type { ChatDetail, ChatMessage, ChatPage, ChatSummary, SendRefusal, StreamEvent } from "../../shared/schemas/chat";
import type { PasswordPolicy } from "../../shared/schemas/password-policy";
import type { ProfileResponse } from "../../shared/schemas/profile";
import type { SessionData } from "../../shared/schemas/session";
import type { SiteConfig } from "../../shared/schemas/site-config";
import { feedbackKinds, feedbackReasons, languages, messageStatuses, replyErrorCodes, senders } from "../../shared/values";
import { array, boolean, date, type Infer, integer, literal, nullable, object, oneOf, optional, string, variants } from "./json-shape";

// The answers the browser checks. The shared zod schemas (src/shared/schemas) would bring zod's full API to
// every page's first load; these mirror them with ./json-shape instead. Each must produce exactly its shared
// type: the checks at the end fail to compile when a mirror and its schema drift apart.

export const asSession = nullable(
  object({
    user: object({ id: string, email: string }),
    session: object({ createdAt: date, expiresAt: date }),
  }),
);

export const asProfile = object({ languageCode: oneOf(languages), email: string, emailVerified: boolean, isOperator: boolean });

export const asSiteConfig = object({
  siteName: string,
  surveyUrls: object({ en: optional(string), de: optional(string) }),
  appDownloadUrl: optional(string),
  authors: optional(string),
  privacyContactEmail: optional(string),
  demoMode: boolean,
  redactsPersonalData: boolean,
  emergency: object({ number: string, numberUs: string, crisisLineDe: string, crisisLineEn: string, crisisLineUs: string }),
});

export const asPasswordPolicy = object({
  schemaVersion: literal(1),
  minLength: integer({ min: 1 }),
  maxLength: optional(integer()),
  requireLowercase: boolean,
  requireUppercase: boolean,
  requireDigit: boolean,
  requireSymbol: boolean,
  allowedSymbols: string,
  rejectsCommonPasswords: boolean,
});

export const asMessage = object({
  id: string,
  position: integer(),
  sender: oneOf(senders),
  text: string,
  status: oneOf(messageStatuses),
  feedback: nullable(oneOf(feedbackKinds)),
  feedbackReason: nullable(oneOf(feedbackReasons)),
  feedbackComment: nullable(string),
  errorCode: nullable(oneOf([...replyErrorCodes, "connection-lost"])),
  redFlags: array(string),
});

const chatSummaryShape = { id: string, title: string };
export const asChatSummary = object(chatSummaryShape);
export const asChatPage = object({ chats: array(asChatSummary), nextCursor: nullable(string) });
export const asChatDetail = object({ ...chatSummaryShape, messages: array(asMessage), olderBefore: nullable(integer()) });

export const asStreamEvent = variants("type", {
  start: object({ type: literal("start"), chatId: string, userMessage: nullable(asMessage) }),
  delta: object({ type: literal("delta"), text: string }),
  reset: object({ type: literal("reset") }),
  done: object({ type: literal("done"), message: asMessage }),
  error: object({ type: literal("error"), code: oneOf(replyErrorCodes), message: asMessage }),
  title: object({ type: literal("title"), chatId: string, title: string }),
  "red-flags": object({ type: literal("red-flags"), messageId: string, redFlags: array(string) }),
});

export const asSendRefusal = object({
  code: oneOf(["too-many-requests", "server-busy", "too-many-live-replies"]),
  message: string,
  redFlags: array(string),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type MirrorsMatchSharedSchemas = [
  Assert<Same<Infer<typeof asSession>, SessionData>>,
  Assert<Same<Infer<typeof asProfile>, ProfileResponse>>,
  Assert<Same<Infer<typeof asSiteConfig>, SiteConfig>>,
  Assert<Same<Infer<typeof asPasswordPolicy>, PasswordPolicy>>,
  Assert<Same<Infer<typeof asMessage>, ChatMessage>>,
  Assert<Same<Infer<typeof asChatSummary>, ChatSummary>>,
  Assert<Same<Infer<typeof asChatPage>, ChatPage>>,
  Assert<Same<Infer<typeof asChatDetail>, ChatDetail>>,
  Assert<Same<Infer<typeof asStreamEvent>, StreamEvent>>,
  Assert<Same<Infer<typeof asSendRefusal>, SendRefusal>>,
];
