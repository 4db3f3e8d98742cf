import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type AnswerVersion,
  type ChatDetail,
  chatDetailSchema,
  chatPageSchema,
  chatSummarySchema,
  messageSchema,
  type UpdateChat,
} from "../../shared/schemas/chat";
import type { FeedbackKind } from "../../shared/values";
import { patchMessage } from "../lib/answer-versions";
import { answer, byId, client, succeeded } from "../lib/api";

export const chatListKey = ["chats"] as const;
export const chatKey = (id: string) => ["chat", id] as const;

/** The history, newest first, a page of 50 at a time (the server searches); `fetchNextPage` loads older chats. */
export function useChatList(search: string) {
  return useInfiniteQuery({
    queryKey: [...chatListKey, search],
    queryFn: ({ pageParam }) => answer(client.api.chats.$get({ query: { q: search || undefined, cursor: pageParam } }), chatPageSchema),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // While a new search is on its way, the list shows the last one's results rather than nothing.
    placeholderData: keepPreviousData,
  });
}

// Without `before`, the address is exactly the one the server preloads with the page (src/shared/opened-chat.ts;
// api.test.ts checks that they agree).
const loadChat = (id: string, before?: number) =>
  answer(
    client.api.chats[":id"].$get({
      param: byId(id),
      query: { before: before === undefined ? undefined : String(before) },
    }),
    chatDetailSchema,
  );

/** One saved chat with its newest messages, as a query (also prefetched at start-up when the page opened is a chat). */
export const chatQuery = (id: string) => ({
  queryKey: chatKey(id),
  queryFn: () => loadChat(id),
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
    mutationFn: async (before: number) => ({ before, older: await loadChat(chatId ?? "", before) }),
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
    mutationFn: (id: string) => succeeded(client.api.chats[":id"].$delete({ param: byId(id) })),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: chatKey(id) });
      return queryClient.invalidateQueries({ queryKey: chatListKey });
    },
  });
}

export function useDeleteAllChats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => succeeded(client.api.chats.$delete()),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ["chat"] });
      return queryClient.invalidateQueries({ queryKey: chatListKey });
    },
  });
}

/** Like or dislike with the spec's toggle semantics; the screen updates at once and follows the server. */
export function useFeedback(chatId: string) {
  const queryClient = useQueryClient();
  const patch = (messageId: string, change: (message: AnswerVersion["answer"]) => AnswerVersion["answer"]) =>
    queryClient.setQueryData<ChatDetail>(chatKey(chatId), (chat) => (chat ? patchMessage(chat, messageId, change) : chat));
  const mutationKey = ["feedback", chatId];
  return useMutation({
    // Quick clicks are sent one after the other, so the server sees them in the order they were made.
    mutationKey,
    scope: { id: `feedback:${chatId}` },
    mutationFn: ({ messageId, kind }: { messageId: string; kind: FeedbackKind }) =>
      answer(client.api.messages[":id"].feedback.$put({ param: byId(messageId), json: { kind } }), messageSchema),
    onMutate: ({ messageId, kind }) => {
      const before = queryClient.getQueryData<ChatDetail>(chatKey(chatId));
      // A new rating (or taking one back) clears the reason given for the old one, as the server does.
      patch(messageId, (m) => ({ ...m, feedback: m.feedback === kind ? null : kind, feedbackReason: null, feedbackComment: null }));
      return { before };
    },
    onSuccess: (saved, { messageId }) => {
      // A later click is still waiting: its optimistic state is the newer one, so keep it.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      patch(messageId, () => saved);
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(chatKey(chatId), context.before);
    },
  });
}

/** Renames or pins a chat; the history and the open chat's title follow the server's answer. */
export function useUpdateChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: { id: string } & UpdateChat) =>
      answer(client.api.chats[":id"].$patch({ param: byId(id), json: change }), chatSummarySchema),
    onSuccess: (chat) => {
      queryClient.setQueryData<ChatDetail>(chatKey(chat.id), (old) => (old ? { ...old, title: chat.title } : old));
      return queryClient.invalidateQueries({ queryKey: chatListKey });
    },
  });
}
