/**
 * The snake_case API's tracking webhook URL: one per store and environment (legacy_webhooks),
 * set with PATCH /stores/store-webhook; an empty string removes it. Production refuses private
 * addresses, as v2 webhooks do (the deployment's one CallbackPolicy).
 */
import type { Db } from '../../../platform/db.js';
import type { Env } from '../../../platform/env.js';
import type { CallbackPolicy } from '../../../platform/outbound.js';
import { Problems, Reader, isObject } from '../../../platform/validate.js';
import { deleteLegacyWebhook, selectLegacyWebhookUrl, upsertLegacyWebhook } from './store.js';

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
      await deleteLegacyWebhook(this.db, storeId, env);
      return { tracking_webhook_url: null };
    }
    this.callbacks.assert(url, env, 'tracking_webhook_url');
    await upsertLegacyWebhook(this.db, storeId, env, url);
    return { tracking_webhook_url: url };
  }

  async get(storeId: string, env: Env): Promise<string | null> {
    return selectLegacyWebhookUrl(this.db, storeId, env);
  }
}
