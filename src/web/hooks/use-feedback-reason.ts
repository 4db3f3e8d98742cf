import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChatDetail, feedbackReasons } from "../../shared/schemas/chat";
import { api } from "../lib/api";
import { asMessage } from "../lib/wire-schemas";

export type FeedbackReason = (typeof feedbackReasons)[number];

/** Saves why a rated reply was liked or disliked (with an optional comment) and updates the cached chat. */
export function useFeedbackReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ messageId, reason, comment }: { messageId: string; reason: FeedbackReason; comment: string }) =>
      asMessage(
        await api<unknown>(`/api/messages/${encodeURIComponent(messageId)}/feedback-reason`, {
          method: "PUT",
          body: { reason, ...(comment.trim() ? { comment: comment.trim() } : {}) },
        }),
      ),
    // The message lives in the cache of its chat (["chat", id]); only that one holds this message id.
    onSuccess: (saved) =>
      queryClient.setQueriesData<ChatDetail>({ queryKey: ["chat"] }, (chat) =>
        chat ? { ...chat, messages: chat.messages.map((m) => (m.id === saved.id ? saved : m)) } : chat,
      ),
  });
}
