/**
 * The worker loop of a table-backed queue: claim due items (FOR UPDATE SKIP LOCKED and a lease,
 * in the caller's `claim`), work at most `concurrency` at once, refill free slots as attempts
 * finish, and sleep `pollMs` when nothing is due unless woken early (LISTEN/NOTIFY, a new item).
 * Nothing lives only here: a stopped or killed loop leaves its items to the lease.
 */
import type { Queryable } from './db.js';

export interface LoopLog {
  error(obj: object, msg: string): void;
}

export interface ClaimLoopOptions<T> {
  /** Named in log lines. */
  name: string;
  concurrency: number;
  pollMs: number;
  claim(limit: number): Promise<T[]>;
  /** Works one claimed item; must not throw (failures are the item's own outcome). */
  work(item: T): Promise<void>;
  log(): LoopLog | undefined;
}

export class ClaimLoop<T> {
  private running = false;
  private sleeping: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<void>>();

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
      await Promise.all(batch.map((item) => this.o.work(item)));
    }
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
            const p = this.o.work(item).finally(() => {
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

  /** Stops claiming and waits for the attempts in flight. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
  }
}

/** A table used as a queue of ids: rows in a waiting status, due at `dueColumn`, leased by `locked_until`. */
export interface LeasedQueue {
  table: string;
  dueColumn: string;
  attemptsColumn: string;
  leaseSeconds: number;
  /** Which rows wait to be worked on (SQL over the table's columns); default `status = 'pending'`. */
  waiting?: string;
}

/** Claims up to `limit` due rows (FOR UPDATE SKIP LOCKED), leasing them and counting the attempt. */
export async function claimDue(db: { query: Queryable['query'] }, q: LeasedQueue, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE ${q.table} t SET locked_until = now() + make_interval(secs => ${q.leaseSeconds}), ${q.attemptsColumn} = t.${q.attemptsColumn} + 1
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
    `UPDATE ${q.table} SET locked_until = now() + make_interval(secs => ${q.leaseSeconds}), ${q.attemptsColumn} = ${q.attemptsColumn} + 1
      WHERE id = $1 AND ${q.waiting ?? "status = 'pending'"} AND (locked_until IS NULL OR locked_until < now())`,
    [id],
  );
  return (rowCount ?? 0) > 0;
}
