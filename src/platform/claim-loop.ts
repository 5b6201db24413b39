/**
 * The worker loop of a table-backed queue: claim due items (FOR UPDATE SKIP LOCKED and a lease,
 * in the caller's `claim`), work at most `concurrency` at once, refill free slots as attempts
 * finish, and sleep `pollMs` when nothing is due unless woken early (LISTEN/NOTIFY, a new item).
 * Nothing lives only here: a stopped or killed loop leaves its items to the lease.
 *
 * Leases are short and renewed (a heartbeat): a claim holds an item for LEASE_SECONDS, and while
 * its attempt runs the loop renews the leases of every item it works on, all in one statement,
 * every HEARTBEAT_MS. An attempt slower than the lease is never taken by another worker while its
 * holder lives; a killed worker's items are claimable again within LEASE_SECONDS.
 */
import type { Queryable } from './db.js';

/** How long a claim (or a renewal) holds an item: a killed worker's items come back after this. */
export const LEASE_SECONDS = 15;
/** How often a live worker renews its leases: a third of the lease, so two renewals may fail before one lapses. */
export const HEARTBEAT_MS = 5_000;
/**
 * How long one attempt's lease is renewed at most. Every attempt is bounded far below this
 * (callback and carrier timeouts, statement limits); one that is not (a bug, a hung socket)
 * stops holding its item, which another worker then takes, as it would have without heartbeats.
 */
export const MAX_HOLD_MS = 10 * 60_000;

export interface LoopLog {
  error(obj: object, msg: string): void;
}

/** Renews the leases of the items a loop works on. */
export interface Heartbeat<T> {
  /** Renews all of them at once (one statement per queue); items no longer leased are left alone. */
  renew(items: T[]): Promise<void>;
  /** Default HEARTBEAT_MS. */
  everyMs?: number;
  /** Default MAX_HOLD_MS. */
  maxHoldMs?: number;
}

export interface ClaimLoopOptions<T> {
  /** Named in log lines. */
  name: string;
  concurrency: number;
  pollMs: number;
  claim(limit: number): Promise<T[]>;
  /** Works one claimed item; must not throw (failures are the item's own outcome). */
  work(item: T): Promise<void>;
  /** Keeps the leases of the items being worked on; without it a lease must outlast the slowest attempt. */
  heartbeat?: Heartbeat<T>;
  log(): LoopLog | undefined;
}

interface Held<T> {
  item: T;
  since: number;
  overdue: boolean;
}

export class ClaimLoop<T> {
  private running = false;
  private sleeping: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  /** Every item being worked on (by the loop, drain or workClaimed), for the heartbeat. */
  private readonly held = new Set<Held<T>>();
  private beatTimer: ReturnType<typeof setInterval> | undefined;
  private beating: Promise<void> | undefined;

  constructor(private readonly o: ClaimLoopOptions<T>) {}

  /** Ends the current sleep now (something became due). */
  wake(): void {
    this.sleeping?.();
  }

  /** Works everything due now, batch by batch (tests, the sandbox); returns how many items. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await this.o.claim(this.o.concurrency);
      if (!batch.length) return total;
      total += batch.length;
      await Promise.all(batch.map((item) => this.hold(item)));
    }
  }

  /** Works one item claimed outside the loop (claimById: a synchronous request), its lease renewed meanwhile. */
  workClaimed(item: T): Promise<void> {
    return this.hold(item);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      try {
        const free = this.o.concurrency - this.inFlight.size;
        if (free > 0) {
          const batch = await this.o.claim(free);
          claimed = batch.length;
          for (const item of batch) {
            const p = this.hold(item).finally(() => {
              this.inFlight.delete(p);
              this.wake();
            });
            this.inFlight.add(p);
          }
        }
      } catch (err) {
        if (this.running) this.o.log()?.error({ err }, `${this.o.name} could not claim`);
      }
      if (claimed > 0 && this.inFlight.size < this.o.concurrency) continue;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, this.o.pollMs);
        this.sleeping = () => {
          clearTimeout(t);
          resolve();
        };
      });
    }
  }

  /** Works one claimed item, its lease renewed by the heartbeat until the attempt ends. */
  private async hold(item: T): Promise<void> {
    const entry: Held<T> = { item, since: performance.now(), overdue: false };
    this.held.add(entry);
    if (this.o.heartbeat && !this.beatTimer) this.beatTimer = setInterval(() => this.beat(), this.o.heartbeat.everyMs ?? HEARTBEAT_MS);
    try {
      await this.o.work(item);
    } finally {
      this.held.delete(entry);
      if (!this.held.size && this.beatTimer) {
        clearInterval(this.beatTimer);
        this.beatTimer = undefined;
      }
    }
  }

  /** One renewal of every lease held (skipped while the previous one still runs). */
  private beat(): void {
    const hb = this.o.heartbeat;
    if (!hb || this.beating) return;
    const now = performance.now();
    const maxHoldMs = hb.maxHoldMs ?? MAX_HOLD_MS;
    const items: T[] = [];
    for (const h of this.held) {
      if (now - h.since < maxHoldMs) items.push(h.item);
      else if (!h.overdue) {
        h.overdue = true;
        this.o.log()?.error({ item: h.item, heldMs: Math.round(now - h.since) }, `${this.o.name}: an attempt outlived ${maxHoldMs} ms; its lease is no longer renewed`);
      }
    }
    if (!items.length) return;
    this.beating = hb
      .renew(items)
      .catch((err: unknown) => this.o.log()?.error({ err, items: items.length }, `${this.o.name} could not renew its leases`))
      .finally(() => {
        this.beating = undefined;
      });
  }

  /** Stops claiming and waits for the attempts in flight. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
    await this.beating;
  }
}

/** A table used as a queue of ids: rows in a waiting status, due at `dueColumn`, leased by `locked_until`. */
export interface LeasedQueue {
  table: string;
  dueColumn: string;
  attemptsColumn: string;
  /** How long a claim or a renewal holds a row; default LEASE_SECONDS. */
  leaseSeconds?: number;
  /** Which rows wait to be worked on (SQL over the table's columns); default `status = 'pending'`. */
  waiting?: string;
}

const leaseOf = (q: Pick<LeasedQueue, 'leaseSeconds'>): number => q.leaseSeconds ?? LEASE_SECONDS;

/** Claims up to `limit` due rows (FOR UPDATE SKIP LOCKED), leasing them and counting the attempt. */
export async function claimDue(db: { query: Queryable['query'] }, q: LeasedQueue, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE ${q.table} t SET locked_until = now() + make_interval(secs => ${leaseOf(q)}), ${q.attemptsColumn} = t.${q.attemptsColumn} + 1
      WHERE t.id IN (
        SELECT id FROM ${q.table}
         WHERE ${q.waiting ?? "status = 'pending'"} AND ${q.dueColumn} <= now() AND (locked_until IS NULL OR locked_until < now())
         ORDER BY ${q.dueColumn} LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING t.id`,
    [limit],
  );
  return rows.map((r) => r.id);
}

/** Claims one row now (synchronous requests); false when it is not pending or another worker holds it. */
export async function claimById(db: { query: Queryable['query'] }, q: LeasedQueue, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE ${q.table} SET locked_until = now() + make_interval(secs => ${leaseOf(q)}), ${q.attemptsColumn} = ${q.attemptsColumn} + 1
      WHERE id = $1 AND ${q.waiting ?? "status = 'pending'"} AND (locked_until IS NULL OR locked_until < now())`,
    [id],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Renews the leases of rows being worked on (the heartbeat): one statement for all of them. A row
 * whose attempt was recorded (lease cleared) is left alone, and so is one locked right now (its
 * holder is recording it; the next beat comes long before the lease ends): no heartbeat waits.
 */
export async function renewLeases(db: { query: Queryable['query'] }, q: Pick<LeasedQueue, 'table' | 'leaseSeconds'>, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0;
  const { rowCount } = await db.query(
    `UPDATE ${q.table} t SET locked_until = now() + make_interval(secs => ${leaseOf(q)})
      WHERE t.id IN (SELECT id FROM ${q.table} WHERE id = ANY($1) AND locked_until IS NOT NULL FOR UPDATE SKIP LOCKED)`,
    [ids],
  );
  return rowCount ?? 0;
}

/** The heartbeat of a LeasedQueue whose items are row ids. */
export function leaseHeartbeat(db: { query: Queryable['query'] }, q: LeasedQueue): Heartbeat<string> {
  return { renew: async (ids) => void (await renewLeases(db, q, ids)) };
}
