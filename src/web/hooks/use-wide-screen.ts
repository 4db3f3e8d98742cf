import { useSyncExternalStore } from "react";

/** Where the chat history becomes a permanent sidebar instead of a drawer (issue 23, item 16). */
const WIDE = "(min-width: 1024px)";

const subscribe = (change: () => void) => {
  const query = matchMedia(WIDE);
  query.addEventListener("change", change);
  return () => query.removeEventListener("change", change);
};

/**
 * Whether the screen is wide enough for the history sidebar; follows the window as it is resized. The server's
 * page cannot know: it leaves the sidebar out (display-settings.js keeps its room), the browser adds it.
 */
export function useWideScreen() {
  return useSyncExternalStore(
    subscribe,
    () => matchMedia(WIDE).matches,
    () => false,
  );
}
