/**
 * SQL of the outbox: the `notifications` rows and their `notification_attempts`. Every statement
 * on these two tables is here; the domains enqueue through outbox.ts, the worker claims and
 * records attempts, the operator lists and re-sends. NOTIFY is transactional: workers are woken
 * only once a row is visible.
 */
import type { Queryable } from '../platform/db.js';
import type { Env } from '../platform/env.js';

/**
 * order and refund notifications (payments), webhook: a shipment webhook delivery (shipping v2),
 * legacy_webhook: a webhook of the earlier snake_case shipping API (src/shipping/legacy/webhooks/events.ts).
 */
export type NotificationKind = 'order' | 'refund' | 'webhook' | 'legacy_webhook';

/** The channel the delivery workers LISTEN on; a NOTIFY on it wakes them. */
export const WAKE_CHANNEL = 'kassa_notifications';

/** Wakes the delivery workers (at the commit, when `q` is a transaction). */
export async function wakeWorkers(q: Queryable): Promise<void> {
  await q.query(`SELECT pg_notify('${WAKE_CHANNEL}', '')`);
}

export interface NotificationInsert {
  id: string;
  storeId: string;
  env: Env;
  kind: NotificationKind;
  subjectId: string;
  url: string;
  claimsJson: string;
}

/** Writes one notification and wakes the workers, in one statement. */
export async function insertNotification(tx: Queryable, n: NotificationInsert): Promise<void> {
  await tx.query(
    `WITH n AS (INSERT INTO notifications (id, store_id, env, kind, subject_id, url, claims) VALUES ($1, $2, $3, $4, $5, $6, $7))
     SELECT pg_notify('${WAKE_CHANNEL}', '')`,
    [n.id, n.storeId, n.env, n.kind, n.subjectId, n.url, n.claimsJson],
  );
}

// --- the delivery worker --------------------------------------------------------------------

/** A claimed notification, as the delivery worker attempts it. */
export interface ClaimedRow {
  id: string;
  store_id: string;
  env: Env;
  kind: NotificationKind;
  url: string;
  claims: Record<string, unknown>;
  attempt_count: number;
  /** The token signed at an earlier attempt, sent again while it stays good (reusableToken). */
  token: string | null;
}

/** Claims up to `limit` due notifications for `leaseSeconds`, counting the attempt. */
export async function claimDue(q: Queryable, leaseSeconds: number, limit: number): Promise<ClaimedRow[]> {
  const { rows } = await q.query<ClaimedRow>(
    `UPDATE notifications n SET locked_until = now() + make_interval(secs => ${leaseSeconds}), attempt_count = n.attempt_count + 1
      WHERE n.id IN (
        SELECT id FROM notifications
         WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
         ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING n.id, n.store_id, n.env, n.kind, n.url, n.claims, n.attempt_count, n.token`,
    [limit],
  );
  return rows;
}

export interface AttemptRecord {
  id: string;
  notificationId: string;
  attempt: number;
  startedAt: Date;
  durationMs: number;
  responseStatus: number | null;
  error: string | null;
  outcome: 'delivered' | 'retry' | 'failed';
  /** Milliseconds until the next attempt; null when none follows. */
  delayMs: number | null;
  responseExcerpt: string | null;
}

/** Records an attempt and moves its notification on (delivered, failed, or pending until the next attempt), in one statement. */
export async function recordAttempt(q: Queryable, a: AttemptRecord): Promise<void> {
  await q.query(
    `WITH a AS (
       INSERT INTO notification_attempts (id, notification_id, attempt, started_at, duration_ms, response_status, error, outcome, next_attempt_at, response_excerpt)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9::bigint IS NULL THEN NULL ELSE now() + $9::bigint * interval '1 millisecond' END, $10)
     )
     UPDATE notifications SET locked_until = NULL,
            status = CASE $8 WHEN 'delivered' THEN 'delivered' WHEN 'failed' THEN 'failed' ELSE 'pending' END,
            delivered_at = CASE WHEN $8 = 'delivered' THEN now() END,
            next_attempt_at = CASE WHEN $9::bigint IS NULL THEN next_attempt_at ELSE now() + $9::bigint * interval '1 millisecond' END
      WHERE id = $2`,
    [a.id, a.notificationId, a.attempt, a.startedAt, a.durationMs, a.responseStatus, a.error, a.outcome, a.delayMs, a.responseExcerpt],
  );
}

/** Saves the token an attempt is about to send (a redelivery repeats these bytes). */
export async function saveToken(q: Queryable, id: string, token: string): Promise<void> {
  await q.query('UPDATE notifications SET token = $2 WHERE id = $1', [id, token]);
}

/** How many notifications (and webhooks) wait for delivery (the metrics' gauge). */
export async function countPending(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE status = 'pending'`);
  return rows[0]?.n ?? 0;
}

// --- what other changes do to pending notifications -----------------------------------------

/** The sandbox clock moved forward by `ms`: the store's pending sandbox retries come due that much sooner. */
export async function pullSandboxRetriesForward(q: Queryable, storeId: string, ms: number): Promise<void> {
  await q.query(
    `UPDATE notifications SET next_attempt_at = next_attempt_at - $2 * interval '1 millisecond'
      WHERE store_id = $1 AND env = 'sandbox' AND status = 'pending'`,
    [storeId, ms],
  );
}

/** A webhook was deleted: its pending deliveries fail (none is attempted again). */
export async function failPendingOfWebhook(q: Queryable, webhookId: string): Promise<void> {
  await q.query(`UPDATE notifications SET status = 'failed', locked_until = NULL WHERE webhook_id = $1 AND status = 'pending'`, [webhookId]);
}

// --- the operator's view --------------------------------------------------------------------

export interface OutboxRow {
  id: string;
  store_id: string;
  env: string;
  kind: string;
  subject_id: string;
  url: string;
  status: string;
  attempt_count: number;
  next_attempt_at: Date;
  created_at: Date;
  last_at: Date | null;
  last_status: number | null;
  last_error: string | null;
}

export interface AttemptRow {
  attempt: number;
  started_at: Date;
  duration_ms: number;
  outcome: 'delivered' | 'retry' | 'failed';
  response_status: number | null;
  response_excerpt: string | null;
  error: string | null;
  next_attempt_at: Date | null;
}

const SELECT = `SELECT n.id, n.store_id, n.env, n.kind, n.subject_id, n.url, n.status, n.attempt_count, n.next_attempt_at, n.created_at,
       a.started_at AS last_at, a.response_status AS last_status, a.error AS last_error
  FROM notifications n
  LEFT JOIN LATERAL (SELECT * FROM notification_attempts x WHERE x.notification_id = n.id ORDER BY x.attempt DESC LIMIT 1) a ON true`;

/** Notifications of a status (and kind, and store, when given), newest first, each with its last attempt. */
export async function selectOutbox(q: Queryable, f: { status: string; kind: string | null; storeId: string | null; limit: number }): Promise<OutboxRow[]> {
  const { rows } = await q.query<OutboxRow>(
    `${SELECT} WHERE n.status = $1 AND ($2::text IS NULL OR n.kind = $2) AND ($3::uuid IS NULL OR n.store_id = $3)
      ORDER BY n.created_at DESC, n.id DESC LIMIT $4`,
    [f.status, f.kind, f.storeId, f.limit],
  );
  return rows;
}

/** One notification with its last attempt. */
export async function selectOutboxEntry(q: Queryable, id: string): Promise<OutboxRow | undefined> {
  const { rows } = await q.query<OutboxRow>(`${SELECT} WHERE n.id = $1`, [id]);
  return rows[0];
}

/** Every attempt of one notification, oldest first. */
export async function selectAttempts(q: Queryable, notificationId: string): Promise<AttemptRow[]> {
  const { rows } = await q.query<AttemptRow>(
    `SELECT attempt, started_at, duration_ms, outcome, response_status, response_excerpt, error, next_attempt_at
       FROM notification_attempts WHERE notification_id = $1 ORDER BY attempt, started_at`,
    [notificationId],
  );
  return rows;
}

/**
 * Makes a notification that is not pending due now (its token to be signed afresh) and wakes the
 * workers; its status before, or undefined when there is no such notification.
 */
export async function makeDueAgain(q: Queryable, id: string): Promise<string | undefined> {
  const { rows } = await q.query<{ status: string }>(
    `WITH target AS (SELECT id, status FROM notifications WHERE id = $1 FOR UPDATE),
     moved AS (
       UPDATE notifications n SET status = 'pending', next_attempt_at = now(), locked_until = NULL, delivered_at = NULL, token = NULL
         FROM target WHERE n.id = target.id AND target.status <> 'pending' RETURNING n.id
     )
     SELECT target.status, (SELECT count(*) FROM moved)::int AS moved, pg_notify('${WAKE_CHANNEL}', '') FROM target`,
    [id],
  );
  return rows[0]?.status;
}

// --- the `kassa listen` feed ----------------------------------------------------------------

export interface FeedRow {
  id: string;
  xact_id: string;
  feed_seq: string;
  /** The row's transaction is not older than the oldest still running: rows before it may yet commit. */
  held: boolean;
  kind: NotificationKind;
  subject_id: string;
  url: string;
  claims: Record<string, unknown>;
  created_at: Date;
}

/** The feed's horizon: the oldest transaction still running (rows from it on may yet commit). */
export async function feedHorizon(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ xmin: string }>(`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`);
  return rows[0]!.xmin;
}

/** A store's notifications of `env` after the cursor (xact_id, feed_seq), in commit-safe order. */
export async function selectFeed(q: Queryable, storeId: string, env: Env, xact: string, seq: string, limit: number): Promise<FeedRow[]> {
  const { rows } = await q.query<FeedRow>(
    `SELECT n.id, n.xact_id::text, n.feed_seq::text, n.kind, n.subject_id, n.url, n.claims, n.created_at, n.xact_id >= h.xmin AS held
       FROM notifications n, (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin) h
      WHERE n.store_id = $1 AND n.env = $2 AND n.xact_id IS NOT NULL AND (n.xact_id, n.feed_seq) > ($3::xid8, $4::bigint)
      ORDER BY n.xact_id, n.feed_seq LIMIT $5`,
    [storeId, env, xact, seq, limit],
  );
  return rows;
}

// --- deliveries as the back office shows them -----------------------------------------------

export interface DeliveryAttempt {
  attempt: number;
  started_at: string;
  duration_ms: number;
  response_status: number | null;
  error: string | null;
  outcome: string;
  /** The first bytes of the receiver's answer, as clean text (migration 026); null when none came. */
  response_excerpt: string | null;
}

/** A notification or webhook delivery (one row of `notifications`, whatever its kind) with every attempt, oldest first. */
export interface Delivery {
  id: string;
  kind: string;
  status: string;
  url: string;
  created_at: Date;
  attempts: DeliveryAttempt[];
}

/** The columns of a Delivery, for a query over `notifications n` (attempts as one JSON array, oldest first). */
const DELIVERY_COLUMNS = `n.id, n.kind, n.status, n.url, n.created_at,
  coalesce((SELECT json_agg(json_build_object('attempt', a.attempt, 'started_at', a.started_at, 'duration_ms', a.duration_ms,
                    'response_status', a.response_status, 'error', a.error, 'outcome', a.outcome,
                    'response_excerpt', a.response_excerpt) ORDER BY a.attempt)
            FROM notification_attempts a WHERE a.notification_id = n.id), '[]'::json) AS attempts`;

/** The store's deliveries announcing any of `subjectIds` (an order and its refunds), oldest first. */
export async function deliveriesOfSubjects(q: Queryable, storeId: string, subjectIds: readonly string[]): Promise<Delivery[]> {
  const { rows } = await q.query<Delivery>(
    `SELECT ${DELIVERY_COLUMNS}
       FROM notifications n
      WHERE n.store_id = $1 AND n.subject_id = ANY ($2::uuid[])
      ORDER BY n.created_at, n.id`,
    [storeId, subjectIds],
  );
  return rows;
}

/** The deliveries of `kinds` about one subject (a shipment) of the store and environment, newest first. */
export async function deliveriesAbout(q: Queryable, storeId: string, env: Env, subjectId: string, kinds: readonly NotificationKind[], limit: number): Promise<Delivery[]> {
  const { rows } = await q.query<Delivery>(
    `SELECT ${DELIVERY_COLUMNS} FROM notifications n
      WHERE n.subject_id = $1 AND n.store_id = $2 AND n.env = $3 AND n.kind = ANY ($4::text[])
      ORDER BY n.created_at DESC, n.id DESC LIMIT $5`,
    [subjectId, storeId, env, kinds, limit],
  );
  return rows;
}

/** A registered (v2) webhook's deliveries, newest first (notifications_webhook). */
export async function deliveriesOfWebhook(q: Queryable, storeId: string, env: Env, webhookId: string, limit: number): Promise<Delivery[]> {
  const { rows } = await q.query<Delivery>(
    `SELECT ${DELIVERY_COLUMNS} FROM notifications n
      WHERE n.webhook_id = $1 AND n.store_id = $2 AND n.env = $3 ORDER BY n.created_at DESC, n.id DESC LIMIT $4`,
    [webhookId, storeId, env, limit],
  );
  return rows;
}

/** The store's deliveries of `kind` to `url` in the environment, newest first (notifications_legacy_webhook). */
export async function deliveriesToUrl(q: Queryable, storeId: string, env: Env, url: string, kind: NotificationKind, limit: number): Promise<Delivery[]> {
  const { rows } = await q.query<Delivery>(
    `SELECT ${DELIVERY_COLUMNS} FROM notifications n
      WHERE n.store_id = $1 AND n.env = $2 AND n.url = $3 AND n.kind = $4 ORDER BY n.created_at DESC, n.id DESC LIMIT $5`,
    [storeId, env, url, kind, limit],
  );
  return rows;
}

/** Whether a notification is one of `kinds` of the store and environment. */
export async function isDeliveryOf(q: Queryable, storeId: string, env: Env, id: string, kinds: readonly NotificationKind[]): Promise<boolean> {
  const { rowCount } = await q.query('SELECT 1 FROM notifications WHERE id = $1 AND store_id = $2 AND env = $3 AND kind = ANY ($4::text[])', [id, storeId, env, kinds]);
  return rowCount === 1;
}

export interface FailedRow {
  id: string;
  kind: NotificationKind;
  url: string;
  attempt_count: number;
  created_at: Date;
  /** What it announced: an order, a refund, a shipment or a label file. */
  subject_id: string;
}

/** The store's notifications of `env` that ran out of retries, newest first. */
export async function failedOfStore(q: Queryable, storeId: string, env: Env, limit: number): Promise<FailedRow[]> {
  const { rows } = await q.query<FailedRow>(
    `SELECT n.id, n.kind, n.url, n.attempt_count, n.created_at, n.subject_id
       FROM notifications n
      WHERE n.store_id = $1 AND n.env = $2 AND n.status = 'failed'
      ORDER BY n.created_at DESC, n.id DESC LIMIT $3`,
    [storeId, env, limit],
  );
  return rows;
}
