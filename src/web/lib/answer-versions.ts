import type { AnswerVersion, ChatDetail, ChatMessage } from "../../shared/schemas/chat";

type Saved = AnswerVersion["answer"];

/**
 * Applies `change` to one message wherever the cached chat holds it: in the conversation, and among a reply's
 * versions (the current reply is in both). A reply keeps its versions whatever `change` returns.
 */
export function patchMessage(chat: ChatDetail, id: string, change: (message: Saved) => Saved): ChatDetail {
  const one = (message: Saved) => (message.id === id ? change(message) : message);
  return {
    ...chat,
    messages: chat.messages.map(({ versions, ...message }): ChatMessage => {
      const changed = one(message);
      return versions ? { ...changed, versions: versions.map((version) => ({ ...version, answer: one(version.answer) })) } : changed;
    }),
  };
}

/** The version of a reply's turn the screen shows: the chosen one, or the newest (the reply itself). */
export function shownVersion(
  message: ChatMessage,
  chosen: number | undefined,
): { index: number; count: number; answer: Saved; question?: Saved } {
  const versions = message.versions ?? [];
  if (versions.length < 2) return { index: 0, count: 1, answer: message };
  const index = chosen === undefined ? versions.length - 1 : Math.min(Math.max(chosen, 0), versions.length - 1);
  const version = versions[index] as AnswerVersion;
  return { index, count: versions.length, answer: version.answer, question: version.question };
}
