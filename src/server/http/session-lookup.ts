import type { Auth } from "../auth/auth";
import { type ChangeNotice, type ChangeNotices, changeNoticesOf } from "../db/change-notices";
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
  /** What ends sessions elsewhere; by default the change notices of `db` (see openDatabase). */
  notices?: ChangeNotices;
  /** The clock, in ms since the epoch (tests move it). */
  now?: () => number;
}

/**
 * better-auth works out a base URL for every call, a session lookup too (which builds no link). Without PUBLIC_URL
 * it takes the request's host, and one the server did not print at start (baseURL.allowedHosts) makes the lookup
 * throw: a 500 for any request from there. The session is in the cookie alone, so the lookup names an allowed host.
 */
function lookupHeaders(auth: Auth, headers: Headers): Headers {
  const { baseURL } = auth.options;
  if (typeof baseURL !== "object") return headers;
  const pinned = new Headers(headers);
  pinned.set("host", baseURL.allowedHosts[0] ?? "localhost");
  pinned.delete("x-forwarded-host");
  return pinned;
}

/**
 * The signed-in session of a request: better-auth's full lookup once per cookie every `ttlMs`, reused in between
 * without a query while change notices (synced before each reuse) can drop it; keyed by the session cookie alone,
 * at most `maxEntries`. Why it is safe: docs/architecture.md, "Sessions without a query".
 */
export class SessionLookup {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly absoluteMaxAgeSeconds: number;
  private readonly notices: ChangeNotices | undefined;
  private readonly now: () => number;
  /** Counts the notices that dropped entries: a full check that overlapped one may have read a revoked row. */
  private revocations = 0;
  private cookieName: Promise<string> | undefined;

  constructor(
    private readonly auth: Auth,
    private readonly db: Database,
    { absoluteMaxAgeSeconds, ttlMs = 5 * 60_000, maxEntries = 10_000, notices, now = Date.now }: SessionLookupOptions,
  ) {
    this.absoluteMaxAgeSeconds = absoluteMaxAgeSeconds;
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.now = now;
    this.notices = notices ?? changeNoticesOf(db);
    this.notices?.subscribe((notice) => this.forget(notice));
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
    // The entry must still be there after the wait: a notice heard meanwhile may have dropped it.
    if (cached && this.stillValid(cached) && (await this.stillLive(cached)) && this.entries.get(key) === cached) {
      // Most recently used last, so the oldest is the first pushed out.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached.session;
    }
    this.entries.delete(key);
    const revocationsBefore = this.revocations;
    // better-auth also extends a session in use here (its updateAge), so that happens at least every ttlMs; it
    // refuses a session past the absolute lifetime (and deletes it).
    const session = await this.auth.api.getSession({ headers: lookupHeaders(this.auth, headers) });
    if (session && this.revocations === revocationsBefore) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { session, until: this.now() + this.ttlMs });
    }
    return session;
  }

  /** Within the reuse time, not expired, and within the absolute lifetime: all from the cached row. */
  private stillValid({ session, until }: Entry): boolean {
    const now = this.now();
    return (
      until > now &&
      new Date(session.session.expiresAt).getTime() > now &&
      new Date(session.session.createdAt).getTime() > this.oldestStart().getTime()
    );
  }

  /**
   * No revocation committed before now is still unheard: the notice channel confirms it has delivered everything
   * up to now (on PostgreSQL one shared round trip on its connection), or, when it cannot, the row is queried.
   */
  private async stillLive({ session }: Entry): Promise<boolean> {
    if (await this.notices?.sync()) return true;
    return sessionIsLive({ db: this.db, token: session.session.token, createdAfter: this.oldestStart() });
  }

  private oldestStart(): Date {
    return new Date(this.now() - this.absoluteMaxAgeSeconds * 1000);
  }

  private forget(notice: ChangeNotice) {
    if (notice.kind === "prompts") return;
    this.revocations += 1;
    if (notice.kind === "missed" || notice.kind === "all-sessions") {
      this.entries.clear();
      return;
    }
    const ids = new Set(notice.kind === "sessions" ? notice.sessionIds : notice.userIds);
    for (const [key, { session }] of this.entries) {
      if (ids.has(notice.kind === "sessions" ? session.session.id : session.user.id)) this.entries.delete(key);
    }
  }
}
