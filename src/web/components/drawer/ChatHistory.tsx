import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { useChatList, useDeleteChat } from "../../hooks/use-chats";
import { useDebouncedValue } from "../../hooks/use-debounced-value";
import { useOnVisible } from "../../hooks/use-on-visible";
import { ConfirmDialog } from "../ConfirmDialog";
import { ChevronIcon } from "../chat/icons";
import type { NotificationMessage } from "../Notification";
import { ChatGroups } from "./ChatGroups";
import styles from "./drawer.module.css";

/** How long typing must pause before the search goes to the server. */
const SEARCH_DELAY_MS = 250;

interface Props {
  onNavigate: () => void;
  notify: (message: NotificationMessage, path?: string) => void;
  /** The drawer's scroll container, in which older chats load before the end of the list comes into view. */
  scrollRoot: RefObject<Element | null>;
}

/** The collapsible chat history: pinned, then by date, 50 at a time, searchable on the server; each chat can be renamed, pinned and deleted. */
export function ChatHistory({ onNavigate, notify, scrollRoot }: Props) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(true);
  const [search, setSearch] = useState("");
  const listId = useId();
  const searchId = useId();
  const searched = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const list = useChatList(searched);
  const chats = list.data?.pages.flatMap((page) => [...page.pinned, ...page.chats]);
  const deleteChat = useDeleteChat();
  const location = useLocation();
  const navigate = useNavigate();
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = () => {
    if (!list.isFetchingNextPage) void list.fetchNextPage();
  };
  // Scrolling loads the next page; after a failure only the button does, so a broken connection is not retried in a loop.
  useOnVisible(sentinel, loadMore, {
    root: scrollRoot,
    rootMargin: "0px 0px 400px 0px",
    enabled: expanded && list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError,
  });

  // One tap on the bin only asks (issue 23): the chat goes once the dialog is confirmed.
  const [pending, setPending] = useState<{ id: string; title: string } | null>(null);
  // The bin that opened the dialog is gone with its chat: the focus goes to the search box, not to the page's start.
  const searchRef = useRef<HTMLInputElement>(null);
  const [deleted, setDeleted] = useState(0);
  useEffect(() => {
    if (deleted > 0 && pending === null) searchRef.current?.focus();
  }, [deleted, pending]);
  const remove = (id: string) =>
    deleteChat.mutate(id, {
      onSuccess: () => {
        const wasOpen = location.pathname.toLowerCase() === `/chats/${id}` || location.pathname.toLowerCase() === `/chat/${id}`;
        // The notification belongs to the page the user ends up on.
        notify({ kind: "success", text: t("chat.chatDeleted") }, wasOpen ? "/" : undefined);
        setDeleted((n) => n + 1);
        if (wasOpen) navigate("/");
      },
      onError: (error) => {
        console.error("Error deleting chat", error);
        notify({ kind: "error", text: t("chat.chatDeleteError") });
      },
      onSettled: () => setPending(null),
    });

  return (
    <section className="chat-history">
      <button type="button" className={styles.item} aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((v) => !v)}>
        <span>{t("chat.history")}</span>
        <ChevronIcon open={expanded} />
      </button>
      <div id={listId} hidden={!expanded}>
        <label htmlFor={searchId} className="visually-hidden">
          {t("chat.searchLabel")}
        </label>
        <input
          ref={searchRef}
          id={searchId}
          type="search"
          className={styles.search}
          placeholder={t("chat.searchPlaceholder")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {list.isError && !list.isFetchNextPageError && <p className={`${styles.note} muted small`}>{t("chat.historyError")}</p>}
        {chats?.length === 0 && <p className={`${styles.note} muted small`}>{search.trim() ? t("chat.noMatches") : t("chat.noChats")}</p>}
        {chats && <ChatGroups chats={chats} search={searched} onNavigate={onNavigate} onDelete={setPending} />}
        {list.hasNextPage && (
          <div ref={sentinel} className={styles.more}>
            {list.isFetchNextPageError && <p className="muted small">{t("chat.olderChatsError")}</p>}
            {/* Scrolling loads older chats by itself; the button is there for the keyboard and assistive technology. */}
            <button type="button" className="button button-secondary" onClick={loadMore} aria-disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? t("chat.loadingOlderChats") : t("chat.showOlderChats")}
            </button>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={t("chat.confirmDeleteChatTitle")}
        text={t("chat.confirmDeleteChatText", { title: pending?.title ?? "" })}
        busy={deleteChat.isPending}
        confirmLabel={t("chat.confirmDeleteChatButton")}
        onConfirm={() => pending && remove(pending.id)}
        onClose={() => setPending(null)}
      />
    </section>
  );
}
