// Compile-time checks of the contract between the server's routes (AppType) and the web's typed client. Nothing
// here runs: `tsc --noEmit -p .` checks it (tests/ is in tsconfig's include), so a route whose path, input or answer
// changes without the shared schemas and the web following fails the type check.
import type { InferRequestType, InferResponseType } from "hono/client";
import type * as z from "zod/mini";
import type { ApiErrorCode } from "../../src/shared/errors";
import type {
  ChatDetail,
  ChatMessage,
  ChatPage,
  ChatSummary,
  chatDetailSchema,
  chatListQuerySchema,
  chatPageSchema,
  SendRefusal,
  sendMessageSchema,
  updateChatSchema,
} from "../../src/shared/schemas/chat";
import type { PasswordPolicy } from "../../src/shared/schemas/password-policy";
import type { DisplaySettings, displaySettingsSchema, ProfileResponse, updateLanguageSchema } from "../../src/shared/schemas/profile";
import type { DailyStats } from "../../src/shared/schemas/research";
import type { SiteConfig } from "../../src/shared/schemas/site-config";
import type { StarterQuestionsAnswer } from "../../src/shared/schemas/starter-questions";
import type { answer, client } from "../../src/web/lib/api";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;
/** What a route answers with 200, as JSON reaches the browser (dates as strings). */
type Ok<Route> = InferResponseType<Route, 200>;

type Chats = typeof client.api.chats;
type Messages = typeof client.api.messages;

export type AnswersAreTheSharedSchemas = [
  Assert<Equal<Ok<Chats["$get"]>, ChatPage>>,
  Assert<Equal<Ok<Chats[":id"]["$get"]>, ChatDetail>>,
  Assert<Equal<Ok<Chats[":id"]["$patch"]>, ChatSummary>>,
  Assert<Equal<Ok<typeof client.api.profile.display.$put>, DisplaySettings>>,
  Assert<Equal<Ok<Messages[":id"]["feedback"]["$put"]>, ChatMessage>>,
  Assert<Equal<Ok<Messages[":id"]["feedback-reason"]["$put"]>, ChatMessage>>,
  Assert<Equal<Ok<typeof client.api.profile.$get>, ProfileResponse>>,
  Assert<Equal<Ok<(typeof client.api)["site-config"]["$get"]>, SiteConfig>>,
  Assert<Equal<Ok<(typeof client.api)["password-policy"]["$get"]>, PasswordPolicy>>,
  Assert<Equal<Ok<(typeof client.api)["starter-questions"]["$get"]>, StarterQuestionsAnswer>>,
  Assert<Equal<Ok<typeof client.api.operator.stats.$get>, DailyStats[]>>,
];

export type RequestsAreTheSharedSchemas = [
  Assert<Equal<InferRequestType<Chats["messages"]["$post"]>, { json: z.input<typeof sendMessageSchema> }>>,
  Assert<Equal<InferRequestType<Chats["$get"]>, { query: z.input<typeof chatListQuerySchema> }>>,
  Assert<Equal<InferRequestType<Chats[":id"]["$patch"]>, { json: z.input<typeof updateChatSchema> } & { param: { id: string } }>>,
  Assert<Equal<InferRequestType<typeof client.api.profile.display.$put>, { json: z.input<typeof displaySettingsSchema> }>>,
  Assert<Equal<InferRequestType<typeof client.api.profile.language.$put>, { json: z.input<typeof updateLanguageSchema> }>>,
];

/** Every error answer of a route is `{ code, message }` with a code of the one table. */
export type ErrorAnswersCarryApiErrorCodes = [
  Assert<Equal<Extract<InferResponseType<Chats[":id"]["$get"], 404>, { code: unknown }>, { code: ApiErrorCode; message: string }>>,
  // The send's refusal body (429) carries the message's red flags as well; its code is one of the error codes.
  Assert<SendRefusal["code"] extends ApiErrorCode ? true : false>,
];

/** Calls the compiler refuses; never run. */
export function refusedCalls(api: typeof client.api, read: typeof answer) {
  // @ts-expect-error a send needs the interface language
  void api.chats.messages.$post({ json: { text: "Hello" } });
  // @ts-expect-error a feedback kind the server does not know
  void api.messages[":id"].feedback.$put({ param: { id: "m" }, json: { kind: "love" } });
  // @ts-expect-error a path the server does not have
  void api.chats[":id"].rename;
  // @ts-expect-error an export the server does not make
  void api.operator.export[":kind"].$get({ param: { kind: "users" }, query: { from: "2026-01-01", to: "2026-01-31", format: "csv" } });
  void api.operator.export[":kind"].$get({ param: { kind: "chats" }, query: { from: "2026-01-01", to: "2026-01-31", format: "csv" } });
  // @ts-expect-error a chat's path needs its id
  void api.chats[":id"].$get({ query: {} });
  // @ts-expect-error the chat list is not read with the chat detail's schema
  void read(api.chats.$get({ query: {} }), {} as typeof chatDetailSchema);
  void read(api.chats.$get({ query: {} }), {} as typeof chatPageSchema);
}
