/**
 * The feed behind `kassa listen`: a store's notifications (order, refund, shipping webhooks) in
 * commit-safe order after a cursor (see `after`), each with the URL and body the delivery worker sends, signed the same
 * way (src/notifications/delivery.ts KIND_RULES, notificationRequest). The outbox is the
 * source: the listener sees what the real delivery sends, whether or not that delivery succeeds.
 */
import type { Db } from '../../platform/db.js';
import type { Clock } from '../../platform/clock.js';
import type { Env } from '../../platform/env.js';
import { sign } from '../../platform/jwt.js';
import type { KeyResolver } from '../../stores/auth.js';
import { KIND_RULES, notificationRequest } from '../../notifications/delivery.js';
import type { NotificationKind } from '../../notifications/outbox.js';
import { feedHorizon, selectFeed } from '../../notifications/store.js';
import { readOrders, recentOrderIds, type OrderRow } from '../orders/store.js';
import type { OrderStatus } from '../orders/states.js';
import type { FeedWake } from './wake.js';

export interface CliEventView {
  id: string;
  /** The feed's position "<transaction>.<seq>": pass the last one back as `after`. */
  cursor: string;
  kind: NotificationKind;
  subjectId: string;
  createdAt: string;
  url: string;
  body: string;
}

/** A feed cursor: "<transaction id (xid8)>.<feed_seq>"; "0.0" is the beginning. */
export const FEED_CURSOR = /^[0-9]{1,19}\.[0-9]{1,18}$/;
/** The first pause before reading again while rows are held behind an open transaction; it doubles up to the max. */
const HELD_PAUSE_MS = 20;
const MAX_HELD_PAUSE_MS = 1000;

export interface FeedPage {
  events: CliEventView[];
  cursor: string;
  held: boolean;
}

export class CliEventService {
  constructor(
    private readonly db: Db,
    private readonly keys: KeyResolver,
    private readonly clock: Clock,
    /** How a webhook's stored claims go on the wire (the deployment's shipping names), as the worker does. */
    private readonly webhookClaims: (claims: Record<string, unknown>) => unknown,
    /** This node's wake-up of waiting long-polls (one LISTEN connection). */
    readonly wake: FeedWake,
  ) {}

  /**
   * Events after the cursor `after` ("<transaction id>.<feed_seq>", FEED_CURSOR), oldest first:
   * only rows whose inserting transaction is older than the oldest one still running
   * (`pg_snapshot_xmin`), ordered by (xact_id, feed_seq). Every row that can still appear belongs
   * to a transaction at or after that horizon, so it sorts after every cursor answered: none is
   * skipped, none repeated. Without a cursor, none: the answer's cursor is that horizon, so a
   * listener starts from "now". `held`: committed rows wait behind an older transaction still open.
   */
  async after(storeId: string, env: Env, after: string | undefined, limit: number): Promise<FeedPage> {
    if (after === undefined) {
      return { events: [], cursor: `${await feedHorizon(this.db)}.0`, held: false };
    }
    const [xact, seq] = after.split('.') as [string, string];
    const rows = await selectFeed(this.db, storeId, env, xact, seq, limit);
    const ready = rows.filter((r) => !r.held);
    const held = ready.length < rows.length;
    if (!ready.length) return { events: [], cursor: after, held };
    const key = await this.keys.forStore(storeId, env);
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const events = ready.map((n) => {
      const rules = KIND_RULES[n.kind];
      const claims = n.kind === 'webhook' ? (this.webhookClaims(n.claims) as Record<string, unknown>) : rules.withAccessKey ? { ...n.claims, accessKey: key.accessKey } : n.claims;
      const token = sign({ ...claims, iat, exp: iat + rules.tokenTtlS }, key.secretKey);
      const req = notificationRequest(n.kind, n.url, token);
      return { id: n.id, cursor: `${n.xact_id}.${n.feed_seq}`, kind: n.kind, subjectId: n.subject_id, createdAt: n.created_at.toISOString(), url: req.url, body: req.body };
    });
    return { events, cursor: events[events.length - 1]!.cursor, held };
  }

  /**
   * The long-poll: as `after`, but when there is nothing yet, waits up to `waitMs` for the store's
   * next event (woken by this node's one LISTEN, FeedWake) and answers as soon as it is readable.
   * While rows are held behind an older open transaction (which may announce nothing when it
   * ends), it reads again after a short, growing pause. Throws 429/503 over the wake's limits.
   */
  async awaitAfter(storeId: string, env: Env, after: string, limit: number, waitMs: number, signal?: AbortSignal): Promise<FeedPage> {
    const waiter = this.wake.subscribe(storeId, env);
    try {
      const deadline = performance.now() + waitMs;
      let pause = HELD_PAUSE_MS;
      for (;;) {
        const page = await this.after(storeId, env, after, limit);
        const left = deadline - performance.now();
        if (page.events.length || left <= 0 || signal?.aborted || this.wake.isClosed) return page;
        await waiter.wait(page.held ? Math.min(left, pause) : left, signal);
        pause = page.held ? Math.min(pause * 2, MAX_HELD_PAUSE_MS) : HELD_PAUSE_MS;
      }
    } finally {
      waiter.release();
    }
  }

  /** Shutdown: waiting long-polls answer now; the LISTEN connection ends. */
  close(): Promise<void> {
    return this.wake.close();
  }

  /** The store's most recent orders of an environment (newest first), optionally of one status. */
  async recentOrders(storeId: string, env: Env, status: OrderStatus | undefined, limit: number): Promise<OrderRow[]> {
    const ids = await recentOrderIds(this.db, storeId, env, status, limit);
    return (await readOrders(this.db, ids)).filter((r): r is OrderRow => r !== undefined);
  }
}
