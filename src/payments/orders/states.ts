/**
 * Order and payment-intent state machines, declared as data. One function applies a transition;
 * the table says which transitions announce themselves to the merchant (notification).
 */
export const ORDER_STATUSES = ['PENDING', 'PAID', 'ABANDONED', 'PARTIALLY_REFUNDED', 'REFUNDED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const INTENT_STATUSES = ['PENDING', 'PAID', 'FAILED', 'CANCELED', 'ABANDONED'] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];

export type OrderEvent = 'pay' | 'abandon' | 'reopen';

interface Transition {
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** The intent's status after the transition (for the current PENDING intent). */
  intent: IntentStatus | null;
  notify: boolean;
}

export const ORDER_TRANSITIONS: Readonly<Record<OrderEvent, Transition>> = {
  pay: { from: ['PENDING'], to: 'PAID', intent: 'PAID', notify: true },
  abandon: { from: ['PENDING'], to: 'ABANDONED', intent: 'ABANDONED', notify: true },
  // Re-sending an abandoned order's merchantReference opens it for payment again.
  reopen: { from: ['ABANDONED'], to: 'PENDING', intent: null, notify: false },
};

export class TransitionError extends Error {
  constructor(
    readonly event: OrderEvent,
    readonly from: OrderStatus,
  ) {
    super(`cannot ${event} an order that is ${from}`);
  }
}

export function applyTransition(from: OrderStatus, event: OrderEvent): Transition {
  const t = ORDER_TRANSITIONS[event];
  if (!t.from.includes(from)) throw new TransitionError(event, from);
  return t;
}

/** An unpaid order past its expiry is abandoned, whether or not the sweeper has written it yet. */
export function effectiveStatus(status: OrderStatus, expiresAt: Date, now: Date): OrderStatus {
  return status === 'PENDING' && expiresAt.getTime() <= now.getTime() ? 'ABANDONED' : status;
}

/** Orders whose reference may be re-sent to update them. */
export const UPDATABLE: readonly OrderStatus[] = ['PENDING', 'ABANDONED'];
