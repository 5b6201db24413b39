/**
 * The back office's rules: who may sign in (scrypt passwords, a database-shared limit of failures
 * per email and address, per address and per account, one answer whether or not the email
 * exists), sessions (a random 256-bit id in the cookie, its SHA-256 in the database, a
 * per-session CSRF secret), which stores a user sees and as what, and the orders list (keyset-paged).
 */
import { createHash, randomBytes } from 'node:crypto';
import { isIPv4 } from 'node:net';
import { ipv6Groups } from '../platform/ip.js';
import { runAs, withTx, type Db } from '../platform/db.js';
import type { Env } from '../platform/env.js';
import { Errors } from '../platform/errors.js';
import { uuidv7 } from '../platform/ids.js';
import { DECOY_HASH, hashPassword, verifyPassword } from './auth.js';
import * as store from './store.js';
import { selectStore } from '../stores/store.js';
import type { Membership, Role } from './store.js';
import { existingOrderIds, hasOrders, listedIntents, listedOrder, listOrders, type ListedIntent, type OrderFilter, type OrderListRow } from '../payments/orders/store.js';
import { listForOrder, ordersOfRefunds } from '../payments/refunds/store.js';
import { deliveriesOfSubjects, failedOfStore, type Delivery } from '../notifications/store.js';
import { hasShipments } from '../shipping/shipments/store.js';

export interface OrderDetail {
  order: OrderListRow & { paid_at: Date | null };
  intents: ListedIntent[];
  refunds: { id: string; type: string; status: string; status_description: string | null; amount: number; currency: string; created_at: Date }[];
  /** The order's and its refunds' notifications, each with every attempt, oldest first. */
  notifications: Delivery[];
}

export interface FailedDelivery {
  id: string;
  kind: string;
  url: string;
  attempt_count: number;
  created_at: Date;
  /** The order announced (for a refund's notification, the refund's order). */
  order_id: string | null;
}

/**
 * Failed sign-ins allowed in a sliding window of 15 minutes, before every further attempt of that
 * kind is refused without checking the password (429):
 * - `pair`: per email from one address (the owner's own typos; one attacker's guesses at one account);
 * - `address`: per address across emails (credential stuffing; a few people behind one NAT still fit);
 * - `account`: per email from every address (distributed guessing), except from an address where
 *   the user signed in within `knownDays`: failures from elsewhere never lock the owner out there.
 * An address is an IPv4 address or an IPv6 /64 (one subscriber's prefix; see addressKey).
 */
export const SIGN_IN_LIMITS: store.SignInLimits = { pair: 5, address: 20, account: 100, windowMinutes: 15, knownDays: 30 };
export const SIGN_IN_WINDOW_MINUTES = SIGN_IN_LIMITS.windowMinutes;
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

/**
 * The address the sign-in limit counts (from req.ip, which KASSA_TRUST_PROXY governs): an IPv4
 * address as is (also when IPv4-mapped, `::ffff:a.b.c.d`), an IPv6 address as its /64 prefix (a
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would count nothing);
 * anything else as given, cut to 64 characters.
 */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const g = ipv6Groups(ip.split('%')[0]!);
  if (!g) return ip.slice(0, 64);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff].join('.');
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}

export class BackOffice {
  /** `reads`: where lists and search may read (a replica, possibly a little behind); `db` for the rest. */
  constructor(
    private readonly db: Db,
    private readonly reads: Db = db,
  ) {}

  /** Adds (or updates the password and role of) a user of a store. */
  async addUser(input: { storeId: string; email: string; password: string; role: Role }): Promise<{ userId: string; email: string; storeId: string; role: Role }> {
    if (!(await selectStore(this.db, input.storeId))) throw Errors.notFound(`store ${input.storeId}`);
    const email = normalizeEmail(input.email);
    const hash = await hashPassword(input.password);
    const userId = await store.upsertUser(this.db, uuidv7(), email, hash);
    await store.upsertMembership(this.db, userId, input.storeId, input.role);
    return { userId, email, storeId: input.storeId, role: input.role };
  }

  /**
   * Checks the password. A wrong password and an unknown email are the same answer (and the same
   * scrypt cost); past a limit of SIGN_IN_LIMITS (this email from this address, this address, or
   * this email from an address where the user has not signed in lately), every attempt is refused
   * without checking the password, the right one too: a lock that let the right password through
   * would still answer every guess. The attempt is recorded as a failure before the password is
   * checked (store.claimSignInAttempt, serialized per email and per address), and forgotten when it
   * succeeds: so N parallel wrong attempts cannot all pass the count. A success remembers the address.
   */
  async signIn(emailInput: string, password: string, ip: string): Promise<SignIn> {
    const email = normalizeEmail(emailInput);
    const address = addressKey(ip);
    const claim = await withTx(this.db, (tx) => store.claimSignInAttempt(tx, email, address, SIGN_IN_LIMITS));
    if ('limited' in claim) return { ok: false, reason: 'rate-limited' };
    const user = await store.userByEmail(this.db, email);
    const ok = await verifyPassword(password, user?.password_hash ?? DECOY_HASH);
    if (!user || !ok) return { ok: false, reason: 'invalid' };
    await store.forgetAttempt(this.db, claim.attemptId);
    await store.rememberAddress(this.db, user.id, address);
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
  async failedDeliveries(storeId: string, env: Env): Promise<FailedDelivery[]> {
    const failed = await failedOfStore(this.db, storeId, env, 10);
    const subjects = failed.map((n) => n.subject_id);
    const [orders, refundOrders] = await Promise.all([existingOrderIds(this.db, subjects), ordersOfRefunds(this.db, subjects)]);
    return failed.map(({ subject_id, ...n }) => ({ ...n, order_id: orders.has(subject_id) ? subject_id : (refundOrders.get(subject_id) ?? null) }));
  }

  /**
   * The environment the back office opens in when the URL names none: production once the store
   * has an order or a shipment there, else sandbox (a new store has only sandbox data).
   */
  async defaultEnv(storeId: string): Promise<Env> {
    const [orders, shipments] = await Promise.all([hasOrders(this.db, storeId, 'production'), hasShipments(this.db, storeId, 'production')]);
    return orders || shipments ? 'production' : 'sandbox';
  }

  /**
   * Where an object the URL names lives when it is not in `env`: the store's other environment,
   * or undefined (no such object of this store: another store's objects are never revealed).
   */
  async livesIn(storeId: string, env: Env, kind: store.OfficeObject, id: string): Promise<Env | undefined> {
    const found = await store.envOf(this.db, storeId, kind, id);
    return found && found !== env ? found : undefined;
  }

  /** The order with its intents, refunds and notifications, when it is the store's in the environment. */
  async order(storeId: string, env: Env, orderId: string): Promise<OrderDetail | undefined> {
    const order = await listedOrder(this.db, storeId, env, orderId);
    if (!order) return undefined;
    const [intents, [refunds, notifications]] = await Promise.all([
      listedIntents(this.db, orderId),
      listForOrder(this.db, orderId).then(async (refunds) => [refunds, await deliveriesOfSubjects(this.db, storeId, [orderId, ...refunds.map((r) => r.id)])] as const),
    ]);
    return {
      order,
      intents,
      refunds: refunds.map((r) => ({ id: r.id, type: r.type, status: r.status, status_description: r.status_description, amount: r.amount, currency: r.currency, created_at: r.created_at })),
      notifications,
    };
  }

  /** One page of the store's orders and the keyset of the next page (undefined on the last). */
  async orders(f: Omit<OrderFilter, 'limit'>): Promise<{ rows: OrderListRow[]; next?: { createdAt: string; id: string } }> {
    const rows = await runAs('report', () => listOrders(this.reads, { ...f, limit: PAGE_SIZE + 1 }));
    const more = rows.length > PAGE_SIZE;
    const page = rows.slice(0, PAGE_SIZE);
    const last = page[page.length - 1];
    return { rows: page, next: more && last ? { createdAt: last.cursor_at, id: last.id } : undefined };
  }
}

export type { Env };
