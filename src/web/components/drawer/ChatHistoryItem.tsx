import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ChatListItem } from "../../../shared/schemas/chat";
import { MAX_CHAT_TITLE_CHARS } from "../../../shared/values";
import { useUpdateChat } from "../../hooks/use-chats";
import { PencilIcon, PinIcon, TrashIcon } from "../chat/icons";
import styles from "./drawer.module.css";
import { Highlighted } from "./Highlighted";

interface Props {
  chat: ChatListItem;
  /** The title shown: the chat's own, or "Chat n" by its place in the list. */
  title: string;
  /** The search the list answers: its words are marked in the title and the snippet. */
  search: string;
  current: boolean;
  onNavigate: () => void;
  onDelete: () => void;
}

/** One chat of the history: its link, and buttons to rename it (inline), pin or unpin it, and delete it. */
export function ChatHistoryItem({ chat, title, search, current, onNavigate, onDelete }: Props) {
  const { t } = useTranslation();
  const update = useUpdateChat();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  const stop = () => {
    setEditing(false);
    setError(null);
    // The focus goes back to where renaming started, not to the page's start.
    requestAnimationFrame(() => renameButton.current?.focus());
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const name = draft.trim();
    // The typed text stays in the box, so nothing is lost.
    if (!name) return setError(t("chat.renameEmpty"));
    update.mutate({ id: chat.id, title: name }, { onSuccess: stop, onError: () => setError(t("chat.renameError")) });
  };

  if (editing) {
    return (
      <li>
        <form className={styles.rename} onSubmit={save}>
          <label htmlFor={inputId} className="visually-hidden">
            {t("chat.renameLabel", { title })}
          </label>
          <input
            ref={input}
            type="text"
            id={inputId}
            value={draft}
            maxLength={MAX_CHAT_TITLE_CHARS}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== "Escape") return;
              // Escape leaves the name as it was; it must not close the drawer around it as well.
              e.preventDefault();
              e.stopPropagation();
              stop();
            }}
          />
          <div className={styles.renameActions}>
            <button type="submit" className="button button-primary" aria-disabled={update.isPending || undefined}>
              {t("chat.renameSave")}
            </button>
            <button type="button" className="button button-secondary" onClick={stop}>
              {t("chat.renameCancel")}
            </button>
          </div>
          {error && (
            <p id={errorId} className="alert alert-error" role="alert">
              {error}
            </p>
          )}
        </form>
      </li>
    );
  }
  return (
    <li>
      <Link to={`/chats/${chat.id}`} className={styles.link} onClick={onNavigate} aria-current={current ? "page" : undefined}>
        <span className={styles.chatTitle}>
          <Highlighted text={title} search={search} />
        </span>
        {/* Why it matched, when not by its title: the words around the match in one of its messages. */}
        {chat.snippet && " "}
        {chat.snippet && (
          <span className={styles.snippet}>
            <Highlighted text={chat.snippet} search={search} />
          </span>
        )}
      </Link>
      <button
        ref={renameButton}
        type="button"
        className="icon-button"
        aria-label={t("chat.renameChat", { title })}
        onClick={() => {
          setDraft(chat.title || title);
          setEditing(true);
        }}
      >
        <PencilIcon />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={t(chat.pinned ? "chat.unpinChat" : "chat.pinChat", { title })}
        aria-pressed={chat.pinned}
        onClick={() => update.mutate({ id: chat.id, pinned: !chat.pinned })}
      >
        <PinIcon filled={chat.pinned} />
      </button>
      <button type="button" className="icon-button" aria-label={t("chat.deleteChat", { title })} onClick={onDelete}>
        <TrashIcon />
      </button>
    </li>
  );
}
