import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { RedFlagCategory } from "../../shared/values";
import { AppBar } from "../components/AppBar";
import { ChatInput } from "../components/chat/ChatInput";
import { EmergencyCard } from "../components/chat/EmergencyCard";
import { useMarkdownRenderer } from "../components/chat/LazyMarkdown";
import { MessageList } from "../components/chat/MessageList";
import { OlderMessages } from "../components/chat/OlderMessages";
import { FormAlert } from "../components/FormAlert";
import { LoadingScreen } from "../components/LoadingScreen";
import { SurveyBanner } from "../components/SurveyBanner";
import { useChatScroll } from "../hooks/use-chat-scroll";
import { useFeedback } from "../hooks/use-chats";
import { useConversation } from "../hooks/use-conversation";
import { useDraft } from "../hooks/use-draft";
import { useSiteConfig } from "../hooks/use-public-config";
import { errorTextKey, type ScreenErrorTexts } from "../lib/error-messages";
import { RefusedSendError } from "../lib/stream-events";

/** The chat screen: a new conversation at /, a saved one at /chats/{id}. */
export function ChatPage() {
  const { id } = useParams();
  const { t } = useTranslation();
  const { data: site } = useSiteConfig();
  const conversation = useConversation(id);
  const feedback = useFeedback(conversation.chatId ?? "");
  const [draft, setDraft] = useDraft(conversation.chatId);
  const [sendError, setSendError] = useState<string | null>(null);
  // A refused send was still checked for an emergency: the card shows where the message would have gone, just
  // above the refusal and the kept text. Not in the sticky footer, which it would push off a phone's screen; the
  // footer's one-time dictation note waits for another visit, so that the card's heading and Call button fit above it.
  const [refusedRedFlags, setRefusedRedFlags] = useState<RedFlagCategory[]>([]);
  const [dictationNoteDeferred, setDictationNoteDeferred] = useState(false);
  const refusedCard = useRef<HTMLDivElement>(null);
  const appBar = useRef<HTMLElement>(null);
  const messages = conversation.chat?.messages ?? [];
  const scroll = useChatScroll({ chatId: conversation.chatId, firstMessageId: messages[0]?.id });
  const { reveal, keepRevealed } = scroll;
  useEffect(() => {
    if (refusedRedFlags.length > 0 && refusedCard.current) reveal(refusedCard.current, appBar.current);
  }, [refusedRedFlags, reveal]);
  // Whatever this render moved (the empty screen's title coming back, the footer changing) must not hide the card.
  useLayoutEffect(() => keepRevealed());
  const empty = messages.length === 0 && !conversation.isStreaming;
  // Loaded alongside a saved chat, which shows once both are there (a new chat's replies come later).
  const markdownReady = useMarkdownRenderer();

  const send = async () => {
    const text = draft.trim();
    if (!text || conversation.isStreaming) return;
    setSendError(null);
    setRefusedRedFlags([]);
    setDraft("");
    scroll.followNewest();
    const result = await conversation.send(text);
    if (!result.accepted) {
      // Not saved on the server: give the text back so nothing the user typed is lost.
      setDraft(text);
      setSendError(t(errorTextKey(result.error, sendErrorTexts)));
      if (result.error instanceof RefusedSendError) {
        setRefusedRedFlags(result.error.redFlags);
        if (result.error.redFlags.length > 0) setDictationNoteDeferred(true);
      }
    }
  };

  const regenerate = async () => {
    setSendError(null);
    setRefusedRedFlags([]);
    const result = await conversation.regenerate();
    // Refused (busy, signed out …): the reply it would have replaced is back on screen, and the refusal says why.
    if (result && !result.accepted) setSendError(t(errorTextKey(result.error, regenerateErrorTexts)));
  };

  if (conversation.isLoading || (id && !markdownReady)) return <LoadingScreen />;
  return (
    <div className="chat-layout">
      {/* Only this part scrolls: the input below stays in place, and the app bar sticks to the top while the
          banners above and around it scroll away (on a phone the conversation needs their room). */}
      <div className="chat-scroller" ref={scroll.setScroller}>
        <SurveyBanner />
        <AppBar ref={appBar} />
        <main id="main" className="chat-main">
          <div className="chat-column" ref={scroll.setContent}>
            {site?.demoMode && (
              <p className="demo-notice" role="note">
                {t("chat.demoMode")}
              </p>
            )}
            {conversation.notFound ? (
              <div className="page narrow">
                <h1>{t("chat.notFoundTitle")}</h1>
                <p>{t("chat.notFoundText")}</p>
                <Link to="/" className="button button-primary">
                  {t("common.newChat")}
                </Link>
              </div>
            ) : (
              <>
                {empty ? (
                  <h1 className="background-title">{t("home.backgroundTitle")}</h1>
                ) : (
                  <h1 className="visually-hidden">{conversation.chat?.title || t("chat.conversation")}</h1>
                )}
                {conversation.loadError && <FormAlert kind="error">{t("chat.loadError")}</FormAlert>}
                {conversation.chatId && conversation.chat?.olderBefore != null && (
                  <OlderMessages chatId={conversation.chatId} before={conversation.chat.olderBefore} scrollRoot={scroll.scrollerRef} />
                )}
                <MessageList
                  messages={messages}
                  streamingText={conversation.streamingText}
                  busy={conversation.isStreaming}
                  onFeedback={(messageId, kind) => feedback.mutate({ messageId, kind })}
                  onRegenerate={() => void regenerate()}
                />
                {refusedRedFlags.length > 0 && (
                  <div className="refused-emergency" ref={refusedCard}>
                    <EmergencyCard categories={refusedRedFlags} />
                  </div>
                )}
              </>
            )}
          </div>
        </main>
      </div>
      {!conversation.notFound && (
        <footer className="chat-footer">
          <FormAlert kind="error">{sendError}</FormAlert>
          <ChatInput
            value={draft}
            onChange={setDraft}
            onSend={send}
            onStop={conversation.stop}
            streaming={conversation.isStreaming}
            deferDictationNote={dictationNoteDeferred}
          />
          <p className="disclaimer">{t("common.disclaimer")}</p>
        </footer>
      )}
    </div>
  );
}

/** What a send that was not accepted says; every text tells that the message is still in the input box. */
const sendErrorTexts: ScreenErrorTexts = {
  byCode: {
    "server-busy": "chat.sendBusy",
    "too-many-live-replies": "chat.sendTooManyLive",
    "too-many-requests": "chat.sendRateLimited",
    unauthorized: "chat.sendSignedOut",
    "service-unavailable": "chat.sendUnavailable",
    "not-found": "chat.notFoundText",
  },
  otherwise: "chat.sendFailed",
};

/** What a Regenerate or Retry that was not accepted says; the conversation stays as it was. */
const regenerateErrorTexts: ScreenErrorTexts = {
  byCode: {
    "server-busy": "chat.regenerateBusy",
    "too-many-live-replies": "chat.regenerateTooManyLive",
    unauthorized: "chat.regenerateSignedOut",
    "service-unavailable": "chat.regenerateUnavailable",
    "not-found": "chat.notFoundText",
  },
  otherwise: "chat.regenerateFailed",
};
