/**
 * The operator's view of the outbox: notifications by status with their last attempt, and a
 * re-send (one more attempt, due now, with a token signed afresh by the worker: a new delivery
 * the operator asked for, not a repeat of the last; every attempt stays recorded).
 */
import type { Db } from '../platform/db.js';
import { Errors } from '../platform/errors.js';
import { makeDueAgain, selectAttempts, selectOutbox, selectOutboxEntry, type AttemptRow, type OutboxRow } from './store.js';
import type { NOTIFICATION_KINDS, NOTIFICATION_STATUSES } from './schema.js';

export interface OutboxFilter {
  status: (typeof NOTIFICATION_STATUSES)[number];
  kind: (typeof NOTIFICATION_KINDS)[number] | undefined;
  storeUuid: string | undefined;
  limit: number;
}

export type OutboxEntry = ReturnType<typeof view>;

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

function view(r: OutboxRow) {
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

export class OutboxService {
  constructor(private readonly db: Db) {}

  /** Newest first. */
  async list(f: OutboxFilter): Promise<OutboxEntry[]> {
    const rows = await selectOutbox(this.db, { status: f.status, kind: f.kind ?? null, storeId: f.storeUuid ?? null, limit: f.limit });
    return rows.map(view);
  }

  /** One notification with every delivery attempt, oldest first; 404 when unknown. */
  async show(id: string): Promise<OutboxEntry & { deliveryAttempts: AttemptEntry[] }> {
    const [entry, attempts] = await Promise.all([selectOutboxEntry(this.db, id), selectAttempts(this.db, id)]);
    if (!entry) throw Errors.notFound(`Notification ${id}`);
    return {
      ...view(entry),
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
    const before = await makeDueAgain(this.db, id);
    if (before === undefined) throw Errors.notFound(`Notification ${id}`);
    if (before === 'pending') throw Errors.notificationPending(id);
    return view((await selectOutboxEntry(this.db, id))!);
  }
}
