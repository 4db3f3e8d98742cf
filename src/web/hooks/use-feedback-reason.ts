import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ChatDetail, messageSchema } from "../../shared/schemas/chat";
import type { FeedbackReason } from "../../shared/values";
import { patchMessage } from "../lib/answer-versions";
import { answer, byId, client } from "../lib/api";

/** Saves why a rated reply was liked or disliked (with an optional comment) and updates the cached chat. */
export function useFeedbackReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, reason, comment }: { messageId: string; reason: FeedbackReason; comment: string }) =>
      answer(
        client.api.messages[":id"]["feedback-reason"].$put({
          param: byId(messageId),
          json: { reason, ...(comment.trim() ? { comment: comment.trim() } : {}) },
        }),
        messageSchema,
      ),
    // The message lives in the cache of its chat (["chat", id]); only that one holds this message id.
    onSuccess: (saved) =>
      queryClient.setQueriesData<ChatDetail>({ queryKey: ["chat"] }, (chat) => (chat ? patchMessage(chat, saved.id, () => saved) : chat)),
  });
}
