/**
 * The worker loop of a table-backed queue: claim due items (FOR UPDATE SKIP LOCKED and a lease,
 * in the caller's `claim`), work at most `concurrency` at once, refill free slots as attempts
 * finish, and sleep `pollMs` when nothing is due unless woken early (LISTEN/NOTIFY, a new item).
 * Nothing lives only here: a stopped or killed loop leaves its items to the lease.
 */
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
