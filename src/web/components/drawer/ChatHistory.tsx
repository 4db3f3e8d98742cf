import { type RefObject, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { useChatList, useDeleteChat } from "../../hooks/use-chats";
import { useDebouncedValue } from "../../hooks/use-debounced-value";
import { useOnVisible } from "../../hooks/use-on-visible";
import { ChevronIcon, TrashIcon } from "../chat/icons";
import type { NotificationMessage } from "../Notification";

/** How long typing must pause before the search goes to the server. */
const SEARCH_DELAY_MS = 250;

interface Props {
  onNavigate: () => void;
  notify: (message: NotificationMessage) => void;
  /** The drawer's scroll container, in which older chats load before the end of the list comes into view. */
  scrollRoot: RefObject<Element | null>;
}

/** The collapsible chat history: newest first, 50 at a time, searchable on the server, with a delete button per chat. */
export function ChatHistory({ onNavigate, notify, scrollRoot }: Props) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(true);
  const [search, setSearch] = useState("");
  const listId = useId();
  const searchId = useId();
  const list = useChatList(useDebouncedValue(search.trim(), SEARCH_DELAY_MS));
  const chats = list.data?.pages.flatMap((page) => page.chats);
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

  const remove = (id: string) =>
    deleteChat.mutate(id, {
      onSuccess: () => {
        notify({ kind: "success", text: t("chat.chatDeleted") });
        if (location.pathname.toLowerCase() === `/chats/${id}` || location.pathname.toLowerCase() === `/chat/${id}`) navigate("/");
      },
      onError: (error) => {
        console.error("Error deleting chat", error);
        notify({ kind: "error", text: t("chat.chatDeleteError") });
      },
    });

  return (
    <section className="chat-history">
      <button
        type="button"
        className="drawer-item history-toggle"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((v) => !v)}
      >
        <span>{t("chat.history")}</span>
        <ChevronIcon open={expanded} />
      </button>
      <div id={listId} hidden={!expanded}>
        <label htmlFor={searchId} className="visually-hidden">
          {t("chat.searchLabel")}
        </label>
        <input
          id={searchId}
          type="search"
          className="history-search"
          placeholder={t("chat.searchPlaceholder")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {list.isError && !list.isFetchNextPageError && <p className="muted small">{t("chat.historyError")}</p>}
        {chats?.length === 0 && <p className="muted small">{search.trim() ? t("chat.noMatches") : t("chat.noChats")}</p>}
        <ul className="history-list">
          {chats?.map((chat, index) => {
            const title = chat.title || t("chat.untitled", { n: index + 1 });
            return (
              <li key={chat.id}>
                <Link
                  to={`/chats/${chat.id}`}
                  className="history-link"
                  onClick={onNavigate}
                  aria-current={location.pathname === `/chats/${chat.id}` ? "page" : undefined}
                >
                  {title}
                </Link>
                <button type="button" className="icon-button" aria-label={t("chat.deleteChat", { title })} onClick={() => remove(chat.id)}>
                  <TrashIcon />
                </button>
              </li>
            );
          })}
        </ul>
        {list.hasNextPage && (
          <div ref={sentinel} className="history-more">
            {list.isFetchNextPageError && <p className="muted small">{t("chat.olderChatsError")}</p>}
            {/* Scrolling loads older chats by itself; the button is there for the keyboard and assistive technology. */}
            <button type="button" className="button button-secondary" onClick={loadMore} aria-disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? t("chat.loadingOlderChats") : t("chat.showOlderChats")}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
