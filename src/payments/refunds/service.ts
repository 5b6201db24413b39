/**
 * Refunds: POST /refunds creates a PENDING refund after every rule of the spec, under the order's
 * row lock (so parallel requests can never refund more than was paid, and one idempotency key
 * makes one refund: the key's second use is the spec's 400); a worker then books it against the store's balance and sends it to the
 * processor of the original payment, which pays it back to that payer only.
 *
 *   PENDING ──funds──▶ PROCESSING ──processor ok──▶ SUCCESSFUL (order PARTIALLY_REFUNDED | REFUNDED)
 *      │  └─ no funds: stays PENDING (INSUFFICIENT_FUNDS), retried; EXPIRED after the last retry → REJECTED
 *      │                    └──processor refuses──▶ REJECTED (description; the booking is reversed)
 *      └─ cancelled while waiting ──▶ CANCELED
 *
 * Every status change a merchant must hear of (SUCCESSFUL, REJECTED, CANCELED, and PENDING when it
 * starts waiting for funds) is written to the outbox in the same transaction, as `{refundToken}`.
 */
import { ClaimLoop, claimDue, leaseHeartbeat, type LeasedQueue, type LoopLog } from '../../platform/claim-loop.js';
import { sqlStatusIn, transition } from '../../platform/state-machine.js';
import { withTx, type Db, type Queryable } from '../../platform/db.js';
import { ApiError, Errors } from '../../platform/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import { formatAmount } from '../../platform/money.js';
import type { Store } from '../../stores/service.js';
import type { Env } from '../../platform/env.js';
import { postRefund } from '../../ledger/postings.js';
import { METHOD_CHANNEL } from '../methods/catalogue/methods.js';
import { merchantBalance } from '../../ledger/store.js';
import { enqueueNotification } from '../../notifications/outbox.js';
import * as orders from '../orders/store.js';
import { announceOrder } from '../orders/service.js';
import { applyTransition, effectiveStatus } from '../orders/states.js';
import { availableForRefund, hasSettled, isRefundableType, refundableFrom, REFUNDABLE_STATUSES } from '../orders/view.js';
import type { RefundOutcome } from '../processors/contract.js';
import type { ProcessorRegistry } from '../processors/registry.js';
import type { RefundInput } from './schema.js';
import { FUNDS_RETRY_DELAYS_MS, PROCESSOR_RETRY_DELAYS_MS, PROCESSOR_RETRY_LAST_MS, REFUND_MACHINE, WORKING, type RefundDescription, type RefundEvent } from './states.js';
import * as sql from './store.js';
import { refundTokenClaims } from './view.js';

const REFUND_QUEUE: LeasedQueue = {
  table: 'refunds',
  dueColumn: 'next_attempt_at',
  attemptsColumn: 'attempts',
  waiting: sqlStatusIn(REFUND_MACHINE, 'status', WORKING),
};
/** A PROCESSING refund whose worker died before the processor answered comes due again after this. */
const PROCESSING_GRACE_MS = 60_000;

/**
 * Which rule refused a refund, with what its message names: the API answers the English message,
 * the back office says the same in the page's language (refundErrorText, src/backoffice/orders/pages.ts).
 */
export type RefundRefusal =
  | { rule: 'keyUsed' | 'alreadyRefunded' | 'bankCurrency' | 'bankDisabled' | 'method' }
  | { rule: 'notPaid'; status: string }
  | { rule: 'notSettled'; from: Date }
  | { rule: 'exceeds'; availableMinor: number; currency: string };

const REFUSALS = new WeakMap<ApiError, RefundRefusal>();

/** The error, remembered as a refusal by `refusal`'s rule. */
function refused(err: ApiError, refusal: RefundRefusal): ApiError {
  REFUSALS.set(err, refusal);
  return err;
}

/** The rule behind an error RefundService.create threw (undefined for any other error). */
export function refundRefusal(err: unknown): RefundRefusal | undefined {
  return err instanceof ApiError ? REFUSALS.get(err) : undefined;
}

/** The spec's words (payments.md, Errors: POST /refunds 400). */
export const IDEMPOTENCY_KEY_USED = 'The idempotency key was already used on the order';

/**
 * Why an order's payment method cannot be refunded for this store (the 400's wording). Refusals
 * are whole sentences about the order, not a field name and a problem: they are about no field of
 * the request.
 */
function notRefundableReason(order: orders.OrderRow, store: Store): string {
  if (order.payment_method === 'paymentInitiation') {
    if (order.currency !== 'EUR') return `The order was paid by bank payment in ${order.currency}; bank payments are refundable in EUR only`;
    return (
      'The order was paid by bank payment, and bank-payment refunds are not enabled for this store; the operator enables them with ' +
      `\`kassa stores set-bank-refunds ${store.id} --enabled true\` (operator API: PATCH /operator/stores/${store.id} {"bankRefundsEnabled": true})`
    );
  }
  return `The order was paid with ${order.payment_method}, which does not support refunds`;
}

/** The refusal of a payment not settled yet: when it will be, and in the sandbox how to get there now. */
function notSettledMessage(env: Env, from: Date, sandboxPath: string): string {
  const base = `The payment has not reached the store's settlement account yet; it can be refunded from ${from.toISOString()}`;
  if (env !== 'sandbox') return base;
  return (
    `${base}. This store's sandbox settles payments after business days, as production does (sandboxSettlement "realistic"). ` +
    `To settle now: POST ${sandboxPath}/test-helpers/settle, or move the sandbox clock past that time with POST ${sandboxPath}/test-helpers/clock/advance`
  );
}

export class RefundService {
  private readonly loop: ClaimLoop<string>;

  constructor(
    private readonly db: Db,
    private readonly processors: ProcessorRegistry,
    private readonly opts: {
      concurrency: number;
      pollMs?: number;
      log?: LoopLog & { warn(obj: object, msg: string): void };
      /** The sandbox payments base path, named in refusals (default /sandbox/api). */
      sandboxPath?: string;
    },
  ) {
    this.loop = new ClaimLoop<string>({
      name: 'refund worker',
      concurrency: opts.concurrency,
      pollMs: opts.pollMs ?? 1000,
      claim: (limit) => claimDue(this.db, REFUND_QUEUE, limit),
      work: (id) => this.attempt(id),
      heartbeat: leaseHeartbeat(db, REFUND_QUEUE),
      log: () => this.opts.log,
    });
  }

  /** POST /refunds. 404 for another store's order; 400 naming the rule broken (or the key already used); nothing written then. */
  async create(store: Store, env: Env, input: RefundInput): Promise<sql.RefundRow> {
    const result = await withTx(this.db, async (tx) => {
      const order = await orders.lockOrder(tx, input.orderUuid);
      if (!order || order.store_id !== store.id || order.env !== env) throw Errors.notFound(`Order ${input.orderUuid}`);
      // The spec's error table: a key already used on the order is a 400, retry or not. The
      // order's row lock serialises concurrent requests, and (order_id, idempotency_key) is unique.
      if (await sql.findByKey(tx, order.id, input.idempotencyKey)) throw refused(Errors.badRequest(IDEMPOTENCY_KEY_USED), { rule: 'keyUsed' });
      const status = effectiveStatus(order.status, new Date(order.expires_at), new Date(order.now));
      if (!REFUNDABLE_STATUSES.includes(status)) {
        throw status === 'REFUNDED'
          ? refused(Errors.badRequest('The order is already refunded in full'), { rule: 'alreadyRefunded' })
          : refused(Errors.badRequest(`The order is ${status}; only a paid order can be refunded`), { rule: 'notPaid', status });
      }
      if (!isRefundableType(order, store) || !this.processors.definition(order.payment_method).supportsRefunds) {
        const rule = order.payment_method !== 'paymentInitiation' ? 'method' : order.currency !== 'EUR' ? 'bankCurrency' : 'bankDisabled';
        throw refused(Errors.badRequest(notRefundableReason(order, store)), { rule });
      }
      // The order was read with its payment's settlement time; the order view's availableForRefund
      // uses the same rule (hasSettled), so it is 0 exactly while this refuses.
      if (!hasSettled(order)) {
        const from = refundableFrom(order) ?? new Date(order.now);
        throw refused(Errors.badRequest(notSettledMessage(env, from, this.opts.sandboxPath ?? '/sandbox/api')), { rule: 'notSettled', from });
      }
      // lockOrder reads the order's refunds after taking the lock, so this counts every refund
      // committed by a request we waited for.
      const available = availableForRefund(order, status);
      if (input.amountMinor > available) {
        throw refused(Errors.validation('amount', `exceeds the total refundable amount (${formatAmount(available)} ${order.currency})`), {
          rule: 'exceeds',
          availableMinor: available,
          currency: order.currency,
        });
      }
      const refund = await sql.insertRefund(tx, {
        id: uuidv7(),
        orderId: order.id,
        storeId: store.id,
        env,
        amount: input.amountMinor,
        currency: order.currency,
        type: input.amountMinor === order.grand_total ? 'FULL_REFUND' : 'PARTIAL_REFUND',
        idempotencyKey: input.idempotencyKey,
      });
      return refund;
    });
    this.loop.wake();
    return result;
  }

  /** Cancels a refund still waiting (PENDING); 409 once the processor has it or it is final. */
  async cancel(storeId: string, env: Env, refundId: string): Promise<sql.RefundRow> {
    return withTx(this.db, async (tx) => {
      const r = await sql.lockRefund(tx, refundId);
      if (!r || r.store_id !== storeId || r.env !== env) throw Errors.notFound(`Refund ${refundId}`);
      if (!REFUND_MACHINE.transitions.cancel.from.includes(r.status)) {
        throw Errors.conflict(`Refund ${refundId} is ${r.status}; only a ${REFUND_MACHINE.transitions.cancel.from.join(' or ')} refund can be cancelled`);
      }
      return this.apply(tx, r, (await orders.readOrderById(tx, r.order_id))!, 'cancel', { description: null, retryInMs: null });
    });
  }

  /** One attempt at one claimed refund; never throws (the lease runs out and it is tried again). */
  async attempt(id: string): Promise<void> {
    try {
      await this.attemptOrThrow(id);
    } catch (err) {
      this.opts.log?.error({ err, refund: id }, 'refund attempt failed');
    }
  }

  private async attemptOrThrow(id: string): Promise<void> {
    // 1. Book it against the store's balance (or wait for funds), under the balance row's lock.
    const booked = await withTx(this.db, async (tx) => {
      const r = await sql.lockRefund(tx, id);
      if (!r || !WORKING.includes(r.status)) return undefined;
      const order = (await orders.lockOrder(tx, r.order_id))!;
      if (r.status === 'PROCESSING') return { r, order }; // booked before; the processor call is retried
      const key = { storeId: r.store_id, env: r.env, channel: METHOD_CHANNEL[order.payment_method], currency: r.currency };
      const balance = await merchantBalance(tx, key, true);
      if (balance < r.amount) {
        const delay = FUNDS_RETRY_DELAYS_MS[r.attempts - 1];
        if (delay === undefined) {
          await this.apply(tx, r, order, 'expire', { description: 'EXPIRED', retryInMs: null });
        } else {
          // The wait is announced when it starts (awaitFunds), not on every retry (retryFunds).
          const event = r.status_description === 'INSUFFICIENT_FUNDS' ? 'retryFunds' : 'awaitFunds';
          await this.apply(tx, r, order, event, { description: 'INSUFFICIENT_FUNDS', retryInMs: delay });
        }
        return undefined;
      }
      await postRefund(tx, { ...key, kind: 'refund', orderId: order.id, refundId: r.id, amountMinor: r.amount, at: new Date(order.now) });
      const processing = await this.apply(tx, r, order, 'book', { description: null, retryInMs: PROCESSING_GRACE_MS });
      return { r: processing, order };
    });
    if (!booked) return;

    // 2. The processor of the original payment pays it back (idempotent per refund id).
    const { r, order } = booked;
    const payment = order.intents.find((i) => i.status === 'PAID');
    let outcome: RefundOutcome;
    try {
      // The processor that took the payment pays it back, in the order's environment (a production
      // refund never reaches a simulator: the registry serves production only through connectors).
      const adapter = (payment?.processor && (await this.processors.byId(payment.processor, order.env))) || (await this.processors.forMethod(order.payment_method, order.env));
      outcome = await adapter.refund({ refundId: r.id, paymentReference: payment?.processor_reference ?? order.id, amountMinor: r.amount, currency: r.currency, attempt: r.attempts });
    } catch (err) {
      this.opts.log?.warn({ err, refund: r.id }, 'processor refund call failed; treated as unavailable');
      outcome = { kind: 'unavailable', message: 'the processor could not be reached' };
    }

    // 3. Record the answer with its consequences, in one transaction.
    await withTx(this.db, async (tx) => {
      const current = await sql.lockRefund(tx, r.id);
      if (!current || !REFUND_MACHINE.transitions.succeed.from.includes(current.status)) return;
      const locked = (await orders.lockOrder(tx, current.order_id))!;
      if (outcome.kind === 'unavailable') {
        const delay = PROCESSOR_RETRY_DELAYS_MS[current.attempts - 1] ?? PROCESSOR_RETRY_LAST_MS;
        await this.apply(tx, current, locked, 'retryProcessor', { description: null, retryInMs: delay });
        this.opts.log?.warn({ refund: current.id, delayMs: delay }, `processor unavailable (${outcome.message}); refund retried later`);
        return;
      }
      if (outcome.kind === 'rejected') {
        const key = { storeId: current.store_id, env: current.env, channel: METHOD_CHANNEL[locked.payment_method], currency: current.currency };
        await postRefund(tx, { ...key, kind: 'refundReversal', orderId: locked.id, refundId: current.id, amountMinor: current.amount, at: new Date(locked.now) });
        await this.apply(tx, current, locked, 'reject', { description: outcome.description, retryInMs: null });
        return;
      }
      await this.apply(tx, current, locked, 'succeed', { description: null, retryInMs: null, processorReference: outcome.processorReference });
      // The order was read after its lock, with this refund still PROCESSING. Its move goes
      // through the order's table (refundPartially / refundFully), like every order move.
      const refunded = current.amount + locked.refunds.reduce((sum, x) => sum + (x.status === 'SUCCESSFUL' ? Number(x.amount) : 0), 0);
      const t = applyTransition(locked.status, refunded >= locked.grand_total ? 'refundFully' : 'refundPartially');
      await orders.setRefundedStatus(tx, locked.id, t.to);
      if (t.notify) await announceOrder(tx, (await orders.readOrderById(tx, locked.id))!, t.to);
    });
  }

  /**
   * Applies a transition of the refund table (states.ts) to a locked refund: checked against the
   * table, written with the table's guard, and announced to the order's notificationUrl when the
   * transition says `notify`, in the caller's transaction.
   */
  private async apply(
    tx: Queryable,
    r: sql.RefundRow,
    order: Pick<orders.OrderRow, 'notification_url'>,
    event: RefundEvent,
    fields: { description: RefundDescription | null; retryInMs: number | null; processorReference?: string },
  ): Promise<sql.RefundRow> {
    const t = transition(REFUND_MACHINE, r.status, event);
    const moved = await sql.setRefundStatus(tx, r.id, { status: t.to, ...fields, processorReference: fields.processorReference ?? null });
    if (t.notify) {
      await enqueueNotification(tx, { storeId: r.store_id, env: r.env, kind: 'refund', subjectId: r.id, url: order.notification_url, claims: refundTokenClaims(moved) });
    }
    return moved;
  }

  /** Processes everything due now (tests, sandbox); returns how many attempts were made. */
  drain(): Promise<number> {
    return this.loop.drain();
  }

  start(log?: RefundService['opts']['log']): void {
    if (log) this.opts.log = log;
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
