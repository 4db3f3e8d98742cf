import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { useChatList, useDeleteChat } from "../../hooks/use-chats";
import { ChevronIcon, TrashIcon } from "../chat/icons";
import type { NotificationMessage } from "../Notification";

/** The collapsible chat history: newest first, searchable, with a delete button per chat. */
export function ChatHistory({ onNavigate, notify }: { onNavigate: () => void; notify: (message: NotificationMessage) => void }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(true);
  const [search, setSearch] = useState("");
  const listId = useId();
  const searchId = useId();
  const { data: chats, isError } = useChatList(search.trim());
  const deleteChat = useDeleteChat();
  const location = useLocation();
  const navigate = useNavigate();

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
        {isError && <p className="muted small">{t("chat.historyError")}</p>}
        {chats?.length === 0 && <p className="muted small">{search ? t("chat.noMatches") : t("chat.noChats")}</p>}
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
      </div>
    </section>
  );
}
