import { useEffect, useState } from "react";

const keyFor = (chatId: string | undefined) => `draft:${chatId ?? "new"}`;

/**
 * The text being typed, kept in sessionStorage so a reload or a crash of the tab does not lose it.
 * sessionStorage (not localStorage) so nothing stays on a shared computer once the tab is closed.
 */
export function useDraft(chatId: string | undefined): [string, (value: string) => void] {
  // No sessionStorage on the server, which renders a saved chat's page with an empty box.
  const [value, setValue] = useState(() => (typeof sessionStorage === "undefined" ? "" : (sessionStorage.getItem(keyFor(chatId)) ?? "")));
  useEffect(() => {
    if (value) sessionStorage.setItem(keyFor(chatId), value);
    else sessionStorage.removeItem(keyFor(chatId));
  }, [chatId, value]);
  return [value, setValue];
}
