import type { Session } from "./session-lookup";

/** Whether the session was created (the user typed their password) at most `seconds` ago. */
export function signedInWithin(session: Session, seconds: number): boolean {
  return (Date.now() - new Date(session.session.createdAt).getTime()) / 1000 <= seconds;
}
