/**
 * The feed behind `kassa listen`: a store's notifications (order, refund, shipping webhooks) in
 * id order after a cursor, each with the URL and body the delivery worker sends, signed the same
 * way (src/payments/notifications/delivery.ts KIND_RULES, notificationRequest). The outbox is the
 * source: the listener sees what the real delivery sends, whether or not that delivery succeeds.
 */
import type { Db } from '../../platform/db.js';
import type { Clock } from '../../platform/clock.js';
import type { Env } from '../../platform/env.js';
import { sign } from '../../platform/jwt.js';
import type { KeyResolver } from '../../stores/auth.js';
import { KIND_RULES, notificationRequest } from '../notifications/delivery.js';
import type { NotificationKind } from '../notifications/outbox.js';
import { readOrders, type OrderRow } from '../orders/store.js';
import type { OrderStatus } from '../orders/states.js';

interface Row {
  id: string;
  feed_seq: string;
  kind: NotificationKind;
  subject_id: string;
  url: string;
  claims: Record<string, unknown>;
  created_at: Date;
}

export interface CliEventView {
  id: string;
  /** The feed's cursor: pass the last one back as `after`. */
  seq: string;
  kind: NotificationKind;
  subjectId: string;
  createdAt: string;
  url: string;
  body: string;
}

export class CliEventService {
  constructor(
    private readonly db: Db,
    private readonly keys: KeyResolver,
    private readonly clock: Clock,
    /** How a webhook's stored claims go on the wire (the deployment's shipping names), as the worker does. */
    private readonly webhookClaims: (claims: Record<string, unknown>) => unknown,
  ) {}

  /**
   * Events after `after` (a feed sequence number, notifications.feed_seq), oldest first. Without
   * a cursor, none: the answer's cursor is the newest event's, so a listener starts from "now".
   */
  async after(storeId: string, env: Env, after: string | undefined, limit: number): Promise<{ events: CliEventView[]; cursor: string }> {
    if (after === undefined) {
      const { rows } = await this.db.query<{ feed_seq: string }>(
        `SELECT feed_seq::text FROM notifications WHERE store_id = $1 AND env = $2 ORDER BY feed_seq DESC LIMIT 1`,
        [storeId, env],
      );
      return { events: [], cursor: rows[0]?.feed_seq ?? '0' };
    }
    const { rows } = await this.db.query<Row>(
      `SELECT id, feed_seq::text, kind, subject_id, url, claims, created_at FROM notifications
        WHERE store_id = $1 AND env = $2 AND feed_seq > $3::bigint ORDER BY feed_seq LIMIT $4`,
      [storeId, env, after, limit],
    );
    if (!rows.length) return { events: [], cursor: after };
    const key = await this.keys.forStore(storeId, env);
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const events = rows.map((n) => {
      const rules = KIND_RULES[n.kind];
      const claims =
        n.kind === 'webhook' ? (this.webhookClaims(n.claims) as Record<string, unknown>) : rules.withAccessKey ? { ...n.claims, accessKey: key.accessKey } : n.claims;
      const token = sign({ ...claims, iat, exp: iat + rules.tokenTtlS }, key.secretKey);
      const req = notificationRequest(n.kind, n.url, token);
      return { id: n.id, seq: n.feed_seq, kind: n.kind, subjectId: n.subject_id, createdAt: n.created_at.toISOString(), url: req.url, body: req.body };
    });
    return { events, cursor: events[events.length - 1]!.seq };
  }

  /** The store's most recent orders of an environment (newest first), optionally of one status. */
  async recentOrders(storeId: string, env: Env, status: OrderStatus | undefined, limit: number): Promise<OrderRow[]> {
    const { rows } = await this.db.query<{ id: string }>(
      `SELECT id FROM orders WHERE store_id = $1 AND env = $2 AND ($3::text IS NULL OR status = $3) ORDER BY id DESC LIMIT $4`,
      [storeId, env, status ?? null, limit],
    );
    return (await readOrders(this.db, rows.map((r) => r.id))).filter((r): r is OrderRow => r !== undefined);
  }
}
