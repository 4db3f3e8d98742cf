import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { ChatListItem } from "../../../shared/schemas/chat";
import { type ChatGroup, groupChats } from "../../lib/chat-groups";
import { ChatHistoryItem } from "./ChatHistoryItem";
import styles from "./drawer.module.css";

interface Props {
  chats: ChatListItem[];
  /** The search the list answers, whose words are marked. */
  search: string;
  onNavigate: () => void;
  onDelete: (chat: { id: string; title: string }) => void;
}

/** The history's chats under their headings: Pinned, Today, Yesterday, Previous 7 days, Older (local days). */
export function ChatGroups({ chats, search, onNavigate, onDelete }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const groups = groupChats(chats, new Date());
  return (
    <>
      {groups.map(({ group, chats: members }) => (
        <Group key={group} group={group}>
          {members.map(({ chat, index }) => {
            const title = chat.title || t("chat.untitled", { n: index + 1 });
            return (
              <ChatHistoryItem
                key={chat.id}
                chat={chat}
                title={title}
                search={search}
                current={pathname === `/chats/${chat.id}`}
                onNavigate={onNavigate}
                onDelete={() => onDelete({ id: chat.id, title })}
              />
            );
          })}
        </Group>
      ))}
    </>
  );
}

function Group({ group, children }: { group: ChatGroup; children: ReactNode }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.group}>
        {t(`chat.historyGroups.${group}`)}
      </h2>
      <ul className={styles.list}>{children}</ul>
    </section>
  );
}
