import { describe, expect, it } from "vitest";
import type { ChatDetail, ChatMessage } from "../../shared/schemas/chat";
import { patchMessage, shownVersion } from "./answer-versions";

const message = (id: string, sender: ChatMessage["sender"], text: string): ChatMessage => ({
  id,
  position: 0,
  sender,
  text,
  status: "complete",
  feedback: null,
  feedbackReason: null,
  feedbackComment: null,
  errorCode: null,
  redFlags: [],
});
const question = message("q", "user", "question");
const first = message("a1", "assistant", "first");
const second = message("a2", "assistant", "second");
const reply: ChatMessage = {
  ...second,
  versions: [
    { question, answer: first },
    { question, answer: second },
  ],
};
const chat: ChatDetail = { id: "c", title: "", olderBefore: null, messages: [question, reply] };

describe("answer versions in the cached chat", () => {
  it("rates an earlier version where it is kept, and the current reply in both places, keeping its versions", () => {
    const liked = patchMessage(chat, "a1", (m) => ({ ...m, feedback: "like" }));
    expect(liked.messages[1]?.versions?.map((v) => v.answer.feedback)).toEqual(["like", null]);
    expect(liked.messages[1]?.feedback).toBeNull();

    const current = patchMessage(chat, "a2", (m) => ({ ...m, feedback: "dislike" }));
    expect(current.messages[1]?.feedback).toBe("dislike");
    expect(current.messages[1]?.versions?.map((v) => v.answer.feedback)).toEqual([null, "dislike"]);
  });

  it("shows the newest version unless another is chosen, within bounds", () => {
    expect(shownVersion(reply, undefined)).toMatchObject({ index: 1, count: 2, answer: second });
    expect(shownVersion(reply, 0)).toMatchObject({ index: 0, answer: first, question });
    expect(shownVersion(reply, 7).index).toBe(1);
    expect(shownVersion(first, undefined)).toMatchObject({ index: 0, count: 1, answer: first });
  });
});
