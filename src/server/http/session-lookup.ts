import { oldestLiveSessionStart } from "../auth/absolute-session-age";
import type { Auth } from "../auth/auth";
import type { Database } from "../db/client";
import { sessionIsLive } from "../db/queries/sessions";
import { cookieValues } from "./cookies";

export type Session = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

interface Entry {
  session: Session;
  until: number;
}

export interface SessionLookupOptions {
  /** SESSION_ABSOLUTE_MAX_AGE_SECONDS: a session created longer ago is refused (and deleted by better-auth's hook). */
  absoluteMaxAgeSeconds: number;
  /** How long better-auth's full check is reused. */
  ttlMs?: number;
  maxEntries?: number;
}

/**
 * The signed-in session of a request. better-auth's full lookup (cookie signature, session and user queries)
 * runs once per session cookie every `ttlMs`; in between, the session it found is reused after one indexed check
 * that its row still exists, has not expired and is within the absolute lifetime. So a sign-out, a password
 * reset, a disabled user or a deleted account ends the session at once, in every server process, while most
 * requests cost one small query. Entries are keyed by the session cookie's value alone: other cookies (an
 * analytics id, junk a client adds) neither make new entries nor push out others; at most `maxEntries` are kept.
 */
export class SessionLookup {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly absoluteMaxAgeSeconds: number;
  private cookieName: Promise<string> | undefined;

  constructor(
    private readonly auth: Auth,
    private readonly db: Database,
    { absoluteMaxAgeSeconds, ttlMs = 5 * 60_000, maxEntries = 10_000 }: SessionLookupOptions,
  ) {
    this.absoluteMaxAgeSeconds = absoluteMaxAgeSeconds;
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  /** How many sessions are cached now. */
  get size(): number {
    return this.entries.size;
  }

  async get(headers: Headers): Promise<Session | null> {
    this.cookieName ??= this.auth.$context.then((context) => context.authCookies.sessionToken.name);
    // Every copy of the session cookie, in order: better-auth reads one of them, so they all make the key.
    const values = cookieValues(headers.get("cookie"), await this.cookieName);
    if (values.length === 0) return null;
    const key = values.join("\n");
    const cached = this.entries.get(key);
    this.entries.delete(key);
    if (cached && cached.until > Date.now() && new Date(cached.session.session.expiresAt).getTime() > Date.now()) {
      const createdAfter = oldestLiveSessionStart(this.absoluteMaxAgeSeconds);
      if (await sessionIsLive({ db: this.db, token: cached.session.session.token, createdAfter })) {
        this.entries.set(key, cached);
        return cached.session;
      }
      // Gone, or past the absolute lifetime: the full lookup below refuses it (and deletes an old one).
    }
    // better-auth also extends a session in use here (its updateAge), so that happens at least every ttlMs.
    const session = await this.auth.api.getSession({ headers });
    if (session) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { session, until: Date.now() + this.ttlMs });
    }
    return session;
  }
}
