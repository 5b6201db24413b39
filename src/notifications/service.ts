/**
 * The operator's view of the outbox: notifications by status with their last attempt, and a
 * re-send (one more attempt, due now, with a token signed afresh by the worker: a new delivery
 * the operator asked for, not a repeat of the last; every attempt stays recorded).
 */
import type { Db } from '../platform/db.js';
import { Errors } from '../platform/errors.js';
import { WAKE_CHANNEL } from './outbox.js';
import type { NOTIFICATION_KINDS, NOTIFICATION_STATUSES } from './schema.js';

export interface OutboxFilter {
  status: (typeof NOTIFICATION_STATUSES)[number];
  kind: (typeof NOTIFICATION_KINDS)[number] | undefined;
  storeUuid: string | undefined;
  limit: number;
}

interface Row {
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

export type OutboxEntry = ReturnType<typeof view>;

interface AttemptRow {
  attempt: number;
  started_at: Date;
  duration_ms: number;
  outcome: 'delivered' | 'retry' | 'failed';
  response_status: number | null;
  response_excerpt: string | null;
  error: string | null;
  next_attempt_at: Date | null;
}

/** One delivery attempt as the operator sees it (GET /operator/notifications/:id). */
export interface AttemptEntry {
  attempt: number;
  startedAt: string;
  durationMs: number;
  outcome: AttemptRow['outcome'];
  responseStatus: number | null;
  responseExcerpt: string | null;
  error: string | null;
  nextAttemptAt: string | null;
}

function view(r: Row) {
  return {
    id: r.id,
    storeUuid: r.store_id,
    env: r.env,
    kind: r.kind,
    subjectId: r.subject_id,
    url: r.url,
    status: r.status,
    attempts: r.attempt_count,
    nextAttemptAt: r.status === 'pending' ? r.next_attempt_at.toISOString() : null,
    lastAttempt: r.last_at ? { at: r.last_at.toISOString(), responseStatus: r.last_status, error: r.last_error } : null,
    createdAt: r.created_at.toISOString(),
  };
}

const SELECT = `SELECT n.id, n.store_id, n.env, n.kind, n.subject_id, n.url, n.status, n.attempt_count, n.next_attempt_at, n.created_at,
       a.started_at AS last_at, a.response_status AS last_status, a.error AS last_error
  FROM notifications n
  LEFT JOIN LATERAL (SELECT * FROM notification_attempts x WHERE x.notification_id = n.id ORDER BY x.attempt DESC LIMIT 1) a ON true`;

export class OutboxService {
  constructor(private readonly db: Db) {}

  /** Newest first. */
  async list(f: OutboxFilter): Promise<OutboxEntry[]> {
    const { rows } = await this.db.query<Row>(
      `${SELECT} WHERE n.status = $1 AND ($2::text IS NULL OR n.kind = $2) AND ($3::uuid IS NULL OR n.store_id = $3)
        ORDER BY n.created_at DESC, n.id DESC LIMIT $4`,
      [f.status, f.kind ?? null, f.storeUuid ?? null, f.limit],
    );
    return rows.map(view);
  }

  /** One notification with every delivery attempt, oldest first; 404 when unknown. */
  async show(id: string): Promise<OutboxEntry & { deliveryAttempts: AttemptEntry[] }> {
    const [{ rows }, { rows: attempts }] = await Promise.all([
      this.db.query<Row>(`${SELECT} WHERE n.id = $1`, [id]),
      this.db.query<AttemptRow>(
        `SELECT attempt, started_at, duration_ms, outcome, response_status, response_excerpt, error, next_attempt_at
           FROM notification_attempts WHERE notification_id = $1 ORDER BY attempt, started_at`,
        [id],
      ),
    ]);
    if (!rows[0]) throw Errors.notFound(`Notification ${id}`);
    return {
      ...view(rows[0]),
      deliveryAttempts: attempts.map((a) => ({
        attempt: a.attempt,
        startedAt: a.started_at.toISOString(),
        durationMs: a.duration_ms,
        outcome: a.outcome,
        responseStatus: a.response_status,
        responseExcerpt: a.response_excerpt,
        error: a.error,
        nextAttemptAt: a.next_attempt_at?.toISOString() ?? null,
      })),
    };
  }

  /** Makes a failed (or delivered) notification due now; 404 when unknown, 409 when already pending. */
  async resend(id: string): Promise<OutboxEntry> {
    const { rows } = await this.db.query<{ status: string }>(
      `WITH target AS (SELECT id, status FROM notifications WHERE id = $1 FOR UPDATE),
       moved AS (
         UPDATE notifications n SET status = 'pending', next_attempt_at = now(), locked_until = NULL, delivered_at = NULL, token = NULL
           FROM target WHERE n.id = target.id AND target.status <> 'pending' RETURNING n.id
       )
       SELECT target.status, (SELECT count(*) FROM moved)::int AS moved, pg_notify('${WAKE_CHANNEL}', '') FROM target`,
      [id],
    );
    if (!rows[0]) throw Errors.notFound(`Notification ${id}`);
    if (rows[0].status === 'pending') throw Errors.notificationPending(id);
    const { rows: after } = await this.db.query<Row>(`${SELECT} WHERE n.id = $1`, [id]);
    return view(after[0]!);
  }
}
