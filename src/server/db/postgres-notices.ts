import pg from "pg";
import { errorFields } from "../log-safe-error";
import type { Logger } from "../logger";
import { CHANGE_CHANNEL, ChangeNoticeHub } from "./change-notices";

export interface PostgresNoticeOptions {
  url: string;
  logger?: Pick<Logger, "warn" | "info" | "debug">;
  /** First wait before reconnecting; it doubles with each failed attempt up to `maxRetryMs`. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** How often the listening connection is checked (a dead peer sends no FIN); a ping unheard by the next check ends it. */
  heartbeatMs?: number;
  connectTimeoutMs?: number;
  /** How long `sync` waits to hear its barrier back before it answers false (the caller then queries instead). */
  syncTimeoutMs?: number;
}

/** The listening connection, its ping channel, and the last ping sent on it (the next waits for it). */
interface Link {
  client: pg.Client;
  pingChannel: string;
  lastPing: Promise<unknown>;
}

/** A sync barrier on the way: the callers it answers, and the number it carries on the ping channel. */
interface Barrier {
  number: number;
  waiters: Array<(heard: boolean) => void>;
  timer: NodeJS.Timeout;
}

/** Seen in pg_stat_activity, and how the tests find the listening connection. */
export const NOTICE_APPLICATION_NAME = "health-chat change notices";

/**
 * Change notices on PostgreSQL: LISTEN on one dedicated connection outside the pool; caches fall back to queries
 * (and are emptied) while it is lost. `sync` pings its own channel, so every change committed before the call has
 * been heard (notices arrive in commit order). Details: docs/architecture.md, "Change notices on PostgreSQL".
 */
export class PostgresChangeNotices extends ChangeNoticeHub {
  private client: pg.Client | undefined;
  private stopped = false;
  private failedAttempts = 0;
  private everConnected = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  /** The listening connection and its ping channel, while listening. */
  private link: Link | undefined;
  private barrier: Barrier | undefined;
  /** How many sync barriers this process has sent (callers waiting together share one). */
  barriersSent = 0;
  /** Callers waiting for the next barrier (one is on the way). */
  private nextWaiters: Array<(heard: boolean) => void> = [];
  /** How many of its own heartbeat notices this process has heard back, over all its connections. */
  heartbeatsHeard = 0;
  /** Settles when the first attempt to listen has succeeded or failed (a failure is retried in the background). */
  readonly firstAttempt: Promise<void>;

  constructor(private readonly options: PostgresNoticeOptions) {
    super(async () => this.stopListening());
    this.firstAttempt = this.connect();
  }

  private async connect(): Promise<void> {
    const { url, connectTimeoutMs = 5000, logger } = this.options;
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs,
      query_timeout: connectTimeoutMs,
      keepAlive: true,
      application_name: NOTICE_APPLICATION_NAME,
    });
    this.client = client;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      this.dropConnection(client, error);
    };
    client.on("error", onLost);
    client.on("end", () => onLost());
    // The heartbeat notifies a channel of this connection's own: hearing it back proves that notices still
    // arrive (not just that the connection answers; behind PgBouncer's transaction mode they would not).
    const pingChannel = `app_changes_ping_${crypto.randomUUID().replace(/-/g, "")}`;
    let pingsSent = 0;
    let pingsHeard = 0;
    client.on("notification", (message) => {
      if (message.channel === CHANGE_CHANNEL) this.receive(message.payload ?? "");
      else if (message.channel === pingChannel) {
        const payload = message.payload ?? "";
        if (payload.startsWith("sync:")) {
          if (this.barrier?.number === Number(payload.slice(5))) this.endBarrier(this.barrier, true);
          return;
        }
        pingsHeard = Number(payload);
        this.heartbeatsHeard += 1;
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      await client.query(`LISTEN ${pingChannel}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (lost || this.stopped) return;
    this.failedAttempts = 0;
    // Whatever was cached before LISTEN took effect may have changed unheard.
    this.emit({ kind: "missed" });
    const link: Link = { client, pingChannel, lastPing: Promise.resolve() };
    this.link = link;
    this.connected = true;
    if (this.everConnected) logger?.info("change notices restored");
    this.everConnected = true;
    this.heartbeatTimer = setInterval(() => {
      if (pingsHeard < pingsSent) {
        onLost(new Error("the change-notice connection stopped delivering notices"));
        return;
      }
      pingsSent += 1;
      this.ping(link, String(pingsSent)).catch((error: Error) => onLost(error));
    }, this.options.heartbeatMs ?? 10_000);
    this.heartbeatTimer.unref();
  }

  override sync(): Promise<boolean> {
    if (!this.connected || !this.link) return Promise.resolve(false);
    return new Promise((resolve) => {
      this.nextWaiters.push(resolve);
      if (!this.barrier) this.sendBarrier();
    });
  }

  /** Sends one barrier for everyone waiting now. */
  private sendBarrier() {
    const waiters = this.nextWaiters;
    this.nextWaiters = [];
    if (waiters.length === 0) return;
    const link = this.link;
    if (!link || !this.connected) {
      for (const resolve of waiters) resolve(false);
      return;
    }
    this.barriersSent += 1;
    const barrier: Barrier = {
      number: this.barriersSent,
      waiters,
      timer: setTimeout(() => this.endBarrier(barrier, false), this.options.syncTimeoutMs ?? 1000),
    };
    this.barrier = barrier;
    this.ping(link, `sync:${barrier.number}`).catch(() => this.endBarrier(barrier, false));
  }

  /**
   * Notifies the link's own ping channel. One statement at a time on the connection: pg queues overlapping
   * queries itself but warns that pg@9 will not (a heartbeat and a barrier can fall due together).
   */
  private ping(link: Link, payload: string): Promise<unknown> {
    const sent = link.lastPing.then(() => link.client.query("select pg_notify($1, $2)", [link.pingChannel, payload]));
    link.lastPing = sent.catch(() => undefined);
    return sent;
  }

  private endBarrier(barrier: Barrier, heard: boolean) {
    if (this.barrier !== barrier) return;
    clearTimeout(barrier.timer);
    this.barrier = undefined;
    for (const resolve of barrier.waiters) resolve(heard);
    this.sendBarrier();
  }

  /** Answers every waiting sync false (the connection is gone): its barrier can no longer be heard. */
  private failSyncs() {
    if (this.barrier) this.endBarrier(this.barrier, false);
    else this.sendBarrier();
  }

  private dropConnection(client: pg.Client, error: Error | undefined) {
    const { logger, firstRetryMs = 100, maxRetryMs = 10_000 } = this.options;
    if (this.client !== client) return;
    this.client = undefined;
    this.link = undefined;
    clearInterval(this.heartbeatTimer);
    const wasConnected = this.connected;
    this.connected = false;
    this.failSyncs();
    if (wasConnected) {
      this.emit({ kind: "missed" });
      logger?.warn("change notices lost; caches are bypassed until the connection is back", { error: error && errorFields(error) });
    }
    client.removeAllListeners("notification");
    client
      .end()
      .catch((closeError: Error) => logger?.debug("closing the lost notice connection failed", { error: errorFields(closeError) }));
    if (this.stopped) return;
    const delay = Math.min(maxRetryMs, firstRetryMs * 2 ** this.failedAttempts) * (0.5 + Math.random() / 2);
    this.failedAttempts += 1;
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }

  private async stopListening(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.heartbeatTimer);
    const client = this.client;
    this.client = undefined;
    this.link = undefined;
    this.failSyncs();
    await client?.end();
  }
}
