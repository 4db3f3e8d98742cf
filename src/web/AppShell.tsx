import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { LazyDrawer } from "./components/drawer/LazyDrawer";
import { useDrawerSwipe } from "./components/drawer/use-swipe";
import { Notification } from "./components/Notification";
import { ShellProvider, useShell } from "./components/shell/ShellContext";
import { useApplySavedLanguage } from "./hooks/use-language";
import { useSession } from "./hooks/use-session";

/** Wraps every page: applies the saved language and keeps <html lang> and the title in step. */
export function AppShell() {
  const { t, i18n } = useTranslation();
  useApplySavedLanguage();
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
  const { drawerOpen, setDrawerOpen, notification, notify } = useShell();
  useDrawerSwipe({ open: drawerOpen, setOpen: setDrawerOpen, enabled: Boolean(session) });
  if (!session) return null;
  return (
    <>
      <LazyDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      {/* While the drawer is open everything outside it is inert, so it shows notifications itself. */}
      {!drawerOpen && <Notification message={notification} onClose={() => notify(null)} />}
    </>
  );
}
