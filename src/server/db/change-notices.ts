/** The channel the triggers of migration 0010 notify on. */
export const CHANGE_CHANNEL = "app_changes";

/**
 * What changed, as the database's triggers report it. `missed`: notices may have been lost (the listening
 * connection dropped), so every cache must be emptied.
 */
export type ChangeNotice =
  | { kind: "prompts" }
  | { kind: "sessions"; sessionIds: string[] }
  | { kind: "users"; userIds: string[] }
  | { kind: "all-sessions" }
  | { kind: "missed" };

/** A notice payload from migration 0010's triggers; undefined for one this version does not know. */
export function parseChangeNotice(payload: string): ChangeNotice | undefined {
  if (payload === "prompts") return { kind: "prompts" };
  if (payload === "sessions") return { kind: "all-sessions" };
  const [prefix, ids = ""] = payload.split(/:(.*)/s);
  const list = ids.split(",").filter(Boolean);
  if (prefix === "session") return { kind: "sessions", sessionIds: list };
  if (prefix === "user") return { kind: "users", userIds: list };
  return undefined;
}

export type ChangeListener = (notice: ChangeNotice) => void;

/**
 * Hears what other writers changed in the database. Caches may trust their copies only while `connected` is
 * true: then every change reaches `subscribe`rs before the next request can see it missing. While it is false
 * they must read from the database on every request.
 */
export interface ChangeNotices {
  readonly connected: boolean;
  /**
   * Resolves true once every change committed before the call has reached the subscribers (so a cache may then
   * trust what it still holds), or false when that cannot be known now (the channel is down or slow): the caller
   * must then ask the database.
   */
  sync(): Promise<boolean>;
  /** Calls `listener` with every notice from now on; returns a function that stops it. */
  subscribe(listener: ChangeListener): () => void;
  close(): Promise<void>;
}

/** The part every implementation shares: listeners, the connected flag, and handing a payload on. */
export class ChangeNoticeHub implements ChangeNotices {
  private readonly listeners = new Set<ChangeListener>();
  connected = false;

  constructor(private readonly stop: () => Promise<void> = async () => {}) {}

  /** Where notices arrive with the statement that caused them (PGlite), connected already means in sync. */
  async sync(): Promise<boolean> {
    return this.connected;
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hands a notice to every listener. */
  emit(notice: ChangeNotice): void {
    for (const listener of this.listeners) listener(notice);
  }

  /** A payload from the channel. One this version does not know (from a newer one) empties every cache. */
  receive(payload: string): void {
    this.emit(parseChangeNotice(payload) ?? { kind: "missed" });
  }

  async close(): Promise<void> {
    this.connected = false;
    this.listeners.clear();
    await this.stop();
  }
}

/** The change notices of each database handle's Drizzle instance (what the app and the queries are given). */
const noticesByDatabase = new WeakMap<object, ChangeNotices>();

/** Makes `notices` the change notices of `db` (openDatabase does this). */
export function registerChangeNotices(db: object, notices: ChangeNotices): void {
  noticesByDatabase.set(db, notices);
}

/**
 * The change notices of a database opened with openDatabase; undefined for anything else (a transaction, for one),
 * which then has no caches.
 */
export function changeNoticesOf(db: object): ChangeNotices | undefined {
  return noticesByDatabase.get(db);
}
