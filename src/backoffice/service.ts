/**
 * The back office's rules: who may sign in (scrypt passwords, a database-shared rate limit per
 * email and per IP, one answer whether or not the email exists), sessions (a random 256-bit id in
 * the cookie, its SHA-256 in the database, a per-session CSRF secret), which stores a user sees
 * and as what, and the orders list (keyset-paged).
 */
import { createHash, randomBytes } from 'node:crypto';
import { runAs, withTx, type Db } from '../platform/db.js';
import type { Env } from '../platform/env.js';
import { Errors } from '../platform/errors.js';
import { uuidv7 } from '../platform/ids.js';
import { DECOY_HASH, hashPassword, verifyPassword } from './auth.js';
import * as store from './store.js';
import type { FailedDelivery, Membership, OrderDetail, OrderFilter, OrderListRow, Role } from './store.js';

/** At most this many failed sign-ins per email, and per IP, in the window. */
export const SIGN_IN_LIMIT = 5;
export const SIGN_IN_WINDOW_MINUTES = 15;
export const SESSION_HOURS = 12;
export const PAGE_SIZE = 50;

export interface Session {
  userId: string;
  email: string;
  csrfSecret: string;
  memberships: Membership[];
}

export type SignIn = { ok: true; sessionId: string } | { ok: false; reason: 'invalid' | 'rate-limited' };

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class BackOffice {
  /** `reads`: where lists and search may read (a replica, possibly a little behind); `db` for the rest. */
  constructor(
    private readonly db: Db,
    private readonly reads: Db = db,
  ) {}

  /** Adds (or updates the password and role of) a user of a store. */
  async addUser(input: { storeId: string; email: string; password: string; role: Role }): Promise<{ userId: string; email: string; storeId: string; role: Role }> {
    if (!(await store.storeExists(this.db, input.storeId))) throw Errors.notFound(`store ${input.storeId}`);
    const email = normalizeEmail(input.email);
    const hash = await hashPassword(input.password);
    const userId = await store.upsertUser(this.db, uuidv7(), email, hash);
    await store.upsertMembership(this.db, userId, input.storeId, input.role);
    return { userId, email, storeId: input.storeId, role: input.role };
  }

  /**
   * Checks the password. A wrong password and an unknown email are the same answer (and the same
   * scrypt cost); after SIGN_IN_LIMIT failures in the window, for the email or for the IP, every
   * attempt is refused without checking the password. The attempt is recorded as a failure before
   * the password is checked (store.claimSignInAttempt, serialized per email and per IP), and
   * forgotten when it succeeds: so N parallel wrong attempts cannot all pass the count.
   */
  async signIn(emailInput: string, password: string, ip: string): Promise<SignIn> {
    const email = normalizeEmail(emailInput);
    const claim = await withTx(this.db, (tx) => store.claimSignInAttempt(tx, email, ip, SIGN_IN_LIMIT, SIGN_IN_WINDOW_MINUTES));
    if ('limited' in claim) return { ok: false, reason: 'rate-limited' };
    const user = await store.userByEmail(this.db, email);
    const ok = await verifyPassword(password, user?.password_hash ?? DECOY_HASH);
    if (!user || !ok) return { ok: false, reason: 'invalid' };
    await store.forgetAttempt(this.db, claim.attemptId);
    const sessionId = randomBytes(32).toString('base64url');
    await store.insertSession(this.db, sha256(sessionId), user.id, randomBytes(32).toString('base64url'), SESSION_HOURS);
    return { ok: true, sessionId };
  }

  /** The users (of one store, when given) with their memberships and live sessions. */
  users(storeId?: string): Promise<store.UserRow[]> {
    return store.listUsers(this.db, storeId);
  }

  /**
   * Removes a user's membership of `storeId` (its sessions no longer see that store from their next
   * request: memberships are read per request), or, without a store or when it was the user's last
   * membership, the user with every session. 404 when there is no such user or membership.
   */
  async removeUser(emailInput: string, storeId?: string): Promise<{ email: string; removed: 'membership' | 'user'; storeUuid: string | null }> {
    const email = normalizeEmail(emailInput);
    return withTx(this.db, async (tx) => {
      if (storeId !== undefined) {
        const left = await store.deleteMembership(tx, email, storeId);
        if (left === undefined) throw Errors.notFound(`user ${email} of store ${storeId}`);
        if (left > 0) return { email, removed: 'membership' as const, storeUuid: storeId };
      }
      if (!(await store.deleteUser(tx, email))) throw Errors.notFound(`user ${email}`);
      return { email, removed: 'user' as const, storeUuid: storeId ?? null };
    });
  }

  /** Sets a user's password and ends every one of its sessions at once; 404 for an unknown email. */
  async setPassword(emailInput: string, password: string): Promise<{ email: string; sessionsEnded: true }> {
    const email = normalizeEmail(emailInput);
    const hash = await hashPassword(password);
    if (!(await store.setPassword(this.db, email, hash))) throw Errors.notFound(`user ${email}`);
    return { email, sessionsEnded: true };
  }

  async session(sessionId: string | undefined): Promise<Session | undefined> {
    if (!sessionId || sessionId.length > 100) return undefined;
    const s = await store.sessionByHash(this.db, sha256(sessionId));
    if (!s) return undefined;
    return { userId: s.user_id, email: s.email, csrfSecret: s.csrf_secret, memberships: await store.memberships(this.db, s.user_id) };
  }

  async signOut(sessionId: string): Promise<void> {
    await store.deleteSession(this.db, sha256(sessionId));
  }

  /** The last notifications of the store and environment that ran out of retries. */
  failedDeliveries(storeId: string, env: Env): Promise<FailedDelivery[]> {
    return store.failedDeliveries(this.db, storeId, env, 10);
  }

  /** The order with its intents, refunds and notifications, when it is the store's in the environment. */
  order(storeId: string, env: Env, orderId: string): Promise<OrderDetail | undefined> {
    return store.orderDetail(this.db, storeId, env, orderId);
  }

  /** One page of the store's orders and the keyset of the next page (undefined on the last). */
  async orders(f: Omit<OrderFilter, 'limit'>): Promise<{ rows: OrderListRow[]; next?: { createdAt: string; id: string } }> {
    const rows = await runAs('report', () => store.listOrders(this.reads, { ...f, limit: PAGE_SIZE + 1 }));
    const more = rows.length > PAGE_SIZE;
    const page = rows.slice(0, PAGE_SIZE);
    const last = page[page.length - 1];
    return { rows: page, next: more && last ? { createdAt: last.cursor_at, id: last.id } : undefined };
  }
}

export type { Env };
