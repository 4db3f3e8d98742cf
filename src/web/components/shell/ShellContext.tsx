import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";
import type { NotificationMessage } from "../Notification";

interface Shell {
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
  notification: NotificationMessage | null;
  /** Shows a notification on this page, or on `path` when the action that caused it goes there next. */
  notify: (message: NotificationMessage | null, path?: string) => void;
  /** Whether the current page shows the notification in its own layout (the chat screen, above its input). */
  notificationInline: boolean;
  setNotificationInline: (inline: boolean) => void;
  /** The menu asked the open chat to print itself (once its older messages are loaded too). */
  printRequested: boolean;
  setPrintRequested: (requested: boolean) => void;
}

const ShellContext = createContext<Shell | null>(null);

const samePath = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * State that outlives a page: the drawer survives navigation between routes; a notification belongs to the page it
 * was shown on and is gone once the user moves on (issue 23: notices followed people to other pages).
 */
export function ShellProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [notificationInline, setNotificationInline] = useState(false);
  const [printRequested, setPrintRequested] = useState(false);
  const [shown, setShown] = useState<{ message: NotificationMessage; path: string } | null>(null);
  const notify = useCallback((message: NotificationMessage | null, path = pathname) => setShown(message && { message, path }), [pathname]);
  // Only a move to another page clears it: a notification meant for the page being opened next survives.
  useEffect(() => {
    setShown((current) => (current && samePath(current.path, pathname) ? current : null));
  }, [pathname]);
  const notification = shown && samePath(shown.path, pathname) ? shown.message : null;
  const value = useMemo(
    () => ({
      drawerOpen,
      setDrawerOpen,
      notification,
      notify,
      notificationInline,
      setNotificationInline,
      printRequested,
      setPrintRequested,
    }),
    [drawerOpen, notification, notify, notificationInline, printRequested],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error("useShell outside ShellProvider");
  return shell;
}
