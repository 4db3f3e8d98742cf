import { useSyncExternalStore } from "react";

/** Chromium's install offer (not in the DOM typings): prompt() shows the browser's own install dialog. */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** Keeps the browser's install offer, which comes once and early (before any page may be showing). */
export function listenForInstallPrompt() {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener("appinstalled", () => {
    offer = null;
    changed();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const snapshot = () => offer;

/** A function that opens the browser's install dialog, or null while the browser offers none. */
export function useInstallPrompt(): (() => void) | null {
  // The server's page has no offer: the browser's comes with its own events.
  const current = useSyncExternalStore(subscribe, snapshot, () => null);
  if (!current) return null;
  return () => {
    void current.prompt();
    // An offer can be used once.
    offer = null;
    changed();
  };
}
