import { useCallback, useRef, useState } from "react";
import { hasErrorCode } from "../lib/api";

/** Runs an action; when the server wants a fresh sign-in first, asks for the password and then runs it again. */
export type WithRecentLogin = <T>(action: () => Promise<T>) => Promise<T>;

/** The operator closed the password dialog instead of signing in again: nothing to report. */
export class ReauthCancelled extends Error {
  constructor() {
    super("Re-authentication cancelled");
    this.name = "ReauthCancelled";
  }
}

export const needsRecentLogin = (cause: unknown) => hasErrorCode(cause, "requires-recent-login");

/**
 * The retry half of re-authentication: `withRecentLogin` wraps an export or a prompt save, and `dialog` is what
 * the ReauthDialog beside it needs. The action runs at most twice; a second refusal is reported as an error.
 */
export function useRecentLogin() {
  const [open, setOpen] = useState(false);
  const answer = useRef<((signedIn: boolean) => void) | null>(null);

  const withRecentLogin: WithRecentLogin = useCallback(async (action) => {
    try {
      return await action();
    } catch (cause) {
      if (!needsRecentLogin(cause)) throw cause;
    }
    const signedIn = await new Promise<boolean>((resolve) => {
      answer.current?.(false);
      answer.current = resolve;
      setOpen(true);
    });
    if (!signedIn) throw new ReauthCancelled();
    return action();
  }, []);

  const settle = useCallback((signedIn: boolean) => {
    answer.current?.(signedIn);
    answer.current = null;
    setOpen(false);
  }, []);

  return {
    withRecentLogin,
    dialog: { open, onSignedIn: () => settle(true), onCancel: () => settle(false) },
  };
}
