import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SidebarIcon } from "../chat/icons";
import { useShell } from "../shell/ShellContext";
import { ChatHistory } from "./ChatHistory";
import styles from "./drawer.module.css";
import { readCollapsed, storeCollapsed } from "./sidebar-state";

/**
 * The chat history as a permanent column on wide screens (issue 23, item 16), which the user can hide and show
 * again (remembered in this browser). The menu button still opens the full drawer.
 */
export function Sidebar({ hidden }: { hidden: boolean }) {
  const { t } = useTranslation();
  const { notify } = useShell();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.sidebar = collapsed ? "collapsed" : "expanded";
    storeCollapsed(collapsed);
    return () => {
      delete root.dataset.sidebar;
    };
  }, [collapsed]);
  const toggle = (
    <button
      type="button"
      className="icon-button"
      aria-label={t(collapsed ? "chat.expandSidebar" : "chat.collapseSidebar")}
      aria-expanded={!collapsed}
      onClick={() => setCollapsed((value) => !value)}
    >
      <SidebarIcon />
    </button>
  );
  return (
    <aside ref={ref} className={styles.sidebar} aria-label={t("chat.history")} hidden={hidden}>
      <div className={styles.sidebarHeader}>
        {toggle}
        {!collapsed && (
          <Link to="/" className={`${styles.item} ${styles.primary}`}>
            {t("common.newChat")}
          </Link>
        )}
      </div>
      {!collapsed && <ChatHistory onNavigate={() => {}} notify={notify} scrollRoot={ref} />}
    </aside>
  );
}
