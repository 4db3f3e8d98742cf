import { expect, it } from "vitest";
import type { Agent } from "../helpers/agent";
import { signUp } from "../helpers/auth";
import { eventOf, sendMessage } from "../helpers/chat";
import { describeEachDatabase } from "../helpers/test-app";

/** Every user-data route of the API: who may call it, and what another user gets. */
type Route = { method: "GET" | "POST" | "PUT" | "DELETE"; path: (ids: Ids) => string; body?: unknown; owned: boolean };
type Ids = { chatId: string; messageId: string };

const routes: Route[] = [
  { method: "GET", path: () => "/api/profile", owned: false },
  { method: "PUT", path: () => "/api/profile/language", body: { languageCode: "de" }, owned: false },
  { method: "GET", path: () => "/api/account/export", owned: false },
  { method: "GET", path: () => "/api/chats", owned: false },
  { method: "GET", path: (ids) => `/api/chats/${ids.chatId}`, owned: true },
  { method: "POST", path: () => "/api/chats/messages", body: { text: "hello", language: "en" }, owned: false },
  { method: "POST", path: () => "/api/chats/messages", body: { chatId: "CHAT", text: "hello", language: "en" }, owned: true },
  { method: "POST", path: (ids) => `/api/chats/${ids.chatId}/regenerate`, body: { language: "en" }, owned: true },
  { method: "PUT", path: (ids) => `/api/messages/${ids.messageId}/feedback`, body: { kind: "like" }, owned: true },
  { method: "DELETE", path: (ids) => `/api/chats/${ids.chatId}`, owned: true },
  { method: "DELETE", path: () => "/api/chats", owned: false },
  { method: "DELETE", path: () => "/api/account", owned: false },
];

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
  });
});
