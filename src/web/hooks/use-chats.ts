import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { chatApiPath } from "../../shared/opened-chat";
import type { ChatDetail, ChatMessage } from "../../shared/schemas/chat";
import { api } from "../lib/api";
import { asChatDetail, asChatPage, asMessage } from "../lib/wire-schemas";

export const chatListKey = ["chats"] as const;
export const chatKey = (id: string) => ["chat", id] as const;

const chatListPath = (search: string, cursor: string | undefined) => {
  const query = new URLSearchParams();
  if (search) query.set("q", search);
  if (cursor) query.set("cursor", cursor);
  const text = query.toString();
  return `/api/chats${text ? `?${text}` : ""}`;
};

/** The history, newest first, a page of 50 at a time (the server searches); `fetchNextPage` loads older chats. */
export function useChatList(search: string) {
  return useInfiniteQuery({
    queryKey: [...chatListKey, search],
    queryFn: async ({ pageParam }) => asChatPage(await api<unknown>(chatListPath(search, pageParam))),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // While a new search is on its way, the list shows the last one's results rather than nothing.
    placeholderData: keepPreviousData,
  });
}

// The first page's address is exactly the one the server preloads with the page (src/shared/opened-chat.ts).
const chatPath = (id: string, before?: number) => (before === undefined ? chatApiPath(id) : `${chatApiPath(id)}?before=${before}`);

/** One saved chat with its newest messages, as a query (also prefetched at start-up when the page opened is a chat). */
export const chatQuery = (id: string) => ({
  queryKey: chatKey(id),
  queryFn: async () => asChatDetail(await api<unknown>(chatPath(id))),
  retry: false,
  // This screen keeps the cached chat up to date itself. Not refetching it when a new chat moves to its own
  // address avoids a race after Stop, where the server may not have saved the partial reply yet.
  staleTime: 30_000,
});

/** One chat; with `load: false` it only follows what the cache holds (a chat being created on this screen). */
export function useChat(id: string | undefined, { load = true }: { load?: boolean } = {}) {
  return useQuery({ ...chatQuery(id ?? ""), enabled: Boolean(id) && load });
}

/**
 * Loads the page of messages older than those the cached chat holds and puts it in front of them. The chat
 * stays one cache entry, so the reply being streamed and feedback keep updating it as before.
 */
export function useOlderMessages(chatId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: `older:${chatId}` },
    mutationFn: async (before: number) => ({ before, older: asChatDetail(await api<unknown>(chatPath(chatId ?? "", before))) }),
    onSuccess: ({ before, older }) => {
      if (!chatId) return;
      queryClient.setQueryData<ChatDetail>(chatKey(chatId), (chat) => {
        // The cache was reloaded meanwhile: this page no longer fits in front of it.
        if (!chat || chat.olderBefore !== before) return chat;
        const first = chat.messages[0]?.position ?? Number.POSITIVE_INFINITY;
        const earlier = older.messages.filter((message) => message.position < first);
        return { ...chat, messages: [...earlier, ...chat.messages], olderBefore: older.olderBefore };
      });
    },
  });
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
