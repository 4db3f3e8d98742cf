import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChatDetail, ChatMessage } from "../../shared/schemas/chat";
import { api } from "../lib/api";
import { array } from "../lib/json-shape";
import { asChatDetail, asChatSummary, asMessage } from "../lib/wire-schemas";

export const chatListKey = ["chats"] as const;
export const chatKey = (id: string) => ["chat", id] as const;

export function useChatList(search: string) {
  return useQuery({
    queryKey: [...chatListKey, search],
    queryFn: async () => array(asChatSummary)(await api<unknown>(`/api/chats${search ? `?q=${encodeURIComponent(search)}` : ""}`)),
  });
}

/** One saved chat, as a query (also prefetched at start-up when the page opened is a chat). */
export const chatQuery = (id: string) => ({
  queryKey: chatKey(id),
  queryFn: async () => asChatDetail(await api<unknown>(`/api/chats/${encodeURIComponent(id)}`)),
  retry: false,
  // This screen keeps the cached chat up to date itself. Not refetching it when a new chat moves to its own
  // address avoids a race after Stop, where the server may not have saved the partial reply yet.
  staleTime: 30_000,
});

/** One chat; with `load: false` it only follows what the cache holds (a chat being created on this screen). */
export function useChat(id: string | undefined, { load = true }: { load?: boolean } = {}) {
  return useQuery({ ...chatQuery(id ?? ""), enabled: Boolean(id) && load });
}

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/chats/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: chatKey(id) });
      return queryClient.invalidateQueries({ queryKey: chatListKey });
    },
  });
}

export function useDeleteAllChats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api("/api/chats", { method: "DELETE" }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ["chat"] });
      return queryClient.invalidateQueries({ queryKey: chatListKey });
    },
  });
}

/** Like or dislike with the spec's toggle semantics; the screen updates at once and follows the server. */
export function useFeedback(chatId: string) {
  const queryClient = useQueryClient();
  const patch = (messageId: string, change: (message: ChatMessage) => ChatMessage) =>
    queryClient.setQueryData<ChatDetail>(chatKey(chatId), (chat) =>
      chat ? { ...chat, messages: chat.messages.map((m) => (m.id === messageId ? change(m) : m)) } : chat,
    );
  const mutationKey = ["feedback", chatId];
  return useMutation({
    // Quick clicks are sent one after the other, so the server sees them in the order they were made.
    mutationKey,
    scope: { id: `feedback:${chatId}` },
    mutationFn: ({ messageId, kind }: { messageId: string; kind: "like" | "dislike" }) =>
      api<unknown>(`/api/messages/${encodeURIComponent(messageId)}/feedback`, { method: "PUT", body: { kind } }),
    onMutate: ({ messageId, kind }) => {
      const before = queryClient.getQueryData<ChatDetail>(chatKey(chatId));
      // A new rating (or taking one back) clears the reason given for the old one, as the server does.
      patch(messageId, (m) => ({ ...m, feedback: m.feedback === kind ? null : kind, feedbackReason: null, feedbackComment: null }));
      return { before };
    },
    onSuccess: (saved, { messageId }) => {
      // A later click is still waiting: its optimistic state is the newer one, so keep it.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      const message = asMessage(saved);
      patch(messageId, () => message);
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(chatKey(chatId), context.before);
    },
  });
}
