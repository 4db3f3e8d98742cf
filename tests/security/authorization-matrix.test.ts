import { expect, it } from "vitest";
import type { Agent } from "../helpers/agent";
import { signUp } from "../helpers/auth";
import { eventOf, sendMessage } from "../helpers/chat";
import { describeEachDatabase } from "../helpers/test-app";

/** Every user-data route of the API: who may call it, and what another user gets. */
type Route = { method: "GET" | "POST" | "PUT" | "DELETE"; path: (ids: Ids) => string; body?: unknown; owned: boolean; pattern: string };
type Ids = { chatId: string; messageId: string };

const routes: Route[] = [
  { method: "GET", pattern: "/api/profile", path: () => "/api/profile", owned: false },
  { method: "PUT", pattern: "/api/profile/language", path: () => "/api/profile/language", body: { languageCode: "de" }, owned: false },
  { method: "GET", pattern: "/api/account/export", path: () => "/api/account/export", owned: false },
  { method: "GET", pattern: "/api/chats", path: () => "/api/chats", owned: false },
  { method: "GET", pattern: "/api/chats/:id", path: (ids) => `/api/chats/${ids.chatId}`, owned: true },
  {
    method: "POST",
    pattern: "/api/chats/messages",
    path: () => "/api/chats/messages",
    body: { text: "hello", language: "en" },
    owned: false,
  },
  {
    method: "POST",
    pattern: "/api/chats/messages",
    path: () => "/api/chats/messages",
    body: { chatId: "CHAT", text: "hello", language: "en" },
    owned: true,
  },
  {
    method: "POST",
    pattern: "/api/chats/:id/regenerate",
    path: (ids) => `/api/chats/${ids.chatId}/regenerate`,
    body: { language: "en" },
    owned: true,
  },
  {
    method: "PUT",
    pattern: "/api/messages/:id/feedback",
    path: (ids) => `/api/messages/${ids.messageId}/feedback`,
    body: { kind: "like" },
    owned: true,
  },
  {
    method: "PUT",
    pattern: "/api/messages/:id/feedback-reason",
    path: (ids) => `/api/messages/${ids.messageId}/feedback-reason`,
    body: { reason: "unclear" },
    owned: true,
  },
  { method: "DELETE", pattern: "/api/chats/:id", path: (ids) => `/api/chats/${ids.chatId}`, owned: true },
  { method: "DELETE", pattern: "/api/chats", path: () => "/api/chats", owned: false },
  { method: "DELETE", pattern: "/api/account", path: () => "/api/account", owned: false },
];

/** Routes anyone may call: they hold no user data. */
const publicRoutes = ["GET /api/password-policy", "GET /api/site-config", "GET /api/health"];
/** The research team's routes: the same 404 for anyone but an operator, signed in or not (tests/research). */
const operatorRoutes = [
  "GET /api/operator/stats",
  "GET /api/operator/audit",
  "GET /api/operator/disliked",
  "GET /api/operator/export/:kind",
  "GET /api/operator/users",
  "PUT /api/operator/users/:id/disabled",
  "GET /api/operator/prompts",
  "GET /api/operator/prompts/:id/versions",
  "PUT /api/operator/prompts/:id",
];
/** better-auth's routes, behind an allowlist (src/server/http/exposed-auth-routes.ts) and tested in tests/server. */
const authRoutes = ["GET /api/auth/*", "POST /api/auth/*"];

const call = (agent: Agent, route: Route, ids: Ids) => {
  const body = route.body && JSON.parse(JSON.stringify(route.body).replace('"CHAT"', JSON.stringify(ids.chatId)));
  return agent.send(route.method, route.path(ids), body === undefined ? {} : { json: body });
};

describeEachDatabase("authorization matrix", ({ createApp }) => {
  it("anonymous gets 401 everywhere; another user gets 404 on the owner's things and changes nothing", async () => {
    const t = await createApp();
    const owner = t.client();
    const other = t.client();
    await signUp(owner, "owner@example.com");
    await signUp(other, "other@example.com");
    const sent = await sendMessage(owner, "owner's question");
    const ids = { chatId: sent.chatId as string, messageId: eventOf(sent.events, "done")?.message.id as string };
    const before = await owner.get(`/api/chats/${ids.chatId}`);

    for (const route of routes) {
      const anonymous = await call(t.client(), route, ids);
      expect(anonymous.status, `${route.method} ${route.path(ids)} anonymous`).toBe(401);
      if (route.owned) {
        const stranger = await call(other, route, ids);
        expect(stranger.status, `${route.method} ${route.path(ids)} as another user`).toBe(404);
      }
    }
    expect((await owner.get(`/api/chats/${ids.chatId}`)).json).toEqual(before.json);
    expect((await other.get("/api/chats")).json).toEqual([]);

    for (const route of routes.filter((r) => r.owned && r.method !== "DELETE")) {
      const own = await call(owner, route, ids);
      expect(own.status, `${route.method} ${route.path(ids)} as the owner`).toBe(200);
    }
    const ownDelete = await owner.delete(`/api/chats/${ids.chatId}`);
    expect(ownDelete.status, "DELETE /api/chats/:id as the owner").toBe(200);
  });

  it("covers every route the app has; the public ones answer anyone and reveal no user data", async () => {
    const t = await createApp();
    const registered = t.app.routes.filter((r) => r.path.startsWith("/api/") && r.method !== "ALL").map((r) => `${r.method} ${r.path}`);
    const covered = new Set([...routes.map((r) => `${r.method} ${r.pattern}`), ...publicRoutes, ...authRoutes, ...operatorRoutes]);
    expect(registered.filter((route) => !covered.has(route))).toEqual([]);

    const owner = t.client();
    await signUp(owner, "owner@example.com");
    await sendMessage(owner, "owner's question");
    for (const route of operatorRoutes) {
      const [method = "GET", pattern = ""] = route.split(" ");
      const path = pattern.replace(":kind", "chats").replace(":id", "system");
      const body = method === "PUT" ? { json: { prompt: "changed", disabled: true } } : {};
      for (const [who, agent] of [
        ["anonymous", t.client()],
        ["a user", owner],
      ] as const) {
        expect((await agent.send(method, `${path}?from=2026-01-01&to=2026-01-02`, body)).status, `${route} as ${who}`).toBe(404);
      }
    }
    for (const route of publicRoutes) {
      const answer = await t.client().get(route.split(" ")[1] as string);
      expect(answer.status, route).toBe(200);
      expect(answer.text, route).not.toMatch(/owner@example\.com|owner's question/);
    }
  });
});
