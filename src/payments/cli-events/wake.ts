/**
 * The wake-up of `kassa listen`'s long-polls: ONE LISTEN connection per API node on the channel
 * `kassa_cli_events` (migration 027's trigger: payload "<store id> <env>" at the commit of every
 * notification row), fanned out to the requests of this node waiting for that store and
 * environment. No connection is held per waiting client. Bounded: at most `perStore` waiting
 * requests per store and environment (429) and `total` per node (503).
 *
 * Without the connection (it failed, or the server restarted) nothing is lost: every waiter is
 * woken, re-reads the feed by its cursor, and waits at most FALLBACK_POLL_MS until LISTEN is back.
 */
import pg from 'pg';
import { kassaError } from '../../platform/errors.js';
import type { Env } from '../../platform/env.js';

export const CLI_EVENTS_CHANNEL = 'kassa_cli_events';
/** How long a waiter sleeps between reads while LISTEN is unavailable. */
export const FALLBACK_POLL_MS = 500;

export interface WakeLimits {
  /** Waiting requests per store and environment on one node. */
  perStore: number;
  /** Waiting requests on one node. */
  total: number;
}
export const WAKE_LIMITS: WakeLimits = { perStore: 10, total: 1000 };

/** One waiting request's registration: `wait` returns when the store may have news. */
export interface Waiter {
  /** Resolves on a wake of this store, after `ms`, on abort or on shutdown; at once if a wake came since the last wait. */
  wait(ms: number, signal?: AbortSignal): Promise<void>;
  release(): void;
}

const keyOf = (storeId: string, env: Env) => `${storeId} ${env}`;

interface Entry {
  woken: boolean;
  resolve?: () => void;
}

export class FeedWake {
  private client: pg.Client | undefined;
  private connecting: Promise<boolean> | undefined;
  private readonly waiting = new Map<string, Set<Entry>>();
  private count = 0;
  private closed = false;

  constructor(
    private readonly databaseUrl: string | undefined,
    private readonly limits: WakeLimits = WAKE_LIMITS,
  ) {}

  /** Requests waiting on this node now (tests, metrics). */
  get size(): number {
    return this.count;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Registers a waiting request before the feed is read (a wake between the read and the wait is
   * kept, not lost). Throws 429 over the store's limit, 503 over the node's or while shutting down.
   */
  subscribe(storeId: string, env: Env): Waiter {
    if (this.closed) throw kassaError('KASSA_ERR_LISTEN_BUSY', ['the server is shutting down; reconnect with the same cursor']);
    const key = keyOf(storeId, env);
    const set = this.waiting.get(key) ?? new Set<Entry>();
    if (set.size >= this.limits.perStore) {
      throw kassaError('KASSA_ERR_TOO_MANY_LISTENERS', [`at most ${this.limits.perStore} requests may wait for a store's events at once; stop another listener or retry later`]);
    }
    if (this.count >= this.limits.total) throw kassaError('KASSA_ERR_LISTEN_BUSY', [`this server holds ${this.limits.total} waiting requests; retry in a few seconds`]);
    const entry: Entry = { woken: false };
    set.add(entry);
    this.waiting.set(key, set);
    this.count++;
    let released = false;
    return {
      wait: async (ms, signal) => {
        if (entry.woken || this.closed || signal?.aborted) {
          entry.woken = false;
          return;
        }
        const listening = await this.listening();
        const bound = listening ? ms : Math.min(ms, FALLBACK_POLL_MS);
        await new Promise<void>((resolve) => {
          if (entry.woken || this.closed) return resolve();
          const done = () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            entry.resolve = undefined;
            resolve();
          };
          const timer = setTimeout(done, Math.max(0, bound));
          signal?.addEventListener('abort', done, { once: true });
          entry.resolve = done;
        });
        entry.woken = false;
      },
      release: () => {
        if (released) return;
        released = true;
        set.delete(entry);
        if (!set.size) this.waiting.delete(key);
        this.count--;
        entry.resolve?.();
      },
    };
  }

  private wake(key?: string): void {
    const sets = key === undefined ? [...this.waiting.values()] : [this.waiting.get(key)];
    for (const set of sets) {
      for (const e of set ?? []) {
        e.woken = true;
        e.resolve?.();
      }
    }
  }

  /** Whether this node LISTENs now; connects once (shared by every waiter) when it does not. */
  private listening(): Promise<boolean> {
    if (this.client) return Promise.resolve(true);
    if (!this.databaseUrl || this.closed) return Promise.resolve(false);
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<boolean> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      // Wake everyone: each re-reads by its cursor (what committed meanwhile is not lost).
      this.wake();
      client.end().catch(() => undefined);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (m) => {
      if (m.channel === CLI_EVENTS_CHANNEL && m.payload) this.wake(m.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CLI_EVENTS_CHANNEL}`);
    } catch {
      await client.end().catch(() => undefined);
      return false;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return false;
    }
    this.client = client;
    // Anything committed between the waiters' reads and this LISTEN: read again.
    this.wake();
    return true;
  }

  /** Shutdown: every waiting request answers now, and the LISTEN connection ends. */
  async close(): Promise<void> {
    this.closed = true;
    this.wake();
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
