/**
 * Order and payment-intent state machines, declared as data (applied by platform/state-machine.ts).
 * The order table says which transitions announce themselves to the merchant (`notify`: an order
 * notification, spec payments.md "Events") and what the order's open intent becomes (`intent`).
 *
 *   (POST /orders) ─▶ PENDING ──pay──▶ PAID ──refundPartially──▶ PARTIALLY_REFUNDED
 *                     │  ▲  ⟲ update    └──────refundFully──────▶ REFUNDED ◀──refundFully──┘
 *              abandon│  │reopen
 *                     ▼  │
 *                   ABANDONED
 */
import { defineMachine, transition, TransitionError } from '../../platform/state-machine.js';

export { TransitionError };

export const ORDER_STATUSES = ['PENDING', 'PAID', 'ABANDONED', 'PARTIALLY_REFUNDED', 'REFUNDED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const INTENT_STATUSES = ['PENDING', 'PAID', 'FAILED', 'CANCELED', 'ABANDONED'] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];

export type OrderEvent = 'pay' | 'abandon' | 'reopen' | 'update' | 'refundPartially' | 'refundFully';

interface Transition {
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** The intent's status after the transition (for the current PENDING intent). */
  intent: IntentStatus | null;
  notify: boolean;
}

export const ORDER_MACHINE = defineMachine<OrderStatus, OrderEvent, Transition>({
  name: 'order',
  statuses: ORDER_STATUSES,
  initial: 'PENDING',
  transitions: {
    // Spec payments.md, "States and transitions": PENDING → PAID when the payment succeeds;
    // "Notification and redirect carry the order token with status PAID".
    pay: { from: ['PENDING'], to: 'PAID', intent: 'PAID', notify: true },
    // Spec: "An unpaid order is abandoned after expiresIn minutes" (its announcement: docs/decisions.md).
    abandon: { from: ['PENDING'], to: 'ABANDONED', intent: 'ABANDONED', notify: true },
    // Re-sending an abandoned order's merchantReference opens it for payment again.
    reopen: { from: ['ABANDONED'], to: 'PENDING', intent: null, notify: false },
    // Re-sending a PENDING order's merchantReference rewrites it; it stays PENDING.
    update: { from: ['PENDING'], to: 'PENDING', intent: null, notify: false },
    // A successful refund (refunds/service.ts), by the sum of successful refunds. The spec names
    // PARTIALLY_REFUNDED; which order changes are announced besides payment is "not shown"
    // (payments.md, Events, rule 3): the merchant hears of refunds by refund notifications, and
    // the order is not re-announced (docs/decisions.md, Refunds, "Notifications").
    refundPartially: { from: ['PAID', 'PARTIALLY_REFUNDED'], to: 'PARTIALLY_REFUNDED', intent: null, notify: false },
    refundFully: { from: ['PAID', 'PARTIALLY_REFUNDED'], to: 'REFUNDED', intent: null, notify: false },
  },
});

export const ORDER_TRANSITIONS: Readonly<Record<OrderEvent, Transition>> = ORDER_MACHINE.transitions;

export function applyTransition(from: OrderStatus, event: OrderEvent): Transition {
  return transition(ORDER_MACHINE, from, event);
}

export type IntentEvent = 'bind' | 'pay' | 'decline' | 'cancel' | 'abandon';

/**
 * A payment intent is one attempt at paying the order: only the PENDING (open) one moves; its
 * outcome is final, and a new attempt opens a new intent. Spec payments.md: "Payment intent
 * `status` values that appear: PENDING, PAID. Transitions: not shown."
 */
export const INTENT_MACHINE = defineMachine<IntentStatus, IntentEvent, { from: readonly IntentStatus[]; to: IntentStatus }>({
  name: 'payment intent',
  statuses: INTENT_STATUSES,
  initial: 'PENDING',
  transitions: {
    // Bound to the processor's transaction of a new attempt (or rebound by a later one).
    bind: { from: ['PENDING'], to: 'PENDING' },
    pay: { from: ['PENDING'], to: 'PAID' },
    decline: { from: ['PENDING'], to: 'FAILED' },
    cancel: { from: ['PENDING'], to: 'CANCELED' },
    // With its order (ORDER_TRANSITIONS.abandon.intent).
    abandon: { from: ['PENDING'], to: 'ABANDONED' },
  },
});

/** An unpaid order past its expiry is abandoned, whether or not the sweeper has written it yet. */
export function effectiveStatus(status: OrderStatus, expiresAt: Date, now: Date): OrderStatus {
  return status === 'PENDING' && expiresAt.getTime() <= now.getTime() ? 'ABANDONED' : status;
}

/** Orders whose reference may be re-sent to update them: those that may move back to PENDING (update, reopen). */
export const UPDATABLE: readonly OrderStatus[] = Object.freeze([...ORDER_TRANSITIONS.update.from, ...ORDER_TRANSITIONS.reopen.from]);
