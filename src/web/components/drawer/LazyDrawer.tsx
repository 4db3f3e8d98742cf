import { lazy, Suspense, useEffect, useState } from "react";

const Drawer = lazy(() => import("./Drawer").then((module) => ({ default: module.Drawer })));

/** How long after the first paint the closed drawer (and the chat list it fetches) is loaded at the latest. */
const LOAD_AFTER_MS = 2000;

/**
 * The drawer, kept out of the first paint: its code and chat list load when the browser is idle after the page
 * appeared, or at once when it is opened first.
 */
export function LazyDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [wanted, setWanted] = useState(open);
  useEffect(() => {
    if (wanted) return;
    if (open) return setWanted(true);
    const load = () => setWanted(true);
    if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(load, { timeout: LOAD_AFTER_MS });
      return () => cancelIdleCallback(handle);
    }
    // Safari has no requestIdleCallback: a short pause lets the page's own requests go first.
    const timer = setTimeout(load, LOAD_AFTER_MS / 4);
    return () => clearTimeout(timer);
  }, [open, wanted]);
  if (!wanted && !open) return null;
  return (
    <Suspense fallback={null}>
      <Drawer open={open} onClose={onClose} />
    </Suspense>
  );
}
