import { describe, expect, it } from "vitest";
import { createPseudonyms } from "./pseudonyms";

const id = "0b6f3c1e-2f0a-4d5b-9a51-5c1d2e3f4a5b";

describe("createPseudonyms", () => {
  it("is stable within one set, different across sets, and never the same for a user, a chat and a message", () => {
    const first = createPseudonyms();
    const second = createPseudonyms();
    expect(first.chat(id)).toBe(first.chat(id));
    expect(first.chat(id)).not.toBe(second.chat(id));
    expect(first.message(id)).not.toBe(second.message(id));
    expect(first.user(id)).not.toBe(second.user(id));
    // The same string as a user id, a chat id and a message id: three unrelated names.
    const [user, chat, message] = [first.user(id), first.chat(id), first.message(id)];
    expect(user).toMatch(/^p-[0-9a-f]{12}$/);
    expect(chat).toMatch(/^c-[0-9a-f]{16}$/);
    expect(message).toMatch(/^m-[0-9a-f]{16}$/);
    expect(new Set([user.slice(2), chat.slice(2, 14), message.slice(2, 14)]).size).toBe(3);
  });
});
