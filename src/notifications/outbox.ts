/**
 * Writing a notification into the outbox: called inside the transaction that makes the change,
 * so the change and its announcement commit (or roll back) together. NOTIFY is transactional
 * too: workers are woken only once the row is visible.
 */
import type { Queryable } from '../platform/db.js';
import { uuidv7 } from '../platform/ids.js';
import type { Env } from '../platform/env.js';
import { insertNotification, type NotificationKind } from './store.js';

export type { NotificationKind } from './store.js';

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
  await insertNotification(tx, { id, storeId: n.storeId, env: n.env, kind: n.kind, subjectId: n.subjectId, url: n.url, claimsJson: JSON.stringify(n.claims) });
  return id;
}
