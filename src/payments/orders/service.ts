/**
 * Where orders are decided: creation and update by merchantReference, reading, the outcome of a
 * payment attempt, and abandonment after expiry. Each state change writes its notification in the
 * same transaction.
 */
import { Batcher } from '../../platform/batch.js';
import { withTx, type Db, type Queryable } from '../../platform/db.js';
import { Errors } from '../../platform/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import { sign } from '../../platform/jwt.js';
import type { Clock } from '../../platform/clock.js';
import type { CallbackPolicy } from '../../platform/outbound.js';
import type { KeyResolver } from '../../stores/auth.js';
import type { Store } from '../../stores/service.js';
import type { Env } from '../../platform/env.js';
import { serviceFee } from '../fees.js';
import { postPayment } from '../../ledger/postings.js';
import { pullSandboxRetriesForward as pullRefundsForward, wakeWaitingForFunds } from '../refunds/store.js';
import { enqueueNotification } from '../../notifications/outbox.js';
import { pullSandboxRetriesForward as pullNotificationsForward, wakeWorkers } from '../../notifications/store.js';
import { advanceSandboxClock, resetSandboxClock, storeNow } from '../../stores/store.js';
import { ORDER_TOKEN_TTL_S } from '../../notifications/schedule.js';
import type { OrderInput } from './schema.js';
import { transition } from '../../platform/state-machine.js';
import { applyTransition, effectiveStatus, INTENT_MACHINE, ORDER_TRANSITIONS, UPDATABLE, type OrderStatus } from './states.js';
import * as sql from './store.js';
import { claimSession } from '../sessions/store.js';
import { orderTokenClaims, orderView, type OrderView } from './view.js';
import { methodRefusal } from '../methods/countries.js';
import type { Offer } from '../methods/offer.js';
import { METHOD_CHANNEL, type PaymentMethodName } from '../methods/catalogue/methods.js';

/** What a processor (or the sandbox test helper) reports at the end of a payment attempt. */
export type AttemptOutcome =
  | {
      kind: 'paid';
      processor: string;
      processorReference: string;
      senderIban?: string | null;
      senderName?: string | null;
      providerName?: string | null;
      metadata?: Record<string, string | number | boolean>;
    }
  | { kind: 'declined' | 'canceled'; processor: string; processorReference?: string; reason: string };

export interface AttemptResult {
  row: sql.OrderRow;
  status: OrderStatus;
  /** Where the shopper goes next: the merchant's returnUrl with a signed order token. */
  redirectUrl: string;
}

/**
 * Writes the order notification of a transition whose table entry says `notify` (inside the
 * change's transaction). The access key is filled in at delivery time, from the store's key of the moment.
 */
export async function announceOrder(tx: Queryable, row: sql.OrderRow, status: OrderStatus): Promise<void> {
  await enqueueNotification(tx, {
    storeId: row.store_id,
    env: row.env,
    kind: 'order',
    subjectId: row.id,
    url: row.notification_url,
    claims: orderTokenClaims(row, status, ''),
  });
}

/**
 * Runs in the transaction that marks an order PAID (after the ledger posting); what it writes
 * commits with PAID or not at all. May return work to do after the commit (waking a worker).
 */
export type AfterPaid = (tx: Queryable, order: sql.OrderRow) => Promise<(() => void) | undefined>;

export interface OrderServiceHooks {
  afterPaid?: AfterPaid;
  /** What the environment can take payments with (production: its configured connectors). */
  offer?: (env: Env) => Promise<Offer>;
}

export class OrderService {
  /** Concurrent creations and reads share one statement (see platform/batch.ts). */
  private readonly inserts: Batcher<sql.NewOrder, sql.OrderRow | undefined>;
  private readonly reads: Batcher<string, sql.OrderRow | undefined>;

  constructor(
    private readonly db: Db,
    private readonly keys: KeyResolver,
    private readonly publicUrl: string,
    private readonly callbacks: CallbackPolicy,
    /** Real time, for the tokens Kassa signs (the order's own times are the store's clock, in SQL). */
    private readonly clock: Clock,
    private readonly hooks: OrderServiceHooks = {},
  ) {
    this.inserts = new Batcher((items) => sql.insertOrders(this.db, items));
    this.reads = new Batcher((ids) => sql.readOrders(this.db, ids));
  }

  view(row: sql.OrderRow, store: Store): OrderView {
    return orderView(row, store, this.publicUrl);
  }

  /**
   * Creates an order, or updates the store's order that has the same merchantReference while it
   * can still be paid (PENDING, or ABANDONED, which opens again). A paid order is not changed.
   * Refused first: a notificationUrl production cannot call, a method the store has not enabled.
   */
  async createOrUpdate(store: Store, env: Env, input: OrderInput): Promise<sql.OrderRow> {
    if (input.notificationUrl !== null) this.callbacks.assert(input.notificationUrl, env, 'notificationUrl');
    const refused = methodRefusal(store, env, input.method, input.methodOptions.preferredCountry);
    if (refused) throw Errors.validation(refused.field, refused.message);
    await this.assertPayable(env, input.method);
    if (input.sessionUuid !== null || input.paymentIntentUuid !== null) return this.createBound(store, env, input);
    const row = await this.inserts.submit({ orderId: uuidv7(), intentId: uuidv7(), storeId: store.id, env, input });
    if (row) return row;
    return withTx(this.db, async (tx) => {
      const existing = await sql.lockOrderByReference(tx, store.id, env, input.merchantReference);
      if (!existing) throw new Error('order vanished during update'); // orders are never deleted
      return this.updateLocked(tx, existing, input);
    });
  }

  /** 400 naming the missing connector when `env` cannot take `method` (production without it configured). */
  async assertPayable(env: Env, method: PaymentMethodName): Promise<void> {
    const missing = this.hooks.offer && (await this.hooks.offer(env)).missing(method);
    if (missing) throw Errors.validation('payment.method', `cannot be paid in ${env}: ${missing}`);
  }

  /** Rewrites a locked order from a re-sent payload, when its status still allows it. */
  private async updateLocked(tx: Queryable, existing: sql.OrderRow, input: OrderInput): Promise<sql.OrderRow> {
    if (existing.payment_link_id) {
      // A payment link's order is the payer's, made on the link's page: not rewritten from the API.
      throw Errors.badRequest(`merchantReference "${input.merchantReference}" belongs to an order of payment link ${existing.payment_link_id}; send a new merchantReference`);
    }
    const status = effectiveStatus(existing.status, new Date(existing.expires_at), new Date(existing.now));
    if (!UPDATABLE.includes(status)) {
      throw Errors.badRequest(`merchantReference "${input.merchantReference}" belongs to an order that is ${status} and can no longer be changed; send a new merchantReference`);
    }
    // The stored status, which the statement's guard checks (an expired order the sweeper has not
    // written yet is still PENDING there).
    applyTransition(existing.status, existing.status === 'ABANDONED' ? 'reopen' : 'update');
    await sql.updateOrderFromInput(tx, existing.id, input);
    await sql.refreshPendingIntent(tx, existing.id, uuidv7());
    return (await sql.lockOrder(tx, existing.id))!;
  }

  /**
   * An embedded payment's order (sessionUuid or paymentIntentUuid): written and bound to its
   * session in one transaction. The binding is one guarded UPDATE (sessions/store.ts claimSession):
   * an unknown, expired, other store's or environment's session, or one another order took (also
   * at the same moment), matches nothing and the whole transaction is undone: a 400 naming the field.
   */
  private async createBound(store: Store, env: Env, input: OrderInput): Promise<sql.OrderRow> {
    const field = input.sessionUuid !== null ? 'sessionUuid' : 'paymentIntentUuid';
    const id = (input.sessionUuid ?? input.paymentIntentUuid)!;
    return withTx(this.db, async (tx) => {
      const existing = await sql.lockOrderByReference(tx, store.id, env, input.merchantReference);
      let row: sql.OrderRow;
      if (existing) row = await this.updateLocked(tx, existing, input);
      else {
        const [inserted] = await sql.insertOrders(tx, [{ orderId: uuidv7(), intentId: uuidv7(), storeId: store.id, env, input }]);
        if (!inserted) throw Errors.conflict('another request created an order with this merchantReference at the same moment; send it again');
        row = inserted;
      }
      const kind = field === 'sessionUuid' ? 'session' : 'draft';
      if (!(await claimSession(tx, { id, storeId: store.id, env, kind, orderId: row.id, method: input.method }))) {
        throw Errors.validation(
          field,
          `is not a usable ${kind === 'session' ? 'session' : 'draft payment intent'} of this store and environment (unknown, expired, made for another payment method, or already used by another order)`,
        );
      }
      return row;
    });
  }

  async get(orderId: string, store: Store, env: Env): Promise<sql.OrderRow> {
    const row = await this.reads.submit(orderId);
    // Another store's (or environment's) order is as unknown as a missing one.
    if (!row || row.store_id !== store.id || row.env !== env) throw Errors.notFound(`Order ${orderId}`);
    return row;
  }

  async getById(orderId: string, q: Queryable = this.db): Promise<sql.OrderRow | undefined> {
    return sql.readOrderById(q, orderId);
  }

  /** The merchant's returnUrl with a freshly signed order token (`order-token`). */
  async redirectUrl(row: sql.OrderRow, status: OrderStatus): Promise<string> {
    const key = await this.keys.forStore(row.store_id, row.env);
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const token = sign({ ...orderTokenClaims(row, status, key.accessKey), iat, exp: iat + ORDER_TOKEN_TTL_S }, key.secretKey);
    const u = new URL(row.return_url);
    u.searchParams.set('order-token', token);
    return u.toString();
  }

  /** Locks a PENDING order for an attempt; 404 when unknown, 400 when it can no longer be paid. */
  private async lockPayable(tx: Queryable, orderId: string): Promise<sql.OrderRow> {
    const order = await sql.lockOrder(tx, orderId);
    if (!order) throw Errors.notFound(`Order ${orderId}`);
    const status = effectiveStatus(order.status, new Date(order.expires_at), new Date(order.now));
    if (status !== 'PENDING') throw Errors.badRequest(`the order is ${status}; only a PENDING order can be paid`);
    return order;
  }

  /** The locked order's PENDING intent, or a new one when the last attempt ended. */
  private async openIntent(tx: Queryable, order: sql.OrderRow): Promise<string> {
    const open = order.intents.find((i) => i.status === 'PENDING');
    if (open) return open.id;
    const id = uuidv7();
    await sql.insertIntent(tx, order.id, id);
    return id;
  }

  /** Attempts of a processor still waiting for its answer (status polling), oldest first. */
  async waitingAttempts(processor: string, olderThanSeconds: number, limit: number): Promise<sql.WaitingIntentRow[]> {
    return sql.waitingIntents(this.db, processor, olderThanSeconds, limit);
  }

  /** The order's open intent for a new attempt: the PENDING one, or a new one after an ended attempt. */
  async openAttempt(orderId: string): Promise<string> {
    return withTx(this.db, async (tx) => this.openIntent(tx, await this.lockPayable(tx, orderId)));
  }

  /**
   * Binds the open intent to the processor's transaction, so that only this attempt's return can
   * complete it (a later attempt rebinds it). 409 when the order changed meanwhile.
   */
  async bindAttempt(orderId: string, intentId: string, processor: string, processorReference: string, metadata: Record<string, string | number | boolean>): Promise<void> {
    await withTx(this.db, async (tx) => {
      const order = await this.lockPayable(tx, orderId);
      const intent = order.intents.find((i) => i.id === intentId);
      if (intent?.status !== 'PENDING') {
        throw Errors.conflict('the order changed while the payment was being started; reload the page');
      }
      await sql.updateIntent(tx, intentId, { status: transition(INTENT_MACHINE, intent.status, 'bind').to, processor, processorReference, metadata });
    });
  }

  /**
   * Records the outcome of a payment attempt on the order's open intent. A successful attempt
   * moves the order to PAID and announces it; a declined or cancelled one leaves the order
   * PENDING (the shopper may try again until it expires) with the intent FAILED or CANCELED.
   * With `expectedReference`, the open intent must be bound to that processor transaction (409).
   */
  async completeAttempt(orderId: string, outcome: AttemptOutcome, expectedReference?: string): Promise<AttemptResult> {
    let afterCommit: (() => void) | undefined;
    const row = await withTx(this.db, async (tx) => {
      const order = await this.lockPayable(tx, orderId);
      if (expectedReference !== undefined) {
        const waiting = order.intents.find((i) => i.status === 'PENDING');
        if (waiting?.processor_reference !== expectedReference) {
          throw Errors.conflict('this return does not belong to the payment attempt the order is waiting for');
        }
      }
      const intentId = await this.openIntent(tx, order);
      let notify = false;
      let feeMinor = 0;
      if (outcome.kind === 'paid') {
        const t = applyTransition(order.status, 'pay');
        feeMinor = serviceFee(order.payment_method, order.grand_total);
        notify = t.notify;
        const paidAt = await sql.markPaid(tx, order.id, {
          senderIban: outcome.senderIban ?? null,
          senderName: outcome.senderName ?? null,
          providerName: outcome.providerName ?? null,
        });
        await sql.updateIntent(tx, intentId, {
          status: t.intent!,
          processor: outcome.processor,
          processorReference: outcome.processorReference,
          metadata: outcome.metadata,
          serviceFee: feeMinor,
        });
        // The money and the fee enter the ledger with the status change, in the same transaction,
        // before the order is read back: its view (availableForRefund) sees when it settles.
        await postPayment(tx, {
          storeId: order.store_id,
          env: order.env,
          channel: METHOD_CHANNEL[order.payment_method],
          currency: order.currency,
          orderId: order.id,
          grossMinor: order.grand_total,
          feeMinor,
          paidAt,
        });
        await wakeWaitingForFunds(tx, order.store_id, order.env);
        if (this.hooks.afterPaid) afterCommit = await this.hooks.afterPaid(tx, order);
      } else {
        await sql.updateIntent(tx, intentId, {
          // The open intent (openIntent) is PENDING, the intent table's initial status.
          status: transition(INTENT_MACHINE, INTENT_MACHINE.initial, outcome.kind === 'declined' ? 'decline' : 'cancel').to,
          processor: outcome.processor,
          processorReference: outcome.processorReference ?? null,
          failureReason: outcome.reason,
        });
      }
      const updated = (await sql.lockOrder(tx, order.id))!;
      if (notify) await this.announce(tx, updated, updated.status);
      return updated;
    });
    afterCommit?.();
    const status = effectiveStatus(row.status, new Date(row.expires_at), new Date(row.now));
    return { row, status, redirectUrl: await this.redirectUrl(row, status) };
  }

  /** Writes the order notification for a state change (inside the change's transaction). */
  private announce(tx: Queryable, row: sql.OrderRow, status: OrderStatus): Promise<void> {
    return announceOrder(tx, row, status);
  }

  /** Abandons expired PENDING orders (all stores, or one) and announces each; returns how many. */
  async abandonExpired(storeId?: string, batch = 500): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await withTx(this.db, async (tx) => {
        const rows = await sql.abandonExpired(tx, batch, storeId);
        const { to, notify } = ORDER_TRANSITIONS.abandon;
        if (notify) for (const r of rows) await this.announce(tx, r, to);
        return rows.length;
      });
      total += n;
      if (n < batch) return total;
    }
  }

  /**
   * Moves a store's sandbox clock forward: pending notification and refund retries come due that
   * much sooner, and orders whose payment window has passed are abandoned at once.
   */
  async advanceSandboxClock(storeId: string, ms: number): Promise<Date> {
    const now = await withTx(this.db, async (tx) => {
      const moved = await advanceSandboxClock(tx, storeId, ms);
      await pullNotificationsForward(tx, storeId, ms);
      await pullRefundsForward(tx, storeId, ms);
      return moved;
    });
    await this.abandonExpired(storeId);
    await wakeWorkers(this.db);
    return now;
  }

  /**
   * Takes a store's sandbox clock back to real time. Nothing already written moves: retries that
   * came due earlier stay due, abandoned orders stay abandoned, settled payments stay settled.
   */
  async resetSandboxClock(storeId: string): Promise<Date> {
    return resetSandboxClock(this.db, storeId);
  }

  async sandboxNow(storeId: string): Promise<Date> {
    return storeNow(this.db, storeId, 'sandbox');
  }
}
