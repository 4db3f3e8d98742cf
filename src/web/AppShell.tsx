import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { LazyDrawer } from "./components/drawer/LazyDrawer";
import { LazySidebar } from "./components/drawer/LazySidebar";
import { forgetSidebar } from "./components/drawer/sidebar-state";
import { useDrawerSwipe } from "./components/drawer/use-swipe";
import { Notification } from "./components/Notification";
import { ShellProvider, useShell } from "./components/shell/ShellContext";
import { useApplySavedDisplaySettings } from "./hooks/use-display-settings";
import { useApplySavedLanguage } from "./hooks/use-language";
import { useSession } from "./hooks/use-session";
import { useWideScreen } from "./hooks/use-wide-screen";

/** Wraps every page: applies the saved language and keeps <html lang> and the title in step. */
export function AppShell() {
  const { t, i18n } = useTranslation();
  useApplySavedLanguage();
  useApplySavedDisplaySettings();
  useEffect(() => {
    document.documentElement.lang = i18n.resolvedLanguage ?? "en";
    document.title = t("common.appName");
  }, [i18n.resolvedLanguage, t]);
  return (
    <ShellProvider>
      <a href="#main" className="skip-link">
        {t("common.skipToContent")}
      </a>
      <Outlet />
      <SignedInChrome />
    </ShellProvider>
  );
}

/** The drawer and notifications, kept outside the pages so they survive navigation. */
function SignedInChrome() {
  const { data: session } = useSession();
  const { drawerOpen, setDrawerOpen, notification, notify, notificationInline } = useShell();
  const wide = useWideScreen();
  useDrawerSwipe({ open: drawerOpen, setOpen: setDrawerOpen, enabled: Boolean(session) });
  useEffect(() => {
    if (session === null) forgetSidebar();
  }, [session]);
  if (!session) return null;
  return (
    <>
      {/* While the full menu is open the sidebar is hidden (the menu holds the same history); the page keeps its place. */}
      {wide && <LazySidebar hidden={drawerOpen} />}
      <LazyDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      {/* While the drawer is open everything outside it is inert, so it shows notifications itself. */}
      {/* The chat screen shows it above its input instead, where it covers neither the input nor the disclaimer. */}
      {!drawerOpen && !notificationInline && <Notification message={notification} onClose={() => notify(null)} />}
    </>
  );
}
