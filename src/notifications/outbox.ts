/**
 * Writing a notification into the outbox: called inside the transaction that makes the change,
 * so the change and its announcement commit (or roll back) together. NOTIFY is transactional
 * too: workers are woken only once the row is visible.
 */
import type { Queryable } from '../platform/db.js';
import { uuidv7 } from '../platform/ids.js';
import type { Env } from '../platform/env.js';

/**
 * order and refund notifications (payments), webhook: a shipment webhook delivery (shipping v2),
 * legacy_webhook: a webhook of the earlier snake_case shipping API (src/shipping/legacy/webhooks/events.ts).
 */
export type NotificationKind = 'order' | 'refund' | 'webhook' | 'legacy_webhook';

export const WAKE_CHANNEL = 'kassa_notifications';

export interface NewNotification {
  storeId: string;
  env: Env;
  kind: NotificationKind;
  subjectId: string;
  url: string;
  claims: Record<string, unknown>;
}

/** Writes the notification; none (undefined) when there is no URL (a payment link order without notificationUrl). */
export async function enqueueNotification(tx: Queryable, n: Omit<NewNotification, 'url'> & { url: string | null }): Promise<string | undefined> {
  if (n.url === null) return undefined;
  const id = uuidv7();
  await tx.query(
    `WITH n AS (INSERT INTO notifications (id, store_id, env, kind, subject_id, url, claims) VALUES ($1, $2, $3, $4, $5, $6, $7))
     SELECT pg_notify('${WAKE_CHANNEL}', '')`,
    [id, n.storeId, n.env, n.kind, n.subjectId, n.url, JSON.stringify(n.claims)],
  );
  return id;
}
