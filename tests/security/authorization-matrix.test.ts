import { expect, it } from "vitest";
import type { Agent } from "../helpers/agent";
import { apiRoutesOf } from "../helpers/api-routes";
import { signUp } from "../helpers/auth";
import { eventOf, sendMessage } from "../helpers/chat";
import { describeEachDatabase } from "../helpers/test-app";

type Ids = { chatId: string; messageId: string; questionId: string };
/** One call of a user-data route: its path with the owner's ids filled in, its body ("CHAT": the owner's chat id). */
type Call = { path: (ids: Ids) => string; body?: unknown; owned: boolean };

/**
 * Who may call a route. `user`: 401 without a session; the calls that name the owner's things (`owned`) answer
 * another user 404 and change nothing, and the owner 200. `public`: 200 for anyone, with no user data. `operator`:
 * the same 404 for anyone but an operator, signed in or not (the research tools; tests/research checks operators).
 */
type Access = { access: "user"; calls: Call[] } | { access: "public" } | { access: "operator" };

const user = (...calls: Call[]): Access => ({ access: "user", calls });
const own = (path: (ids: Ids) => string, body?: unknown): Call => ({ path, body, owned: true });
const mine = (path: string, body?: unknown): Call => ({ path: () => path, body, owned: false });

/**
 * Every API route of the app (`apiRoutesOf`: the app's own route list), with who may call it. A route the app
 * has and this table does not fails the first test, so a new route needs its row here.
 */
const matrix: Record<string, Access> = {
  "GET /api/password-policy": { access: "public" },
  "GET /api/site-config": { access: "public" },
  "GET /api/starter-questions": { access: "public" },
  "GET /api/health": { access: "public" },
  "GET /api/profile": user(mine("/api/profile")),
  "PUT /api/profile/language": user(mine("/api/profile/language", { languageCode: "de" })),
  "PUT /api/profile/display": user(mine("/api/profile/display", { textSize: "large", theme: "dark" })),
  "GET /api/account/export": user(mine("/api/account/export")),
  "GET /api/account/sessions": user(mine("/api/account/sessions")),
  "POST /api/account/sessions/revoke-others": user(mine("/api/account/sessions/revoke-others")),
  "DELETE /api/account": user(mine("/api/account")),
  "GET /api/chats": user(mine("/api/chats")),
  "DELETE /api/chats": user(mine("/api/chats")),
  "GET /api/chats/:id": user(own((ids) => `/api/chats/${ids.chatId}`)),
  "PATCH /api/chats/:id": user(own((ids) => `/api/chats/${ids.chatId}`, { title: "Renamed", pinned: true })),
  "DELETE /api/chats/:id": user(own((ids) => `/api/chats/${ids.chatId}`)),
  "POST /api/chats/messages": user(
    mine("/api/chats/messages", { text: "hello", language: "en" }),
    own(() => "/api/chats/messages", { chatId: "CHAT", text: "hello", language: "en" }),
  ),
  "POST /api/chats/:id/regenerate": user(own((ids) => `/api/chats/${ids.chatId}/regenerate`, { language: "en" })),
  "POST /api/chats/:id/edit": user(
    own((ids) => `/api/chats/${ids.chatId}/edit`, { messageId: "QUESTION", text: "owner's edited question", language: "en" }),
  ),
  "PUT /api/messages/:id/feedback": user(own((ids) => `/api/messages/${ids.messageId}/feedback`, { kind: "like" })),
  "PUT /api/messages/:id/feedback-reason": user(own((ids) => `/api/messages/${ids.messageId}/feedback-reason`, { reason: "unclear" })),
  "GET /api/operator/stats": { access: "operator" },
  "GET /api/operator/audit": { access: "operator" },
  "GET /api/operator/disliked": { access: "operator" },
  "GET /api/operator/export/:kind": { access: "operator" },
  "GET /api/operator/users": { access: "operator" },
  "PUT /api/operator/users/:id/disabled": { access: "operator" },
  "GET /api/operator/prompts": { access: "operator" },
  "GET /api/operator/prompts/:id/versions": { access: "operator" },
  "PUT /api/operator/prompts/:id": { access: "operator" },
};

const call = (agent: Agent, method: string, target: Call, ids: Ids) => {
  const body =
    target.body &&
    JSON.parse(
      JSON.stringify(target.body).replace('"CHAT"', JSON.stringify(ids.chatId)).replace('"QUESTION"', JSON.stringify(ids.questionId)),
    );
  return agent.send(method, target.path(ids), body === undefined ? {} : { json: body });
};

/** The app's routes with their rows, split into method and pattern. */
const routesWith = (routes: string[], access: Access["access"]) =>
  routes.flatMap((route) => {
    const row = matrix[route];
    const [method = "", pattern = ""] = route.split(" ");
    return row?.access === access ? [{ route, method, pattern, row }] : [];
  });

describeEachDatabase("authorization matrix", ({ createApp }) => {
  it("has a row for every API route the app has, and none for a route it does not have", async () => {
    const t = await createApp();
    const routes = apiRoutesOf(t.app);
    expect(routes.length).toBeGreaterThan(20);
    expect(
      routes.filter((route) => !(route in matrix)),
      "routes with no row in the matrix",
    ).toEqual([]);
    expect(
      Object.keys(matrix).filter((route) => !routes.includes(route)),
      "rows for routes the app does not have",
    ).toEqual([]);
  });

  it("anonymous gets 401 on every user route; another user gets 404 on the owner's things and changes nothing", async () => {
    const t = await createApp();
    const owner = t.client();
    const other = t.client();
    await signUp(owner, "owner@example.com");
    await signUp(other, "other@example.com");
    const sent = await sendMessage(owner, "owner's question");
    const ids = {
      chatId: sent.chatId as string,
      messageId: eventOf(sent.events, "done")?.message.id as string,
      questionId: eventOf(sent.events, "start")?.userMessage?.id as string,
    };
    const before = await owner.get(`/api/chats/${ids.chatId}`);
    const calls = routesWith(apiRoutesOf(t.app), "user").flatMap(({ method, row }) =>
      row.access === "user" ? row.calls.map((target) => ({ method, target })) : [],
    );

    for (const { method, target } of calls) {
      const anonymous = await call(t.client(), method, target, ids);
      expect(anonymous.status, `${method} ${target.path(ids)} anonymous`).toBe(401);
      if (target.owned) {
        const stranger = await call(other, method, target, ids);
        expect(stranger.status, `${method} ${target.path(ids)} as another user`).toBe(404);
      }
    }
    expect((await owner.get(`/api/chats/${ids.chatId}`)).json).toEqual(before.json);
    expect((await other.get("/api/chats")).json).toEqual({ chats: [], pinned: [], nextCursor: null });

    for (const { method, target } of calls.filter(({ method, target }) => target.owned && method !== "DELETE")) {
      // An edit names the chat's last question, which the owner's sends before it have changed.
      const shown = (await owner.get(`/api/chats/${ids.chatId}`)).json as { messages: { id: string; sender: string }[] };
      ids.questionId = shown.messages.findLast((message) => message.sender === "user")?.id ?? ids.questionId;
      const own = await call(owner, method, target, ids);
      expect(own.status, `${method} ${target.path(ids)} as the owner`).toBe(200);
    }
    const ownDelete = await owner.delete(`/api/chats/${ids.chatId}`);
    expect(ownDelete.status, "DELETE /api/chats/:id as the owner").toBe(200);
  });

  it("answers the operator routes 404 to anyone but an operator; the public ones answer anyone and reveal no user data", async () => {
    const t = await createApp();
    const routes = apiRoutesOf(t.app);
    const owner = t.client();
    await signUp(owner, "owner@example.com");
    await sendMessage(owner, "owner's question");
    for (const { route, method, pattern } of routesWith(routes, "operator")) {
      const path = pattern.replace(":kind", "chats").replace(":id", "system");
      const body = method === "PUT" ? { json: { prompt: "changed", disabled: true } } : {};
      for (const [who, agent] of [
        ["anonymous", t.client()],
        ["a user", owner],
      ] as const) {
        expect((await agent.send(method, `${path}?from=2026-01-01&to=2026-01-02`, body)).status, `${route} as ${who}`).toBe(404);
      }
    }
    for (const { route, method, pattern } of routesWith(routes, "public")) {
      const answer = await t.client().send(method, pattern);
      expect(answer.status, route).toBe(200);
      expect(answer.text, route).not.toMatch(/owner@example\.com|owner's question/);
    }
  });
});
