import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { chatDetailSchema, chatPageSchema, messageSchema, sendRefusalSchema, streamEventSchema } from "../../shared/schemas/chat";
import { passwordPolicySchema } from "../../shared/schemas/password-policy";
import { profileSchema } from "../../shared/schemas/profile";
import { sessionSchema } from "../../shared/schemas/session";
import { siteConfigSchema } from "../../shared/schemas/site-config";
import type { Check } from "./json-shape";
import {
  asChatDetail,
  asChatPage,
  asMessage,
  asPasswordPolicy,
  asProfile,
  asSendRefusal,
  asSession,
  asSiteConfig,
  asStreamEvent,
} from "./wire-schemas";

const message = {
  id: "m1",
  position: 2,
  sender: "assistant",
  text: "**Hello**",
  status: "complete",
  feedback: "like",
  feedbackReason: null,
  feedbackComment: null,
  errorCode: null,
  redFlags: ["chest-pain"],
};
const siteConfig = {
  siteName: "Health Chat",
  surveyUrls: { en: "https://example.org/survey" },
  demoMode: false,
  redactsPersonalData: true,
  emergency: { number: "112", numberUs: "911", crisisLineDe: "0800", crisisLineEn: "116 123", crisisLineUs: "988" },
};
const policy = {
  schemaVersion: 1,
  minLength: 12,
  requireLowercase: true,
  requireUppercase: false,
  requireDigit: true,
  requireSymbol: false,
  allowedSymbols: "!?",
  rejectsCommonPasswords: true,
};

/** The mirror accepts exactly what the shared schema accepts, and gives the same result. */
function expectSameAs<T>(mirror: Check<T>, schema: z.core.$ZodType, input: unknown) {
  const expected = z.safeParse(schema, input);
  if (expected.success) expect(mirror(input)).toEqual(expected.data);
  else expect(() => mirror(input), JSON.stringify(input)).toThrow(TypeError);
}

describe("the browser's answer checks behave like the shared schemas", () => {
  it.each([
    [
      "session",
      asSession,
      sessionSchema,
      { user: { id: "u", email: "a@b.c", name: "A" }, session: { createdAt: 1, expiresAt: "2030-01-01" } },
    ],
    ["no session", asSession, sessionSchema, null],
    ["profile", asProfile, profileSchema, { languageCode: "de", email: "a@b.c", emailVerified: true, isOperator: false }],
    ["profile, unknown language", asProfile, profileSchema, { languageCode: "fr", email: "a@b.c", emailVerified: true, isOperator: false }],
    ["site config", asSiteConfig, siteConfigSchema, siteConfig],
    ["site config with a null link", asSiteConfig, siteConfigSchema, { ...siteConfig, appDownloadUrl: null }],
    ["password policy", asPasswordPolicy, passwordPolicySchema, policy],
    ["password policy, length 0", asPasswordPolicy, passwordPolicySchema, { ...policy, minLength: 0 }],
    ["password policy, length 1.5", asPasswordPolicy, passwordPolicySchema, { ...policy, maxLength: 1.5 }],
    ["message", asMessage, messageSchema, message],
    ["message, a date it no longer carries", asMessage, messageSchema, { ...message, createdAt: "yesterday" }],
    ["message, lost connection", asMessage, messageSchema, { ...message, status: "error", errorCode: "connection-lost" }],
    ["chat", asChatDetail, chatDetailSchema, { id: "c", title: "T", updatedAt: 0, messages: [message], olderBefore: 50, extra: 1 }],
    ["chat, first page", asChatDetail, chatDetailSchema, { id: "c", title: "T", messages: [message], olderBefore: null }],
    ["chat without its cursor", asChatDetail, chatDetailSchema, { id: "c", title: "T", messages: [message] }],
    ["chat, cursor not a position", asChatDetail, chatDetailSchema, { id: "c", title: "T", messages: [], olderBefore: 1.5 }],
    ["chat as a list", asChatDetail, chatDetailSchema, [message]],
    ["history page", asChatPage, chatPageSchema, { chats: [{ id: "c", title: "", updatedAt: 1 }], nextCursor: "abc" }],
    ["last history page", asChatPage, chatPageSchema, { chats: [], nextCursor: null }],
    ["history page without a cursor", asChatPage, chatPageSchema, { chats: [] }],
    ["history as a bare list", asChatPage, chatPageSchema, [{ id: "c", title: "T" }]],
    ["start event", asStreamEvent, streamEventSchema, { type: "start", chatId: "c", userMessage: null }],
    ["delta event", asStreamEvent, streamEventSchema, { type: "delta", text: "Hi" }],
    ["reset event", asStreamEvent, streamEventSchema, { type: "reset" }],
    ["error event", asStreamEvent, streamEventSchema, { type: "error", code: "provider-timeout", message }],
    ["error event, client-only code", asStreamEvent, streamEventSchema, { type: "error", code: "connection-lost", message }],
    ["red-flags event", asStreamEvent, streamEventSchema, { type: "red-flags", messageId: "m1", redFlags: ["cardiac"] }],
    ["red-flags event without flags", asStreamEvent, streamEventSchema, { type: "red-flags", messageId: "m1" }],
    ["unknown event", asStreamEvent, streamEventSchema, { type: "ping" }],
    ["send refusal", asSendRefusal, sendRefusalSchema, { code: "server-busy", message: "Busy.", redFlags: ["self-harm"] }],
    ["send refusal of another code", asSendRefusal, sendRefusalSchema, { code: "not-found", message: "No.", redFlags: [] }],
    ["refusal without a verdict", asSendRefusal, sendRefusalSchema, { code: "too-many-requests", message: "Slow down." }],
  ])("%s", (_name, mirror, schema, input) => expectSameAs(mirror as Check<unknown>, schema, input));

  it("a message with any one field replaced", () => {
    const fields = Object.keys(message);
    fc.assert(
      fc.property(fc.constantFrom(...fields), fc.option(fc.jsonValue(), { nil: undefined }), (field, value) => {
        expectSameAs(asMessage, messageSchema, { ...message, [field]: value });
      }),
    );
  });
});
