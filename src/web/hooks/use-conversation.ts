import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { ChatDetail, ChatMessage, StreamEvent } from "../../shared/schemas/chat";
import { currentLanguage } from "../i18n";
import { byId, client, hasErrorCode } from "../lib/api";
import { postEventStream, type StreamCall } from "../lib/stream-events";
import { chatKey, chatListKey, useChat } from "./use-chats";

export type SendResult = { accepted: true } | { accepted: false; error: Error };

const isNotFound = (error: unknown) => hasErrorCode(error, "not-found");

const localMessage = (text: string, status: ChatMessage["status"], errorCode: ChatMessage["errorCode"] = null): ChatMessage => ({
  id: `local-${crypto.randomUUID()}`,
  position: Number.MAX_SAFE_INTEGER,
  sender: "assistant",
  text,
  status,
  feedback: null,
  feedbackReason: null,
  feedbackComment: null,
  errorCode,
  redFlags: [],
});

/**
 * The conversation on the chat screen: the saved messages (from the query cache) plus the reply being
 * streamed. A new chat gets its id from the server's first event and the address changes when the reply ends.
 */
export function useConversation(routeChatId: string | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [newChatId, setNewChatId] = useState<string>();
  const chatId = routeChatId ?? newChatId;
  const chatQuery = useChat(chatId, { load: Boolean(routeChatId) });
  const chat = chatQuery.data;
  const [streamingText, setStreamingText] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  // A reply keeps streaming into the cache after the user leaves the screen; it must not pull them back.
  const mountedRef = useRef(false);
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);

  const updateChat = useCallback(
    (id: string, change: (chat: ChatDetail) => ChatDetail) =>
      queryClient.setQueryData<ChatDetail>(chatKey(id), (old) => change(old ?? { id, title: "", messages: [], olderBefore: null })),
    [queryClient],
  );

  const run = useCallback(
    /** `replacing`: an edit's question, which (with what follows it) the new one takes the place of once accepted. */
    async (call: StreamCall, { replacing }: { replacing?: string } = {}): Promise<SendResult> => {
      const controller = new AbortController();
      abortRef.current = controller;
      let text = "";
      let startedChatId: string | undefined;
      let ended = false;
      let opened = false;
      setStreamingText("");
      /** A new chat moves to its own address once its reply has ended (or was stopped), once. */
      const openChat = () => {
        if (routeChatId || !startedChatId || opened || !mountedRef.current) return;
        opened = true;
        navigate(`/chats/${startedChatId}`);
      };
      const append = (message: ChatMessage) => {
        if (!startedChatId) return;
        updateChat(startedChatId, (c) => ({ ...c, messages: [...c.messages, message] }));
      };
      const onEvent = (event: StreamEvent) => {
        if (event.type === "start") {
          startedChatId = event.chatId;
          if (!routeChatId) setNewChatId(event.chatId);
          const userMessage = event.userMessage;
          updateChat(event.chatId, (c) => {
            const at = replacing ? c.messages.findIndex((message) => message.id === replacing) : -1;
            const kept = at < 0 ? c.messages : c.messages.slice(0, at);
            return { ...c, messages: userMessage ? [...kept, userMessage] : kept };
          });
        } else if (event.type === "delta") {
          text += event.text;
          setStreamingText(text);
        } else if (event.type === "reset") {
          text = "";
          setStreamingText(text);
        } else if (event.type === "done" || event.type === "error") {
          ended = true;
          append(event.message);
          setStreamingText(null);
          // Not waiting for the title that may follow: the screen is ready for the next message now.
          openChat();
        } else if (event.type === "red-flags") {
          // The model's second opinion, mid-reply or just after it: the card shows at once.
          const { messageId, redFlags } = event;
          if (startedChatId)
            updateChat(startedChatId, (c) => ({
              ...c,
              messages: c.messages.map((message) => (message.id === messageId ? { ...message, redFlags } : message)),
            }));
        } else if (event.type === "title") {
          updateChat(event.chatId, (c) => ({ ...c, title: event.title }));
          void queryClient.invalidateQueries({ queryKey: chatListKey });
        }
      };
      try {
        await postEventStream(call, onEvent, controller.signal);
        if (!ended) append(localMessage(text, "error", "connection-lost"));
      } catch (error) {
        if (!startedChatId) return { accepted: false, error: error instanceof Error ? error : new Error(String(error)) };
        if (controller.signal.aborted) {
          // Stopped by the user: the server keeps what was written as an incomplete reply.
          if (text) append(localMessage(text, "incomplete"));
        } else if (!ended) {
          append(localMessage(text, "error", "connection-lost"));
        }
      } finally {
        // A later run (a message sent while this one was still waiting for its title) owns the screen now.
        if (abortRef.current === controller) {
          abortRef.current = null;
          setStreamingText(null);
        }
        void queryClient.invalidateQueries({ queryKey: chatListKey });
        openChat();
      }
      return { accepted: true };
    },
    [navigate, queryClient, routeChatId, updateChat],
  );

  const send = useCallback(
    (text: string) => run((options) => client.api.chats.messages.$post({ json: { chatId, text, language: currentLanguage() } }, options)),
    [chatId, run],
  );

  /** Asks again for the last reply (Retry after a failure, or Regenerate). */
  const regenerate = useCallback(async () => {
    if (!chatId) return;
    const replaced = queryClient.getQueryData<ChatDetail>(chatKey(chatId))?.messages.at(-1);
    updateChat(chatId, (c) => ({ ...c, messages: c.messages.at(-1)?.sender === "assistant" ? c.messages.slice(0, -1) : c.messages }));
    const result = await run((options) =>
      client.api.chats[":id"].regenerate.$post({ param: byId(chatId), json: { language: currentLanguage() } }, options),
    );
    if (!result.accepted) await queryClient.invalidateQueries({ queryKey: chatKey(chatId) });
    // Stopped before its first word: the server gives the earlier answer back, and so does the screen.
    else if (replaced?.sender === "assistant")
      updateChat(chatId, (c) => (c.messages.at(-1)?.sender === "user" ? { ...c, messages: [...c.messages, replaced] } : c));
    return result;
  }, [chatId, queryClient, run, updateChat]);

  /** Sends the last question, edited; it and its reply stay on screen until the server has accepted the edit. */
  const edit = useCallback(
    (messageId: string, text: string) =>
      run(
        (options) =>
          client.api.chats[":id"].edit.$post(
            { param: byId(chatId ?? ""), json: { messageId, text, language: currentLanguage() } },
            options,
          ),
        { replacing: messageId },
      ),
    [chatId, run],
  );

  const stop = useCallback(() => abortRef.current?.abort(), []);

  return {
    chatId,
    chat,
    isLoading: Boolean(routeChatId) && chatQuery.isPending && !chat,
    notFound: isNotFound(chatQuery.error),
    loadError: chatQuery.isError && !isNotFound(chatQuery.error),
    streamingText,
    isStreaming: streamingText !== null,
    send,
    regenerate,
    edit,
    stop,
  };
}
