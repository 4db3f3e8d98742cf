import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { ChatMessage } from "../../shared/schemas/chat";
import type { RedFlagCategory } from "../../shared/values";
import { AppBar } from "../components/AppBar";
import { ChatInput } from "../components/chat/ChatInput";
import { Disclaimer } from "../components/chat/Disclaimer";
import { EmergencyCallBar } from "../components/chat/EmergencyCallBar";
import { cardElementId, EmergencyCard } from "../components/chat/EmergencyCard";
import { JumpToLatest } from "../components/chat/JumpToLatest";
import { useMarkdownRenderer } from "../components/chat/LazyMarkdown";
import { MessageList } from "../components/chat/MessageList";
import { OlderMessages } from "../components/chat/OlderMessages";
import { PrintDate, PrintDisclaimer } from "../components/chat/PrintDetails";
import { StarterQuestions } from "../components/chat/StarterQuestions";
import { FormAlert } from "../components/FormAlert";
import { LoadingScreen } from "../components/LoadingScreen";
import { Notification } from "../components/Notification";
import { SurveyBanner } from "../components/SurveyBanner";
import { useShell } from "../components/shell/ShellContext";
import { useChatScroll } from "../hooks/use-chat-scroll";
import { useFeedback } from "../hooks/use-chats";
import { useConversation } from "../hooks/use-conversation";
import { useDraft } from "../hooks/use-draft";
import { useFullyInView } from "../hooks/use-fully-in-view";
import { usePrintChat } from "../hooks/use-print-chat";
import { useSiteConfig } from "../hooks/use-public-config";
import { errorTextKey, type ScreenErrorTexts } from "../lib/error-messages";
import { RefusedSendError } from "../lib/stream-events";
import styles from "./ChatPage.module.css";

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
  usePrintChat({ chatId: conversation.chatId, olderBefore: conversation.chat?.olderBefore });
  useEffect(() => {
    if (refusedRedFlags.length > 0 && refusedCard.current) reveal(refusedCard.current, appBar.current);
  }, [refusedRedFlags, reveal]);
  // Whatever this render moved (the empty screen's title coming back, the footer changing) must not hide the card.
  useLayoutEffect(() => keepRevealed());
  // The newest card's call buttons stay on screen: while a reply pushes the card out of view, the bar shows them.
  const card = newestCard(messages, refusedRedFlags);
  const [hiddenBar, setHiddenBar] = useState<string | null>(null);
  const cardInView = useFullyInView({
    scroller: scroll.scroller,
    // Card ids are letters, digits and dashes (message ids): no CSS.escape, which the server's render lacks.
    selector: card && `[id="${cardElementId(card.key)}"] [data-emergency-actions]`,
    coveredTop: appBar,
    watchKey: card && site ? `${conversation.chatId}:${card.key}` : "",
  });
  const callBar = card && !cardInView && hiddenBar !== card.key ? card : null;
  const footer = useRef<HTMLElement>(null);
  const focusInput = () => footer.current?.querySelector("textarea")?.focus();
  const hideCallBar = (key: string) => {
    setHiddenBar(key);
    // Its button goes with it: the keyboard's focus goes on to the message box, not back to the page's start.
    focusInput();
  };
  const empty = messages.length === 0 && !conversation.isStreaming;
  // A saved chat shows its replies as plain text until the renderer is there (LazyMarkdown).
  useMarkdownRenderer();
  const shell = useShell();
  const { setNotificationInline } = shell;
  useEffect(() => {
    setNotificationInline(true);
    return () => setNotificationInline(false);
  }, [setNotificationInline]);

  const send = async () => {
    const text = draft.trim();
    if (!text || conversation.isStreaming) return;
    setSendError(null);
    setRefusedRedFlags([]);
    setHiddenBar(null);
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

  /** An edited last question: refused, it stays in its editor, and the refusal says why (with the emergency card). */
  const edit = async (messageId: string, text: string) => {
    setSendError(null);
    setRefusedRedFlags([]);
    setHiddenBar(null);
    scroll.followNewest();
    const result = await conversation.edit(messageId, text);
    if (result.accepted) return true;
    setSendError(t(errorTextKey(result.error, editErrorTexts)));
    if (result.error instanceof RefusedSendError) setRefusedRedFlags(result.error.redFlags);
    return false;
  };

  if (conversation.isLoading) return <LoadingScreen />;
  return (
    <div className={styles.chatLayout}>
      {/* Only this part scrolls: the input below stays in place, and the app bar sticks to the top while the
          banners above and around it scroll away (on a phone the conversation needs their room). */}
      <div className={styles.chatScroller} ref={scroll.setScroller} data-chat-scroller>
        <SurveyBanner />
        <AppBar ref={appBar} className={styles.appBar} />
        <main id="main" className={styles.chatMain}>
          <div className={styles.chatColumn} ref={scroll.setContent}>
            {site?.demoMode && (
              <p className={styles.demoNotice} role="note">
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
                  <>
                    <h1 className={styles.backgroundTitle}>{t("home.backgroundTitle")}</h1>
                    <StarterQuestions draft={draft} onFill={setDraft} onFocusInput={focusInput} />
                  </>
                ) : (
                  <>
                    <h1 className={`visually-hidden ${styles.chatTitle}`}>{conversation.chat?.title || t("chat.conversation")}</h1>
                    <PrintDate />
                  </>
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
                  onEdit={edit}
                />
                {site && !empty && <PrintDisclaimer number={site.emergency.number} />}
                {refusedRedFlags.length > 0 && (
                  <div className={styles.refusedEmergency} ref={refusedCard}>
                    <EmergencyCard categories={refusedRedFlags} id={cardElementId(REFUSED_CARD)} />
                  </div>
                )}
              </>
            )}
          </div>
        </main>
      </div>
      {!conversation.notFound && (
        <footer className={styles.chatFooter} ref={footer}>
          {scroll.away && conversation.isStreaming && <JumpToLatest className={styles.jumpLatest} onJump={scroll.followNewest} />}
          {!shell.drawerOpen && <Notification message={shell.notification} onClose={() => shell.notify(null)} inline />}
          {callBar && <EmergencyCallBar categories={callBar.categories} onDismiss={() => hideCallBar(callBar.key)} />}
          <FormAlert kind="error">{sendError}</FormAlert>
          <ChatInput
            value={draft}
            onChange={setDraft}
            onSend={send}
            onStop={conversation.stop}
            streaming={conversation.isStreaming}
            deferDictationNote={dictationNoteDeferred}
          />
          {site && <Disclaimer number={site.emergency.number} />}
        </footer>
      )}
    </div>
  );
}

const REFUSED_CARD = "refused";

/** The newest emergency card on screen: a refused send's, or else the last flagged user message's. */
function newestCard(messages: ChatMessage[], refused: RedFlagCategory[]) {
  if (refused.length > 0) return { key: REFUSED_CARD, categories: refused };
  const flagged = messages.findLast((message) => message.sender === "user" && message.redFlags.length > 0);
  return flagged ? { key: flagged.id, categories: flagged.redFlags } : null;
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

/** What an edit that was not accepted says; the edited text stays in its editor. */
const editErrorTexts: ScreenErrorTexts = {
  byCode: {
    "server-busy": "chat.editBusy",
    "too-many-live-replies": "chat.sendTooManyLive",
    "too-many-requests": "chat.editRateLimited",
    unauthorized: "chat.regenerateSignedOut",
    "service-unavailable": "chat.editFailed",
    "not-found": "chat.notFoundText",
  },
  otherwise: "chat.editFailed",
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
