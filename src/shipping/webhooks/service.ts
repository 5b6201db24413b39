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
import * as sql from './store.js';
import type { WebhookRow } from './store.js';
import { failPendingOfWebhook } from '../../notifications/store.js';

export const MAX_WEBHOOKS = 10;

export interface Webhook {
  id: string;
  createdAt: string;
  url: string;
  enabledEvents: WebhookEvent[];
}

const view = (r: WebhookRow): Webhook => ({
  id: r.id,
  createdAt: r.created_at.toISOString(),
  url: r.url,
  enabledEvents: r.enabled_events as WebhookEvent[],
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
      await sql.lockStoreWebhooks(tx, storeId, env);
      if ((await sql.countWebhooks(tx, storeId, env)) >= MAX_WEBHOOKS) {
        throw Errors.badRequest(`a store can have at most ${MAX_WEBHOOKS} webhooks; delete one first`);
      }
      return view(await sql.insertWebhook(tx, uuidv7(), storeId, env, input.url, input.enabledEvents));
    });
  }

  async list(storeId: string, env: Env): Promise<Webhook[]> {
    return (await sql.selectWebhooks(this.db, storeId, env)).map(view);
  }

  /** Deletes a webhook of the store; its deliveries still pending are dropped (marked failed). */
  async delete(storeId: string, env: Env, id: string): Promise<void> {
    await withTx(this.db, async (tx) => {
      if (!(await sql.deleteWebhook(tx, storeId, env, id))) throw Errors.notFound(`Webhook ${id}`);
      await failPendingOfWebhook(tx, id);
    });
  }
}
