/** SQL of the back office: users, memberships, sessions, sign-in failures, the orders list. */
import type { Queryable } from '../platform/db.js';
import type { Env } from '../platform/env.js';

/*
 * Deliveries (a notification or webhook with every attempt) as the back office loads them; their
 * renderer, deliveriesList, is deliveries.ts (which re-exports these).
 */
import type { Membership, Role } from './roles.js';
export { ROLES, type Membership, type Role } from './roles.js';

/** Adds a user, or gives an existing one (by email) the new password; either way the user's sessions end (as with setPassword). */
export async function upsertUser(q: Queryable, id: string, email: string, passwordHash: string): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `WITH u AS (INSERT INTO backoffice_users (id, email, password_hash) VALUES ($1, $2, $3)
                ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash RETURNING id),
          gone AS (DELETE FROM backoffice_sessions s USING u WHERE s.user_id = u.id)
     SELECT id FROM u`,
    [id, email, passwordHash],
  );
  return rows[0]!.id;
}

export async function upsertMembership(q: Queryable, userId: string, storeId: string, role: Role): Promise<void> {
  await q.query(
    `INSERT INTO backoffice_memberships (user_id, store_id, role) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, store_id) DO UPDATE SET role = EXCLUDED.role`,
    [userId, storeId, role],
  );
}

export async function userByEmail(q: Queryable, email: string): Promise<{ id: string; password_hash: string } | undefined> {
  const { rows } = await q.query<{ id: string; password_hash: string }>('SELECT id, password_hash FROM backoffice_users WHERE email = $1', [email]);
  return rows[0];
}

export async function memberships(q: Queryable, userId: string): Promise<Membership[]> {
  const { rows } = await q.query<Membership>(
    `SELECT m.store_id AS "storeId", s.name AS "storeName", m.role FROM backoffice_memberships m JOIN stores s ON s.id = m.store_id
     WHERE m.user_id = $1 ORDER BY s.name, m.store_id`,
    [userId],
  );
  return rows;
}

/** The sign-in limit: failures within `windowMinutes`, per (email, address), per address, per email. */
export interface SignInLimits {
  pair: number;
  address: number;
  account: number;
  windowMinutes: number;
  /** An address where the user signed in within this many days is not held by the per-account ceiling. */
  knownDays: number;
}

/**
 * Takes a place in the sign-in limit, inside `tx`: waits for any other sign-in of the same email,
 * then of the same address (advisory locks, always in that order, held until `tx` ends), counts the
 * failures of the window for the pair, the address and the email, and when under every limit
 * records this attempt as a failure now (its id returned; the caller deletes it if the password
 * turns out right). Recording before the password is checked is what makes the limit hold under
 * parallel attempts: each one counts the others. The per-email ceiling does not hold an address
 * where the user signed in within `knownDays` (backoffice_login_known). Also deletes expired
 * sessions, failures older than the window and known addresses older than `knownDays` (indexed;
 * the tables stay small).
 */
export async function claimSignInAttempt(tx: Queryable, email: string, address: string, limits: SignInLimits): Promise<{ attemptId: string } | { limited: true }> {
  await tx.query('SELECT pg_advisory_xact_lock(7340101, hashtext($1)), pg_advisory_xact_lock(7340102, hashtext($2))', [email, address]);
  const { rows } = await tx.query<{ pair: number; by_address: number; by_email: number; known: boolean }>(
    `WITH old_sessions AS (DELETE FROM backoffice_sessions WHERE expires_at <= now()),
          old_failures AS (DELETE FROM backoffice_login_failures WHERE at <= now() - make_interval(mins => $3)),
          old_known AS (DELETE FROM backoffice_login_known WHERE last_at <= now() - make_interval(days => $4))
     SELECT (SELECT count(*)::int FROM backoffice_login_failures WHERE email = $1 AND ip = $2 AND at > now() - make_interval(mins => $3)) AS pair,
            (SELECT count(*)::int FROM backoffice_login_failures WHERE ip = $2 AND at > now() - make_interval(mins => $3)) AS by_address,
            (SELECT count(*)::int FROM backoffice_login_failures WHERE email = $1 AND at > now() - make_interval(mins => $3)) AS by_email,
            EXISTS (SELECT 1 FROM backoffice_login_known k JOIN backoffice_users u ON u.id = k.user_id
                     WHERE u.email = $1 AND k.ip = $2 AND k.last_at > now() - make_interval(days => $4)) AS known`,
    [email, address, limits.windowMinutes, limits.knownDays],
  );
  const c = rows[0]!;
  if (c.pair >= limits.pair || c.by_address >= limits.address || (c.by_email >= limits.account && !c.known)) return { limited: true };
  const { rows: ins } = await tx.query<{ id: string }>('INSERT INTO backoffice_login_failures (email, ip) VALUES ($1, $2) RETURNING id::text', [email, address]);
  return { attemptId: ins[0]!.id };
}

/** The user signed in from `address`: it is known (backoffice_login_known) for the next days. */
export async function rememberAddress(q: Queryable, userId: string, address: string): Promise<void> {
  await q.query(`INSERT INTO backoffice_login_known (user_id, ip) VALUES ($1, $2) ON CONFLICT (user_id, ip) DO UPDATE SET last_at = now()`, [userId, address]);
}

/** The attempt was a success after all: it is not a failure. */
export async function forgetAttempt(q: Queryable, attemptId: string): Promise<void> {
  await q.query('DELETE FROM backoffice_login_failures WHERE id = $1', [attemptId]);
}

export async function insertSession(q: Queryable, idHash: string, userId: string, csrfSecret: string, hours: number): Promise<void> {
  await q.query(`INSERT INTO backoffice_sessions (id_hash, user_id, expires_at, csrf_secret) VALUES ($1, $2, now() + make_interval(hours => $4), $3)`, [idHash, userId, csrfSecret, hours]);
}

export async function sessionByHash(q: Queryable, idHash: string): Promise<{ user_id: string; email: string; csrf_secret: string } | undefined> {
  const { rows } = await q.query<{ user_id: string; email: string; csrf_secret: string }>(
    `SELECT s.user_id, u.email, s.csrf_secret FROM backoffice_sessions s JOIN backoffice_users u ON u.id = s.user_id
     WHERE s.id_hash = $1 AND s.expires_at > now()`,
    [idHash],
  );
  return rows[0];
}

export async function deleteSession(q: Queryable, idHash: string): Promise<void> {
  await q.query('DELETE FROM backoffice_sessions WHERE id_hash = $1', [idHash]);
}

export interface UserRow {
  id: string;
  email: string;
  created_at: Date;
  memberships: { storeUuid: string; storeName: string; role: Role }[];
  /** Sessions not expired. */
  sessions: number;
}

/** Users with their memberships (of one store, when given: only that store's users), by email. */
export async function listUsers(q: Queryable, storeId: string | undefined): Promise<UserRow[]> {
  const { rows } = await q.query<UserRow>(
    `SELECT u.id, u.email, u.created_at,
            coalesce((SELECT json_agg(json_build_object('storeUuid', m.store_id, 'storeName', s.name, 'role', m.role) ORDER BY s.name, m.store_id)
                        FROM backoffice_memberships m JOIN stores s ON s.id = m.store_id WHERE m.user_id = u.id), '[]'::json) AS memberships,
            (SELECT count(*)::int FROM backoffice_sessions x WHERE x.user_id = u.id AND x.expires_at > now()) AS sessions
       FROM backoffice_users u
      WHERE $1::uuid IS NULL OR EXISTS (SELECT 1 FROM backoffice_memberships m WHERE m.user_id = u.id AND m.store_id = $1)
      ORDER BY u.email`,
    [storeId ?? null],
  );
  return rows;
}

/** Deletes the user (its memberships and sessions go with it); false when there is no such user. */
export async function deleteUser(q: Queryable, email: string): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM backoffice_users WHERE email = $1', [email]);
  return rowCount === 1;
}

/** Deletes one membership; the memberships the user has left (undefined when there was none to delete). */
export async function deleteMembership(q: Queryable, email: string, storeId: string): Promise<number | undefined> {
  const { rows } = await q.query<{ left: number }>(
    `WITH gone AS (
       DELETE FROM backoffice_memberships m USING backoffice_users u
        WHERE u.email = $1 AND m.user_id = u.id AND m.store_id = $2 RETURNING m.user_id)
     SELECT (SELECT count(*)::int FROM backoffice_memberships x WHERE x.user_id = gone.user_id AND x.store_id <> $2) AS left FROM gone`,
    [email, storeId],
  );
  return rows[0]?.left;
}

/** Sets the password hash and ends every session of the user; false when there is no such user. */
export async function setPassword(q: Queryable, email: string, passwordHash: string): Promise<boolean> {
  const { rows } = await q.query<{ id: string }>(
    `WITH u AS (UPDATE backoffice_users SET password_hash = $2 WHERE email = $1 RETURNING id),
          gone AS (DELETE FROM backoffice_sessions s USING u WHERE s.user_id = u.id)
     SELECT id FROM u`,
    [email, passwordHash],
  );
  return rows.length === 1;
}

/** The objects a back-office URL names, with their tables (each has id, store_id and env). */
export const OBJECT_TABLES = { order: 'orders', shipment: 'shipments', labelFile: 'label_files' } as const;
export type OfficeObject = keyof typeof OBJECT_TABLES;

/** The environment an object of the store lives in; undefined when the store has no such object (another store's included). */
export async function envOf(q: Queryable, storeId: string, kind: OfficeObject, id: string): Promise<Env | undefined> {
  const { rows } = await q.query<{ env: Env }>(`SELECT env FROM ${OBJECT_TABLES[kind]} WHERE id = $1 AND store_id = $2`, [id, storeId]);
  return rows[0]?.env;
}
