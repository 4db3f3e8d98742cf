import { asc, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../src/server/db/client";
import { accounts, chats, messages, profiles, users } from "../../src/server/db/schema";
import { PROMPT_IDS } from "../../src/server/prompts/defaults";
import { apiErrorCodes } from "../../src/shared/errors";
import { exportKinds, feedbackKinds, feedbackReasons, languages, textSizes, themes } from "../../src/shared/values";
import { type FakeModelServer, startFakeModel } from "../fake-model/server";
import type { Agent, TestResponse } from "../helpers/agent";
import { apiRoutesOf, exposedAuthApiRoutes } from "../helpers/api-routes";
import { confirmAndSignIn, GOOD_PASSWORD, OTHER_GOOD_PASSWORD, signIn, signUp, signUpVerified } from "../helpers/auth";
import { eventOf, parseEvents, sendMessage } from "../helpers/chat";
import { describeEachDatabase, type TestApp } from "../helpers/test-app";

/**
 * Property-based bad input over every API route (issue "Reliability"): malformed JSON, wrong types, huge and
 * empty strings, unicode edge cases, SQL and script injection, weird path params and query strings. Every
 * answer is a 2xx or a 4xx with a JSON `{ code, message }`, never a 5xx, nothing is logged as an error, and a
 * second user's data is untouched.
 *
 * Each request is a valid one with one part made bad (a body field, the whole body, the path param or a query
 * parameter), so the bad part gets past the other checks; a few fixed worst cases (KILLERS) run first for every
 * part. BAD_INPUT_RUNS=500 runs a deeper search than the CI-sized default.
 *
 * Replies come from the fake model with no token delay (the offline demo responder paces its notice at 15 ms a
 * word, about a second per reply, too slow for this many sends); the fake model echoes the user's text, so the
 * hostile strings also go through the reply path.
 */

const RUNS = Number(process.env.BAD_INPUT_RUNS) || 25;

// ---- hostile values --------------------------------------------------------------------------------------

const unicodeEdgeCases = [
  "\ud800", // lone high surrogate
  "\udfff", // lone low surrogate
  "a\ud83db", // half an emoji
  "\u202eevil\u202c", // right-to-left override
  "\u200f\u200e", // RTL and LTR marks
  "\u200b\u200c\u200d\u2060", // zero-width characters
  "\ufeff", // byte order mark
  "\u0000",
  "a\u0000b",
  "\u0001\u001f\u007f",
  "👩🏽‍⚕️💊🩺",
  "e\u0301\u0301\u0301\u0301",
  "Z\u0335\u0321\u031b\u034ea\u0337l\u0336g\u0338o",
  "\u0085\u2028\u2029",
  "\uffff\ufffe",
  "\u{10ffff}",
  "İıßẞǅ",
  "\r\n\t",
  "\u00a0\u3000",
  "ﷺ﷽",
];

const injections = [
  "' OR '1'='1",
  "'; DROP TABLE messages; --",
  '"; DELETE FROM chats; --',
  "1; SELECT pg_sleep(5)",
  "%' OR 1=1 --",
  "' UNION SELECT password FROM accounts --",
  "\\",
  "%",
  "_",
  "$1",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "{{7*7}}",
  "$" + "{7*7}",
  "../../../etc/passwd",
  "__proto__",
  "constructor",
  "null",
  "undefined",
];

/** Past every limit: the password maximum, the message maximum, and the whole-body maximum. */
const hugeString = fc
  .tuple(fc.constantFrom(129, 8_001, 20_000, 70_000), fc.constantFrom("x", "ü", "💊", "a ", "\u0000", "\ud800"))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

/** The curated cases come up most; random strings and combinations around them. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...unicodeEdgeCases, ...injections) },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.constantFrom(...unicodeEdgeCases, ...injections, "word", "My knee hurts."), { minLength: 2, maxLength: 4 })
      .map((parts) => parts.join(" ")),
  },
  { weight: 1, arbitrary: fc.constantFrom("", " ", " \n\t ") },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
);

/** Inserts a hostile string into a valid one (so it keeps the valid one's shape: an e-mail, a token, a sentence). */
const embedded = (valid: string, hostile: string, at: number) => {
  const index = at % (valid.length + 1);
  return `${valid.slice(0, index)}${hostile}${valid.slice(index)}`;
};

/** Every class of trouble in one string (and again without NUL, which is refused first): run first, everywhere. */
const KILLERS = [
  "a\u0000b \ud800 \u202e\u200b 👩🏽‍⚕️ e\u0301 ' OR 1=1; -- <script>alert(1)</script>",
  "\ud800 \u202e\u200b 👩🏽‍⚕️ e\u0301 ' OR 1=1; -- <script>alert(1)</script>",
];

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.constant({ $ne: "" }),
  fc.constant(["en", "de"]),
);

const malformedJson = fc.oneof(
  fc.constantFrom(
    "",
    "{",
    "{not json",
    '{"text": "hi"',
    '{"a":1,}',
    "{'single': 'quotes'}",
    "[",
    "}",
    "nul",
    "tru",
    "NaN",
    "Infinity",
    "1e999999",
    "\u0000",
    "\ufeff{}",
    '{"a":1}{"b":2}',
    '{"__proto__": {"admin": true}}',
    '{"constructor": {"prototype": {"admin": true}}}',
    `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
    `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`,
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.json({ maxDepth: 2 }).chain((json) => fc.nat({ max: Math.max(0, json.length - 1) }).map((end) => json.slice(0, end))),
);

/** Any JSON that is not an object: the wrong type for the whole body. */
const wrongTopLevel = fc.jsonValue({ maxDepth: 2 }).filter((v) => v === null || typeof v !== "object" || Array.isArray(v));

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "application/json; charset=utf-16",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=xyz",
      "",
    ),
  },
);

/** Percent-encodes any string, lone surrogates included (as their ill-formed UTF-8 bytes). */
function percentEncode(value: string): string {
  let out = "";
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff)
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    else out += encodeURIComponent(char);
  }
  return out;
}

const rawWeirdSegments = ["%", "%zz", "%00", "%2e%2e", "a%2Fb", "%ED%A0%80", "%FF", "%C0%AF", "%20", "..%5C", "+", "null", "0", "-1"];

const genericQueryKeys = ["q", "id", "token", "callbackURL", "chatId", "userId"];

// ---- the route table -------------------------------------------------------------------------------------

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The user a route is fuzzed as: their chat and its messages, and another user's. */
interface Fixture {
  agent: Agent;
  userId: string;
  email: string;
  password: string;
  chatId: string;
  /** The assistant reply in the chat (the only kind of message feedback applies to). */
  replyId: string;
  userMessageId: string;
}
interface Context {
  me: Fixture;
  other: Fixture;
  /** A user the operator may disable (never the other user, whose data must stay as it was). */
  victim: Fixture;
}

interface Route extends Spec {
  method: Method;
  /** The pattern: its path param (`:id`, `:kind`) is replaced with a generated one. */
  path: string;
}

interface Spec {
  /** What the path param names, so valid ids (own and the other user's) are among the generated ones. */
  id?: "chat" | "message" | "user" | "export-kind" | "prompt";
  /** Sent by an operator (OPERATOR_EMAILS) instead of an ordinary user. */
  as?: "operator";
  /** Changes its user (their chat, rating, session or password): gets a user of its own instead of the shared one. */
  fresh?: true;
  /** The body's fields with their valid values; hostile and wrong-typed ones are generated around them. */
  fields?: (ctx: Context) => Record<string, fc.Arbitrary<unknown>>;
  /** Well-formed values of a field that are not this user's to use (another user's chat, a made-up id). */
  others?: (ctx: Context) => Record<string, unknown[]>;
  /** Optional query parameters the route (or better-auth) reads; generated more often than made-up ones. */
  query?: string[];
  /** Query parameters the route needs, with valid values: sent with every request, one of them made bad at a time. */
  validQuery?: Record<string, string>;
  /** The route's own user is consumed by a successful call: every run gets a new one. */
  perRun?: "new-user" | "new-session";
  runs?: number;
}

const language = fc.constantFrom(...languages);
const isoDay = (daysFromNow: number) => new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);
const days = { from: isoDay(-30), to: isoDay(1) };
const OPERATOR_EMAIL = "operator@example.com";
const strongPassword = fc.constantFrom(GOOD_PASSWORD, OTHER_GOOD_PASSWORD, "purple rivers carry small boats");
const emails = (ctx: Context) =>
  fc.oneof(fc.constantFrom(ctx.me.email, ctx.other.email, ` ${ctx.me.email.toUpperCase()} `), fc.emailAddress());

/**
 * How to fuzz each API route, keyed `METHOD /pattern`. The routes come from the app itself (`apiRoutesOf`) and
 * from the better-auth allowlist (src/server/http/exposed-auth-routes.ts); a route with no entry here fails the
 * test, so a new route is fuzzed from the start. `{}`: no body, no path param, only the query is made bad.
 */
const specs: Record<string, Spec> = {
  "GET /api/password-policy": {},
  "GET /api/site-config": {},
  "GET /api/starter-questions": {},
  "GET /api/health": {},
  "GET /api/profile": {},
  "PUT /api/profile/language": { fields: () => ({ languageCode: language }) },
  "PUT /api/profile/display": { fields: () => ({ textSize: fc.constantFrom(...textSizes), theme: fc.constantFrom(...themes) }) },
  "GET /api/account/export": {},
  "GET /api/account/sessions": {},
  "POST /api/account/sessions/revoke-others": {},
  "DELETE /api/account": { perRun: "new-user", runs: 8 },
  "GET /api/chats": { query: ["q", "cursor"] },
  "GET /api/chats/:id": { id: "chat", query: ["before"] },
  "POST /api/chats/messages": {
    fields: (ctx) => ({ chatId: fc.constant(ctx.me.chatId), text: fc.string({ minLength: 1, maxLength: 60 }), language }),
    others: (ctx) => ({ chatId: [ctx.other.chatId, crypto.randomUUID()] }),
  },
  "POST /api/chats/:id/regenerate": { id: "chat", fields: () => ({ language }), fresh: true },
  "POST /api/chats/:id/edit": {
    id: "chat",
    fields: (ctx) => ({
      messageId: fc.constantFrom(ctx.me.userMessageId, ctx.me.replyId, ctx.other.userMessageId),
      text: fc.string({ minLength: 1, maxLength: 60 }),
      language,
    }),
    fresh: true,
  },
  "PUT /api/messages/:id/feedback": { id: "message", fields: () => ({ kind: fc.constantFrom(...feedbackKinds) }), fresh: true },
  "PUT /api/messages/:id/feedback-reason": {
    id: "message",
    fields: () => ({ reason: fc.constantFrom(...feedbackReasons), comment: fc.string({ maxLength: 80 }) }),
  },
  "PATCH /api/chats/:id": { id: "chat", fields: () => ({ title: fc.string({ minLength: 1, maxLength: 90 }), pinned: fc.boolean() }) },
  "DELETE /api/chats/:id": { id: "chat", fresh: true },
  "DELETE /api/chats": { fresh: true },
  "POST /api/auth/sign-up/email": {
    fields: (ctx) => ({
      email: emails(ctx),
      password: strongPassword,
      name: fc.constant(""),
      languageCode: language,
      callbackURL: fc.constant("/"),
    }),
    runs: 20,
    fresh: true,
  },
  "POST /api/auth/sign-in/email": {
    fields: (ctx) => ({ email: emails(ctx), password: strongPassword, callbackURL: fc.constant("/") }),
    runs: 20,
    // It may sign its agent in as the other user (every fixture has the same password).
    fresh: true,
  },
  "POST /api/auth/sign-out": { perRun: "new-session", runs: 8 },
  "POST /api/auth/request-password-reset": {
    fields: (ctx) => ({ email: emails(ctx), redirectTo: fc.constant("/reset-password") }),
    query: ["callbackURL"],
  },
  "POST /api/auth/reset-password": {
    fields: () => ({ token: fc.string({ maxLength: 32 }), newPassword: strongPassword }),
    query: ["token"],
  },
  "GET /api/auth/get-session": { query: ["disableCookieCache", "disableRefresh"] },
  "POST /api/auth/send-verification-email": {
    fields: (ctx) => ({ email: emails(ctx) }),
    runs: 10,
  },
  "POST /api/auth/confirm-email": { fields: () => ({ token: fc.string({ maxLength: 64 }) }), runs: 10 },
  "POST /api/auth/change-password": {
    fields: (ctx) => ({ currentPassword: fc.constant(ctx.me.password), newPassword: strongPassword, revokeOtherSessions: fc.boolean() }),
    runs: 20,
    fresh: true,
  },
  // better-auth endpoints we do not expose (they answer 404): the refusal must stay well-formed too.
  "POST /api/auth/forget-password": { fields: (ctx) => ({ email: emails(ctx) }), runs: 10 },
  "POST /api/auth/delete-user": { fields: (ctx) => ({ password: fc.constant(ctx.me.password) }), runs: 10 },
  "GET /api/auth/verify-email": { query: ["token", "callbackURL"], runs: 10 },
  // The research team's tools (src/server/routes/operator.ts); run last: they change the system prompt.
  "GET /api/operator/stats": { as: "operator", validQuery: days },
  "GET /api/operator/audit": { as: "operator", validQuery: days },
  "GET /api/operator/disliked": { as: "operator", validQuery: days, query: ["language"] },
  "GET /api/operator/export/:kind": { id: "export-kind", as: "operator", validQuery: { ...days, format: "csv" } },
  "GET /api/operator/users": { as: "operator", validQuery: { email: "example.com" } },
  "PUT /api/operator/users/:id/disabled": { id: "user", as: "operator", fields: () => ({ disabled: fc.boolean() }) },
  "GET /api/operator/prompts": { as: "operator" },
  "GET /api/operator/prompts/:id/versions": { id: "prompt", as: "operator" },
  "PUT /api/operator/prompts/:id": {
    id: "prompt",
    as: "operator",
    fields: () => ({ prompt: fc.string({ minLength: 1, maxLength: 200 }) }),
  },
};

/** better-auth endpoints that are not exposed, fuzzed anyway (above). */
const refusedAuthRoutes = ["POST /api/auth/forget-password", "POST /api/auth/delete-user", "GET /api/auth/verify-email"];

/**
 * Every route to fuzz, in the app's order with the operator's last, each with its spec; and the routes that have
 * none, and the specs whose route is gone (both fail the test).
 */
function routesToFuzz(app: TestApp["app"]) {
  const all = [...apiRoutesOf(app), ...exposedAuthApiRoutes, ...refusedAuthRoutes];
  const ordered = [...all.filter((key) => !key.includes(" /api/operator/")), ...all.filter((key) => key.includes(" /api/operator/"))];
  const routes: Route[] = ordered.flatMap((key) => {
    const spec = specs[key];
    const [method, path = ""] = key.split(" ") as [Method, string];
    return spec ? [{ ...spec, method, path }] : [];
  });
  return { routes, unspecified: all.filter((key) => !(key in specs)), stale: Object.keys(specs).filter((key) => !all.includes(key)) };
}

// ---- generated requests ----------------------------------------------------------------------------------

/** One request: a valid one with exactly one part made bad (a field, the whole body, the path param or the query). */
interface Input {
  target: string;
  id?: string;
  query: string;
  /** undefined: no body at all. */
  body?: string;
  contentType: string;
}

const OMIT = Symbol("omit");

function validIds(route: Route, ctx: Context): string[] {
  switch (route.id) {
    case "message":
      return [ctx.me.replyId, ctx.me.userMessageId, ctx.other.replyId, ctx.other.userMessageId, ctx.me.chatId];
    case "user":
      return [ctx.victim.userId, ctx.me.userId];
    case "export-kind":
      return [...exportKinds];
    case "prompt":
      return Object.values(PROMPT_IDS);
    default:
      return [ctx.me.chatId, ctx.other.chatId, ctx.me.replyId];
  }
}

function pathParam(route: Route, ctx: Context): fc.Arbitrary<string> {
  const valid = validIds(route, ctx);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...valid) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constantFrom(...valid).map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: fc.constantFrom(...valid).map((id) => `{${id}}`) },
    { weight: 1, arbitrary: fc.constantFrom(...valid).map((id) => id.replace(/-/g, "")) },
    { weight: 1, arbitrary: fc.constantFrom(...valid).map((id) => `${id}%00`) },
    { weight: 1, arbitrary: fc.constantFrom(...rawWeirdSegments) },
    { weight: 4, arbitrary: hostileString.filter((value) => value !== "").map(percentEncode) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(...valid), hostileString, fc.nat()).map(([id, bad, at]) => percentEncode(embedded(id, bad, at))),
    },
  );
}

/** A bad value for one field: hostile text, hostile text inside a valid value, the wrong type, or none. */
function badField(valid: fc.Arbitrary<unknown>, others: unknown[] = []): fc.Arbitrary<unknown> {
  return fc.oneof(
    ...(others.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...others) }] : []),
    { weight: 4, arbitrary: hostileString },
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid, hostileString, fc.nat())
        .map(([value, bad, at]) => (typeof value === "string" ? embedded(value, bad, at) : bad)),
    },
    { weight: 2, arbitrary: wrongType },
    { weight: 1, arbitrary: fc.constant(OMIT) },
  );
}

/** A bad body as a whole: not JSON, not an object, unknown keys, empty, or missing; with odd content types. */
function badBody(validObject: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string | undefined> {
  const extraKeys = fc.dictionary(
    fc.constantFrom("extra", "__proto__", "constructor", "id", "userId", "role", "position", "sender", "emailVerified"),
    fc.jsonValue({ maxDepth: 1 }),
    { minKeys: 1, maxKeys: 2 },
  );
  return fc.oneof(
    { weight: 3, arbitrary: malformedJson },
    { weight: 1, arbitrary: wrongTopLevel.map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: fc.tuple(validObject, extraKeys).map(([object, extra]) => JSON.stringify({ ...object, ...extra })) },
    { weight: 1, arbitrary: fc.constantFrom("{}", undefined) },
  );
}

type Pairs = [string, string][];

const encodeQuery = (pairs: Pairs) =>
  pairs.length === 0 ? "" : `?${pairs.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join("&")}`;

/** The query parameters a route reads (optional and needed ones), and its needed ones with valid values. */
function queryKeys(route: Route): { keys: string[]; valid: Pairs } {
  const valid = Object.entries(route.validQuery ?? {});
  return { keys: [...new Set([...(route.query ?? []), ...valid.map(([key]) => key)])], valid };
}

/** A bad query: one parameter hostile, hostile inside its valid value, missing or repeated; made-up ones; raw junk. */
function badQuery(route: Route): fc.Arbitrary<string> {
  const { keys, valid } = queryKeys(route);
  const known = keys.length > 0 ? keys : ["q"];
  const without = (key: string) => valid.filter(([name]) => name !== key);
  const oneBad = fc.constantFrom(...known).chain((key) =>
    fc
      .oneof(
        hostileString.map((bad): Pairs => [...without(key), [key, bad]]),
        fc
          .tuple(hostileString, fc.nat())
          .map(([bad, at]): Pairs => [...without(key), [key, embedded(route.validQuery?.[key] ?? "", bad, at)]]),
        fc.constant(without(key)),
        hostileString.map((bad): Pairs => [...valid, [key, bad]]),
      )
      .map(encodeQuery),
  );
  const pair = fc.tuple(
    fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known, ...genericQueryKeys) }, { weight: 1, arbitrary: hostileString }),
    hostileString,
  );
  const madeUp = fc.array(pair, { minLength: 1, maxLength: 3 }).map((pairs) => encodeQuery([...valid, ...pairs]));
  const base = encodeQuery(valid);
  const junk = fc
    .constantFrom(...known)
    .chain((key) => fc.constantFrom("", "&&&", "=", key, `${key}=%`, `${key}=%zz`, `${key}=%00`, `${key}=%E0%A4%A`, `${key}=a&${key}=b`))
    .map((raw) => (base ? `${base}&${raw}` : `?${raw}`));
  return fc.oneof({ weight: 3, arbitrary: oneBad }, { weight: 2, arbitrary: madeUp }, { weight: 1, arbitrary: junk });
}

function inputOf(route: Route, ctx: Context): fc.Arbitrary<Input> {
  const fields = route.fields?.(ctx) ?? {};
  const others = route.others?.(ctx) ?? {};
  const hasBody = route.method !== "GET";
  const validObject = fc.record(fields);
  const id = route.id ? fc.constantFrom(validIds(route, ctx)[0] as string) : fc.constant(undefined);
  const targets = [...(hasBody ? [...Object.keys(fields).map((key) => `field:${key}`), "body"] : []), ...(route.id ? ["id"] : []), "query"];
  return fc.constantFrom(...targets).chain((target) => {
    const body: fc.Arbitrary<string | undefined> = !hasBody
      ? fc.constant(undefined)
      : target === "body"
        ? badBody(validObject)
        : target.startsWith("field:")
          ? fc
              .tuple(validObject, badField(fields[target.slice(6)] as fc.Arbitrary<unknown>, others[target.slice(6)]))
              .map(([object, bad]) => {
                const key = target.slice(6);
                const { [key]: _valid, ...rest } = object;
                return JSON.stringify(bad === OMIT ? rest : { ...rest, [key]: bad });
              })
          : validObject.map((object) => JSON.stringify(object));
    return fc.record({
      target: fc.constant(target),
      id: target === "id" ? pathParam(route, ctx) : id,
      query: target === "query" ? badQuery(route) : fc.constant(encodeQuery(queryKeys(route).valid)),
      body,
      contentType: target === "body" ? contentType : fc.constant("application/json"),
    });
  });
}

/** The KILLERS in each field (inside its valid value), in the path param and in each query parameter. */
function examplesOf(route: Route, ctx: Context): Input[] {
  const fields = route.fields?.(ctx) ?? {};
  const valid = Object.fromEntries(
    Object.entries(fields).map(([key, arbitrary]) => [key, fc.sample(arbitrary, { numRuns: 1, seed: 1 })[0]]),
  );
  const hasBody = route.method !== "GET";
  const { keys, valid: validQuery } = queryKeys(route);
  const base: Input = {
    target: "",
    id: route.id ? validIds(route, ctx)[0] : undefined,
    query: encodeQuery(validQuery),
    body: hasBody ? JSON.stringify(valid) : undefined,
    contentType: "application/json",
  };
  const examples: Input[] = [];
  for (const killer of KILLERS) {
    if (hasBody) {
      for (const [key, value] of Object.entries(valid)) {
        const bad = typeof value === "string" ? embedded(value, killer, Math.floor(value.length / 2)) : killer;
        examples.push({ ...base, target: `field:${key}`, body: JSON.stringify({ ...valid, [key]: bad }) });
      }
    }
    if (route.id && base.id) examples.push({ ...base, target: "id", id: percentEncode(embedded(base.id, killer, 8)) });
    for (const key of keys) {
      const bad = embedded(route.validQuery?.[key] ?? "", killer, 4);
      examples.push({ ...base, target: "query", query: encodeQuery([...validQuery.filter(([name]) => name !== key), [key, bad]]) });
    }
  }
  return examples;
}

function describeInput(input: Input): string {
  const short = (value: string | undefined) => (value && value.length > 200 ? `${value.slice(0, 200)}… (${value.length} chars)` : value);
  return JSON.stringify({ ...input, body: short(input.body), query: short(input.query), id: short(input.id) });
}

// ---- the properties --------------------------------------------------------------------------------------

/**
 * A 2xx, or a 4xx with a JSON `{ code, message }` whose code is one of apiErrorCodes: better-auth's own errors
 * get one of ours at the server edge (src/server/http/auth-error.ts).
 */
function expectWellFormedAnswer(response: TestResponse, label: string) {
  const what = `${label} answered ${response.status}: ${response.text.slice(0, 300)}`;
  expect(response.status, what).toBeGreaterThanOrEqual(200);
  expect(response.status, what).toBeLessThan(500);
  expect(response.status >= 300 && response.status < 400, what).toBe(false);
  if (response.status >= 400) {
    expect(response.headers.get("content-type"), what).toContain("application/json");
    expect(typeof response.body.code === "string" && response.body.code.length > 0, `${what}: no code`).toBe(true);
    expect(apiErrorCodes, `${what}: not an ApiErrorCode`).toContain(response.body.code);
    expect(typeof response.body.message === "string" && response.body.message.length > 0, `${what}: no message`).toBe(true);
    return;
  }
  if (response.headers.get("content-type")?.includes("text/event-stream")) {
    // A legitimate message: the reply must be streamed and saved, not fail half way.
    const events = parseEvents(response.text);
    expect(eventOf(events, "error"), `${what}: the reply failed`).toBeUndefined();
    expect(eventOf(events, "done"), `${what}: the reply did not finish`).toBeDefined();
  }
}

/** Everything of a user that no other user may change. */
async function snapshotOf(db: Database, userId: string) {
  const chatRows = await db.select().from(chats).where(eq(chats.userId, userId)).orderBy(asc(chats.createdAt));
  const messageRows =
    chatRows.length === 0
      ? []
      : await db
          .select()
          .from(messages)
          .where(
            inArray(
              messages.chatId,
              chatRows.map((chat) => chat.id),
            ),
          )
          .orderBy(asc(messages.chatId), asc(messages.position));
  const userRows = await db.select().from(users).where(eq(users.id, userId));
  const accountRows = await db.select().from(accounts).where(eq(accounts.userId, userId));
  const profileRows = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return { chatRows, messageRows, userRows, accountRows, profileRows };
}

/** A request that hangs fails as its own input (seed and all), not as the whole test's timeout. */
const REQUEST_TIMEOUT_MS = 30_000;
async function answerWithin<T>(ms: number, answer: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

let userCount = 0;

async function newFixture(t: TestApp, label: string, email = `${label}-${++userCount}@example.com`): Promise<Fixture> {
  const agent = t.client();
  const userId = ((await signUp(agent, email)).body.user as { id: string }).id;
  if (email === OPERATOR_EMAIL) await confirmAndSignIn(t, agent, email);
  const sent = await sendMessage(agent, "My knee hurts after running.");
  const replyId = eventOf(sent.events, "done")?.message.id;
  const userMessageId = eventOf(sent.events, "start")?.userMessage?.id;
  if (!sent.chatId || !replyId || !userMessageId) throw new Error(`fixture chat for ${email} failed: ${sent.response.text}`);
  // Rated, so a reason can be added to it.
  const liked = await agent.put(`/api/messages/${replyId}/feedback`, { kind: "like" });
  if (liked.status !== 200) throw new Error(`liking the fixture reply failed: ${liked.text}`);
  return { agent, userId, email, password: GOOD_PASSWORD, chatId: sent.chatId, replyId, userMessageId };
}

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModel({ tokenDelayMs: 0 });
});
afterAll(() => fake.close());

describeEachDatabase("bad input properties", ({ createApp }) => {
  it("answers every API route's bad input with a 2xx or a JSON 4xx, and leaves another user's data alone", {
    timeout: 180_000,
  }, async () => {
    const logLines: string[] = [];
    const t = await createApp(
      {
        OPENAI_BASE_URL: fake.url,
        LLM_MAX_RETRIES: "0",
        // "info": our logger writes into logLines, and better-auth does not print its client errors to stderr.
        LOG_LEVEL: "info",
        CHAT_RATE_LIMIT_PER_USER: "100000",
        CHAT_RATE_LIMIT_PER_IP: "100000",
        RATE_LIMIT_MAX: "100000",
        SIGN_IN_RATE_LIMIT_MAX: "100000",
        SIGN_UP_RATE_LIMIT_MAX: "100000",
        PASSWORD_RESET_RATE_LIMIT_MAX: "100000",
        FAILED_SIGN_IN_MAX: "100000",
        FAILED_SIGN_IN_DELAY_AFTER: "100000",
        OPERATOR_EMAILS: OPERATOR_EMAIL,
      },
      { logLines },
    );

    // The other user: two chats, a second exchange and a rated reply, all made before any bad input arrives.
    const other = await newFixture(t, "other");
    await sendMessage(other.agent, "And it is swollen.", { chatId: other.chatId });
    await sendMessage(other.agent, "A second topic: headaches.");
    expect((await other.agent.put(`/api/messages/${other.replyId}/feedback-reason`, { reason: "helpful" })).status).toBe(200);
    const otherId = other.userId;
    const before = await snapshotOf(t.db, otherId);
    const shared = await newFixture(t, "me");
    const operator = await newFixture(t, "operator", OPERATOR_EMAIL);
    const victim = await newFixture(t, "victim");
    expect(before.messageRows).toHaveLength(6);

    const { routes, unspecified, stale } = routesToFuzz(t.app);
    expect(unspecified, "routes with no fuzz spec").toEqual([]);
    expect(stale, "fuzz specs for routes the app does not have").toEqual([]);
    const failures: string[] = [];
    for (const route of routes) {
      const label = `${route.method} ${route.path}`;
      const me = route.as === "operator" ? operator : route.fresh ? await newFixture(t, "me") : shared;
      const ctx: Context = { me, other, victim };
      const result = await fc.check(
        fc.asyncProperty(inputOf(route, ctx), async (input) => {
          let agent = me.agent;
          if (route.perRun === "new-user") agent = (await newFixture(t, "gone")).agent;
          if (route.perRun === "new-session") {
            agent = t.client();
            await signIn(agent, me.email, me.password);
          }
          const path = `${route.path.replace(/:[A-Za-z]+/, input.id ?? "")}${input.query}`;
          const headers = input.body === undefined ? undefined : { "content-type": input.contentType };
          const response = await answerWithin(REQUEST_TIMEOUT_MS, agent.send(route.method, path, { rawBody: input.body, headers }));
          // A 5xx's server log line (by its errorId), so a failure shows the cause.
          const errorId = typeof response.body.errorId === "string" ? response.body.errorId : undefined;
          const logged = errorId ? (logLines.find((line) => line.includes(errorId))?.slice(0, 2000) ?? "") : "";
          const request = `${route.method} ${path.slice(0, 200)}${logged ? `\n  log: ${logged}` : ""}`;
          expectWellFormedAnswer(response, request);
        }),
        { numRuns: route.runs ?? RUNS, endOnFailure: true, examples: examplesOf(route, ctx).map((input) => [input]) },
      );
      if (result.failed) {
        const [input] = result.counterexample ?? [];
        const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        failures.push(
          `${label} (seed ${result.seed}, path ${result.counterexamplePath}):\n  input ${input ? describeInput(input) : "?"}\n  ${error}`,
        );
      }
      const after = await snapshotOf(t.db, otherId);
      if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${label}: changed the other user's data`);
    }

    expect((await t.client().get("/api/health")).status).toBe(200);
    expect((await other.agent.get(`/api/chats/${other.chatId}`)).status).toBe(200);
    expect(failures, failures.join("\n\n")).toEqual([]);
    // Our own error lines ("unhandled error", "reply stream failed"); better-auth logs the client errors it
    // refuses (an invalid callbackURL, a disabled endpoint) at error level too, and those are not crashes.
    const errors = logLines.filter((line) => line.includes('"level":"error"') && !line.includes('"message":"better-auth: '));
    expect(errors).toEqual([]);
  });

  it("answers the bad input the properties found with a JSON 4xx (regressions)", async () => {
    const t = await createApp({ OPENAI_BASE_URL: fake.url, LOG_LEVEL: "silent", OPERATOR_EMAILS: OPERATOR_EMAIL });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const expectClientError = (response: TestResponse, status: number, code: string) => {
      expect([response.status, response.body.code], response.text).toEqual([status, code]);
      expect(response.body.message, response.text).toBeTypeOf("string");
    };

    // NUL cannot be stored in PostgreSQL text: refused up front (it was a 500 from the database).
    expectClientError(await alice.post("/api/chats/messages", { text: "a\u0000b", language: "en" }), 400, "bad-request");
    expect((await alice.get("/api/chats?q=%00")).status).toBe(200);
    const reset = { newPassword: OTHER_GOOD_PASSWORD };
    expectClientError(await t.client().post("/api/auth/reset-password", { ...reset, token: "a\u0000b" }), 400, "bad-request");
    expectClientError(await t.client().post("/api/auth/reset-password?token=a%00b", reset), 400, "bad-request");
    const nulEmail = { email: "a\u0000@example.com", password: GOOD_PASSWORD };
    expectClientError(await t.client().post("/api/auth/sign-in/email", nulEmail), 400, "bad-request");
    // An e-mail past RFC 5321's 254 characters (one of thousands overflowed the sign-in throttle's index: a 500).
    const longEmail = `${"x".repeat(250)}@example.com`;
    expectClientError(
      await t.client().post("/api/auth/sign-in/email", { email: longEmail, password: GOOD_PASSWORD }),
      400,
      "invalid-email",
    );
    expectClientError(
      await t.client().post("/api/auth/sign-up/email", { email: longEmail, password: GOOD_PASSWORD, name: "" }),
      400,
      "invalid-email",
    );

    // A redirect URL that is not ASCII made better-auth throw building the redirect (a 500).
    const signIn = { email: "alice@example.com", password: GOOD_PASSWORD };
    expectClientError(await t.client().post("/api/auth/sign-in/email", { ...signIn, callbackURL: "/💊" }), 400, "bad-request");
    const resetTo = { email: "alice@example.com", redirectTo: "/reset-password\ud800" };
    expectClientError(await t.client().post("/api/auth/request-password-reset", resetTo), 400, "bad-request");

    // The operator's tools: NUL in a query or a user id, and days PostgreSQL cannot hold (each was a 500).
    const operator = t.client();
    await signUpVerified(t, operator, OPERATOR_EMAIL);
    expectClientError(await operator.get("/api/operator/users?email=ab%00c"), 400, "bad-request");
    expectClientError(await operator.put("/api/operator/users/ab%00c/disabled", { disabled: true }), 404, "not-found");
    for (const [from, to] of [
      ["0000-01-01", "0000-01-31"],
      ["9999-12-01", "9999-12-31"],
      ["2026-02-30", "2026-03-02"],
    ]) {
      expectClientError(await operator.get(`/api/operator/stats?from=${from}&to=${to}`), 400, "bad-request");
      expectClientError(await operator.get(`/api/operator/export/chats?from=${from}&to=${to}`), 400, "bad-request");
    }

    // better-auth answers these with no code (or no body); they get ours, with their status and headers kept.
    expectClientError(await alice.post("/api/auth/delete-user", { password: GOOD_PASSWORD }), 404, "not-found");
    const redirect = await t.client().post("/api/auth/request-password-reset", { email: "alice@example.com", redirectTo: { $ne: "" } });
    expectClientError(redirect, 400, "bad-request");
    expect(redirect.body.message).toMatch(/redirect/i);
    // Its own limit on change-password (3 in 10 s) answers 429 with a message only.
    const answers: TestResponse[] = [];
    for (let i = 0; i < 4; i++) {
      answers.push(await alice.post("/api/auth/change-password", { currentPassword: "wrong password", newPassword: OTHER_GOOD_PASSWORD }));
    }
    expectClientError(answers[0] as TestResponse, 400, "invalid-credential");
    expectClientError(answers[3] as TestResponse, 429, "too-many-requests");
    expect(answers[3]?.headers.get("x-retry-after")).toMatch(/^\d+$/);
  });
});
