import type { AnswerVersion, ChatMessage } from "../../shared/schemas/chat";
import type { Message } from "../db/schema";
import { shownRedFlags } from "./emergency-check";

/** A message as the chat screen shows it (only the fields it uses; no dates, no research columns). */
export function toChatMessage(
  row: Pick<
    Message,
    | "id"
    | "position"
    | "sender"
    | "text"
    | "status"
    | "feedback"
    | "feedbackReason"
    | "feedbackComment"
    | "errorCode"
    | "redFlags"
    | "redFlagModelCategory"
  >,
): ChatMessage {
  const errorCode = row.errorCode ?? (row.status === "error" ? "provider-error" : null);
  return {
    id: row.id,
    position: row.position,
    sender: row.sender,
    text: row.text,
    status: row.status,
    feedback: row.feedback,
    feedbackReason: row.feedbackReason,
    feedbackComment: row.feedbackComment,
    errorCode,
    redFlags: shownRedFlags(row.redFlags, row.redFlagModelCategory),
  };
}

type Row = Parameters<typeof toChatMessage>[0] & Pick<Message, "questionId">;

/**
 * The current messages as the screen shows them, each reply with the earlier answers to its turn (`versions`,
 * oldest first, itself last) when there are any. `earlier` holds the superseded rows around these positions and
 * the current question just before the first of them (listEarlierVersions).
 */
export function withAnswerVersions(current: Row[], earlier: Row[]): ChatMessage[] {
  const byId = new Map([...current, ...earlier].map((row) => [row.id, row]));
  return current.map((row) => {
    const message = toChatMessage(row);
    if (row.sender !== "assistant") return message;
    const others = earlier.filter((e) => e.sender === "assistant" && e.position === row.position);
    if (others.length === 0) return message;
    const versions = [...others, row].flatMap((answer): AnswerVersion[] => {
      const question = answer.questionId ? byId.get(answer.questionId) : undefined;
      return question ? [{ question: toChatMessage(question), answer: toChatMessage(answer) }] : [];
    });
    return { ...message, versions };
  });
}
