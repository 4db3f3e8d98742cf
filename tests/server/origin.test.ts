import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { countRows, GOOD_PASSWORD, sessionUser, signUp } from "../helpers/auth";
import { eventOf, sendMessage } from "../helpers/chat";
import { isMailOfKind, readOutbox } from "../helpers/mail";
import { describeEachDatabase } from "../helpers/test-app";

const EVIL = "https://evil.example";

describeEachDatabase("same-origin checks", ({ createApp }) => {
  it("refuses state-changing requests to our routes without our Origin with 403 forbidden-origin", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com", GOOD_PASSWORD, "en");

    for (const origin of [null, EVIL, "http://localhost:3001", "null", "http://localhost:3000.evil.example"]) {
      const put = await alice.put("/api/profile/language", { languageCode: "de" }, { origin });
      expect(put.status, `PUT origin ${origin}`).toBe(403);
      expect(put.body.code).toBe("forbidden-origin");
      const del = await alice.delete("/api/account", undefined, { origin });
      expect(del.status, `DELETE origin ${origin}`).toBe(403);
      expect(del.body.code).toBe("forbidden-origin");
    }
    expect((await alice.get("/api/profile")).body.languageCode).toBe("en");
    expect(await countRows(t.db, users, eq(users.email, "alice@example.com"))).toBe(1);
  });

  it("lets safe methods through without an Origin", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    expect((await alice.get("/api/profile", { origin: null })).status).toBe(200);
    expect((await alice.get("/api/password-policy", { origin: null })).status).toBe(200);
  });

  it("refuses auth requests from another or no origin too, with or without a cookie", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");

    for (const origin of [null, EVIL]) {
      const signOut = await alice.post("/api/auth/sign-out", {}, { origin });
      expect(signOut.status, `sign-out from ${origin}`).toBe(403);
      expect(signOut.body.code).toBe("forbidden-origin");
      // Without a cookie better-auth itself would let this through and send the mail.
      const reset = await t.client().post("/api/auth/request-password-reset", { email: "alice@example.com" }, { origin });
      expect(reset.status, `reset request from ${origin}`).toBe(403);
      expect(reset.body.code).toBe("forbidden-origin");
    }
    expect((await sessionUser(alice))?.email).toBe("alice@example.com");
    expect((await readOutbox(t.outboxDir)).filter((mail) => isMailOfKind(mail, "reset"))).toEqual([]);
  });

  it("refuses every chat change from another origin, and nothing changes", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const sent = await sendMessage(alice, "a question about sleep");
    const reply = eventOf(sent.events, "done")?.message;
    const before = await alice.get(`/api/chats/${sent.chatId}`);

    const attempts = [
      alice.post("/api/chats/messages", { text: "injected", language: "en", chatId: sent.chatId }, { origin: EVIL }),
      alice.post(`/api/chats/${sent.chatId}/regenerate`, { language: "en" }, { origin: EVIL }),
      alice.put(`/api/messages/${reply?.id}/feedback`, { kind: "like" }, { origin: EVIL }),
      alice.delete(`/api/chats/${sent.chatId}`, undefined, { origin: EVIL }),
      alice.delete("/api/chats", undefined, { origin: EVIL }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe("forbidden-origin");
    }
    expect((await alice.get(`/api/chats/${sent.chatId}`)).body).toEqual(before.body);
  });

  it("has better-auth refuse a cross-site sign-in from a browser (Fetch Metadata)", async () => {
    const t = await createApp();
    await signUp(t.client(), "alice@example.com");
    const response = await t
      .client()
      .post(
        "/api/auth/sign-in/email",
        { email: "alice@example.com", password: GOOD_PASSWORD },
        { origin: EVIL, headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" } },
      );
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
