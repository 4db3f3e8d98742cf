import { type ChangeNotices, changeNoticesOf } from "../db/change-notices";

/**
 * Prompts held in memory per database, read from it once and again only after a change notice (an operator's
 * save, the CLI, another server process: the trigger of migration 0010 covers them all). While the notice
 * channel is down nothing is kept and every read goes to the database.
 */
export class PromptCache<Row> {
  private readonly rows = new Map<string, Row | undefined>();
  /** Counts the changes heard: a read that overlapped one may carry the old text and is not kept. */
  private changes = 0;

  constructor(private readonly notices: ChangeNotices) {
    notices.subscribe((notice) => {
      if (notice.kind === "prompts" || notice.kind === "missed") this.forget();
    });
  }

  /** Drops every prompt; for a change made in this process, so it is seen before its notice comes back. */
  forget(): void {
    this.changes += 1;
    this.rows.clear();
  }

  async get(id: string, read: () => Promise<Row | undefined>): Promise<Row | undefined> {
    if (!this.notices.connected) return read();
    if (this.rows.has(id)) return this.rows.get(id);
    const changesBefore = this.changes;
    const row = await read();
    if (this.changes === changesBefore && this.notices.connected) this.rows.set(id, row && Object.freeze(row));
    return row;
  }
}

const cachesByDatabase = new WeakMap<object, PromptCache<unknown>>();
const uncached = new WeakSet<object>();

/** Every prompt read of `db` goes to the database (CACHES without `prompts`). */
export function disablePromptCache(db: object): void {
  uncached.add(db);
}

/** The prompt cache of a database opened with openDatabase; undefined (no caching) for a transaction or other handle. */
export function promptCacheOf<Row>(db: object): PromptCache<Row> | undefined {
  if (uncached.has(db)) return undefined;
  let cache = cachesByDatabase.get(db);
  if (!cache) {
    const notices = changeNoticesOf(db);
    if (!notices) return undefined;
    cache = new PromptCache(notices);
    cachesByDatabase.set(db, cache);
  }
  return cache as PromptCache<Row>;
}
