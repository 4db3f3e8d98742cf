import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import type { NotificationMessage } from "../Notification";

interface Shell {
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
  notification: NotificationMessage | null;
  notify: (message: NotificationMessage | null) => void;
}

const ShellContext = createContext<Shell | null>(null);

/** State that outlives a page: the drawer and the current notification survive navigation between routes. */
export function ShellProvider({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [notification, notify] = useState<NotificationMessage | null>(null);
  const value = useMemo(() => ({ drawerOpen, setDrawerOpen, notification, notify }), [drawerOpen, notification]);
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error("useShell outside ShellProvider");
  return shell;
}
