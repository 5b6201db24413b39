/**
 * Shipment webhooks of a store (per environment): register, list, delete. At most 10; each is
 * notified only of its enabledEvents. Deliveries ride the notifications outbox (kind 'webhook').
 */
import { withTx, type Db } from '../../platform/db.js';
import { Errors } from '../../platform/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import { Problems, Reader, isObject } from '../../platform/validate.js';
import type { Env } from '../../platform/env.js';
import { CallbackPolicy } from '../../platform/outbound.js';
import { WEBHOOK_EVENTS, type WebhookEvent } from './events.js';

export const MAX_WEBHOOKS = 10;

export interface Webhook {
  id: string;
  createdAt: string;
  url: string;
  enabledEvents: WebhookEvent[];
}

interface WebhookRow {
  id: string;
  url: string;
  enabled_events: WebhookEvent[];
  created_at: Date;
}

const view = (r: WebhookRow): Webhook => ({
  id: r.id,
  createdAt: r.created_at.toISOString(),
  url: r.url,
  enabledEvents: r.enabled_events,
});

export interface WebhookInput {
  url: string;
  enabledEvents: WebhookEvent[];
}

/** Reads a POST /webhooks body: `url` (absolute http/https), `enabledEvents` (known names; all when omitted). */
export function parseWebhookInput(body: unknown): WebhookInput {
  const p = new Problems();
  if (!isObject(body)) p.add('body', 'must be a JSON object');
  const r = new Reader(p, isObject(body) ? body : {});
  const url = r.url('url', true);
  const events = r.array('enabledEvents', { max: WEBHOOK_EVENTS.length });
  let enabledEvents: WebhookEvent[] = [...WEBHOOK_EVENTS];
  if (events) {
    const unknown = events.filter((e) => typeof e !== 'string' || !(WEBHOOK_EVENTS as readonly string[]).includes(e));
    if (unknown.length) p.add('enabledEvents', `must list only ${WEBHOOK_EVENTS.join(', ')}`);
    else if (events.length === 0) p.add('enabledEvents', 'must name at least one event (omit it to receive all)');
    else enabledEvents = [...new Set(events as WebhookEvent[])];
  }
  p.throwIfAny();
  return { url: url!, enabledEvents };
}

export class WebhookService {
  constructor(
    private readonly db: Db,
    private readonly callbacks: CallbackPolicy = new CallbackPolicy(false),
  ) {}

  /**
   * Registers a webhook; a URL production cannot call, or the 11th of a store (in one
   * environment), is refused with 400.
   */
  async create(storeId: string, env: Env, input: WebhookInput): Promise<Webhook> {
    this.callbacks.assert(input.url, env, 'url');
    return withTx(this.db, async (tx) => {
      // Serialises registrations of one store and environment, so two at once cannot make eleven.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`webhooks:${storeId}:${env}`]);
      const { rows: count } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM webhooks WHERE store_id = $1 AND env = $2', [storeId, env]);
      if (count[0]!.n >= MAX_WEBHOOKS) {
        throw Errors.badRequest(`a store can have at most ${MAX_WEBHOOKS} webhooks; delete one first`);
      }
      const { rows } = await tx.query<WebhookRow>('INSERT INTO webhooks (id, store_id, env, url, enabled_events) VALUES ($1, $2, $3, $4, $5) RETURNING *', [
        uuidv7(),
        storeId,
        env,
        input.url,
        input.enabledEvents,
      ]);
      return view(rows[0]!);
    });
  }

  async list(storeId: string, env: Env): Promise<Webhook[]> {
    const { rows } = await this.db.query<WebhookRow>('SELECT * FROM webhooks WHERE store_id = $1 AND env = $2 ORDER BY created_at, id', [storeId, env]);
    return rows.map(view);
  }

  /** Deletes a webhook of the store; its deliveries still pending are dropped (marked failed). */
  async delete(storeId: string, env: Env, id: string): Promise<void> {
    await withTx(this.db, async (tx) => {
      const { rowCount } = await tx.query('DELETE FROM webhooks WHERE id = $1 AND store_id = $2 AND env = $3', [id, storeId, env]);
      if (!rowCount) throw Errors.notFound(`Webhook ${id}`);
      await tx.query(`UPDATE notifications SET status = 'failed', locked_until = NULL WHERE webhook_id = $1 AND status = 'pending'`, [id]);
    });
  }
}
