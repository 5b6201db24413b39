/**
 * The snake_case API's tracking webhook URL: one per store and environment (legacy_webhooks),
 * set with PATCH /stores/store-webhook; an empty string removes it. Production refuses private
 * addresses, as v2 webhooks do (the deployment's one CallbackPolicy).
 */
import type { Db } from '../../../platform/db.js';
import type { Env } from '../../../platform/env.js';
import type { CallbackPolicy } from '../../../platform/outbound.js';
import { Problems, Reader, isObject } from '../../../platform/validate.js';

/** The URL to register, or null to remove it (an empty or blank string). */
export function parseStoreWebhookInput(body: unknown): { url: string | null } {
  const p = new Problems();
  if (!isObject(body)) p.add('body', 'must be a JSON object');
  const r = new Reader(p, isObject(body) ? body : {});
  if (r.blank('tracking_webhook_url')) return { url: null };
  const url = r.url('tracking_webhook_url', true);
  p.throwIfAny();
  return { url: url! };
}

export class LegacyWebhookService {
  constructor(
    private readonly db: Db,
    private readonly callbacks: CallbackPolicy,
  ) {}

  /** Registers (or with null removes) the store's tracking webhook URL of env; returns what is now registered. */
  async set(storeId: string, env: Env, url: string | null): Promise<{ tracking_webhook_url: string | null }> {
    if (url === null) {
      await this.db.query('DELETE FROM legacy_webhooks WHERE store_id = $1 AND env = $2', [storeId, env]);
      return { tracking_webhook_url: null };
    }
    this.callbacks.assert(url, env, 'tracking_webhook_url');
    await this.db.query(
      `INSERT INTO legacy_webhooks (store_id, env, url) VALUES ($1, $2, $3)
       ON CONFLICT (store_id, env) DO UPDATE SET url = EXCLUDED.url, updated_at = now()`,
      [storeId, env, url],
    );
    return { tracking_webhook_url: url };
  }

  async get(storeId: string, env: Env): Promise<string | null> {
    const { rows } = await this.db.query<{ url: string }>('SELECT url FROM legacy_webhooks WHERE store_id = $1 AND env = $2', [storeId, env]);
    return rows[0]?.url ?? null;
  }
}
