import type { Auth } from "../auth/auth";
import type { Database } from "../db/client";
import { sessionIsLive } from "../db/queries/sessions";

export type Session = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

interface Entry {
  session: Session;
  until: number;
}

/**
 * The signed-in session of a request. better-auth's full lookup (cookie signature, session and user queries)
 * runs once per cookie every `ttlMs`; in between, the session it found is reused after one indexed check
 * that its row still exists and has not expired. So a sign-out, a password reset, a disabled user or a deleted
 * account ends the session at once, in every server process, while most requests cost one small query.
 * Entries are keyed by the whole Cookie header (what better-auth read), and at most `maxEntries` are kept.
 */
export class SessionLookup {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly auth: Auth,
    private readonly db: Database,
    private readonly ttlMs = 5 * 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  async get(headers: Headers): Promise<Session | null> {
    const cookie = headers.get("cookie");
    if (!cookie) return null;
    const cached = this.entries.get(cookie);
    if (cached && cached.until > Date.now() && new Date(cached.session.session.expiresAt).getTime() > Date.now()) {
      if (await sessionIsLive({ db: this.db, token: cached.session.session.token })) return cached.session;
      this.entries.delete(cookie);
      return null;
    }
    this.entries.delete(cookie);
    // better-auth also extends a session in use here (its updateAge), so that happens at least every ttlMs.
    const session = await this.auth.api.getSession({ headers });
    if (session) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(cookie, { session, until: Date.now() + this.ttlMs });
    }
    return session;
  }
}
