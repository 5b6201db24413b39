/**
 * SQL of label files' status: the request's insert and the worker's moves, each guarded by the
 * transition table (states.ts) in its own statement, so a file that is no longer pending moves nowhere.
 */
import type { Queryable } from '../../platform/db.js';
import type { Env } from '../../platform/env.js';
import { expectMoved, sqlMove, sqlStatus, sqlStatusIn } from '../../platform/state-machine.js';
import type { LabelFileError, LabelFileInput, OrderLabelsBy } from './model.js';
import { LABEL_FILE_MACHINE, LABEL_FILE_TRANSITIONS, type LabelFileStatus } from './states.js';

export interface LabelFileRow {
  id: string;
  store_id: string;
  env: Env;
  shipment_ids: string[];
  page_size: 'A4' | 'A6';
  labels_per_page: 1 | 2 | 4;
  order_labels_by: OrderLabelsBy;
  status: LabelFileStatus;
  errors: LabelFileError[] | null;
  created_at: Date;
  ready_at: Date | null;
}

/** One label file (of the store and environment in `scope`, when given), locked FOR UPDATE with `lock`. */
export async function selectLabelFile(q: Queryable, id: string, scope: { storeId: string; env: Env } | null, lock = false): Promise<LabelFileRow | undefined> {
  const { rows } = await q.query<LabelFileRow>(`SELECT * FROM label_files WHERE id = $1 AND ($2::uuid IS NULL OR (store_id = $2 AND env = $3))${lock ? ' FOR UPDATE' : ''}`, [
    id,
    scope?.storeId ?? null,
    scope?.env ?? null,
  ]);
  return rows[0];
}

/** Stores a request in the initial status, due for the worker now. */
export async function insertLabelFile(q: Queryable, r: { id: string; storeId: string; env: Env; input: LabelFileInput }): Promise<void> {
  await q.query(
    `INSERT INTO label_files (id, store_id, env, shipment_ids, page_size, labels_per_page, order_labels_by, status, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, ${sqlStatus(LABEL_FILE_MACHINE, LABEL_FILE_MACHINE.initial)}, now())`,
    [r.id, r.storeId, r.env, r.input.shipmentIds, r.input.pageSize, r.input.labelsPerPage, r.input.orderLabelsBy],
  );
}

/** Files the worker claims (pending; a literal, for the partial index label_files_due). */
export const WAITING = sqlStatusIn(LABEL_FILE_MACHINE, 'status', LABEL_FILE_TRANSITIONS.complete.from);

/** Locks a file that still waits for the worker: its status and attempts so far; undefined when it does not wait. */
export async function lockWaiting(q: Queryable, id: string): Promise<{ status: LabelFileStatus; attempts: number } | undefined> {
  const { rows } = await q.query<{ status: LabelFileStatus; attempts: number }>(`SELECT status, attempts FROM label_files WHERE id = $1 AND ${WAITING} FOR UPDATE`, [id]);
  return rows[0];
}

/** The table's `fail`, with the errors; throws (nothing written) when the file is not pending. */
export async function markFailed(q: Queryable, id: string, errors: readonly LabelFileError[]): Promise<void> {
  const { to } = LABEL_FILE_TRANSITIONS.fail;
  const m = sqlMove(LABEL_FILE_MACHINE, to, 3);
  const { rowCount } = await q.query(`UPDATE label_files SET ${m.set}, errors = $2, next_attempt_at = NULL, locked_until = NULL WHERE id = $1 AND ${m.guard}`, [
    id,
    JSON.stringify(errors),
    ...m.values,
  ]);
  expectMoved(LABEL_FILE_MACHINE, to, rowCount, 1, id);
}

/** The table's `complete`; throws (nothing written) when the file is not pending. */
export async function markReady(q: Queryable, id: string): Promise<void> {
  const { to } = LABEL_FILE_TRANSITIONS.complete;
  const m = sqlMove(LABEL_FILE_MACHINE, to, 2);
  const { rowCount } = await q.query(`UPDATE label_files SET ${m.set}, errors = NULL, ready_at = now(), next_attempt_at = NULL, locked_until = NULL WHERE id = $1 AND ${m.guard}`, [id, ...m.values]);
  expectMoved(LABEL_FILE_MACHINE, to, rowCount, 1, id);
}

export interface LabelFileListRow {
  id: string;
  status: string;
  created_at: Date;
}

/** The store's label files that print a shipment, newest first. */
export async function labelFilesOf(q: Queryable, storeId: string, env: Env, shipmentId: string, limit: number): Promise<LabelFileListRow[]> {
  const { rows } = await q.query<LabelFileListRow>(
    `SELECT id, status, created_at FROM label_files WHERE store_id = $1 AND env = $2 AND $3::uuid = ANY (shipment_ids)
      ORDER BY created_at DESC, id DESC LIMIT $4`,
    [storeId, env, shipmentId, limit],
  );
  return rows;
}
