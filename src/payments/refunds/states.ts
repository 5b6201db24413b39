/**
 * The refund state machine, as data. PENDING waits to be processed (again, after insufficient
 * funds); PROCESSING has booked the money and is with the processor; SUCCESSFUL, REJECTED and
 * CANCELED are final.
 */
import { adjacency, canMove as canMoveIn, defineMachine } from '../../platform/state-machine.js';

export const REFUND_STATUSES = ['PENDING', 'PROCESSING', 'SUCCESSFUL', 'REJECTED', 'CANCELED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The spec's refund status descriptions. */
export const REFUND_DESCRIPTIONS = ['INSUFFICIENT_FUNDS', 'REFUND_EXCEEDS_ORDER_PAID_AMOUNT', 'DECLINED', 'EXPIRED_OR_CANCELLED_CARD', 'LOST_OR_STOLEN_CARD', 'EXPIRED', 'OTHER'] as const;
export type RefundDescription = (typeof REFUND_DESCRIPTIONS)[number];

export type RefundEvent = 'book' | 'awaitFunds' | 'retryFunds' | 'expire' | 'cancel' | 'retryProcessor' | 'succeed' | 'reject';

interface RefundTransition {
  from: readonly RefundStatus[];
  to: RefundStatus;
  /** Whether the move is announced to the order's notificationUrl as `{refundToken}` (spec payments.md, Events). */
  notify: boolean;
}

/**
 * The spec lists the statuses ("Transitions: not shown", payments.md "States and transitions"):
 * the moves are Kassa's (docs/decisions.md, Refunds, "Lifecycle"). Self-moves are the retries:
 * they change when the refund is due and its description, not its status. Every change of status
 * is announced ("Refund notification … The status of a refund changes"), and so is the start of a
 * wait for funds (PENDING with INSUFFICIENT_FUNDS), once.
 */
export const REFUND_MACHINE = defineMachine<RefundStatus, RefundEvent, RefundTransition>({
  name: 'refund',
  statuses: REFUND_STATUSES,
  initial: 'PENDING',
  transitions: {
    // Booked against the store's balance; the processor has it next.
    book: { from: ['PENDING'], to: 'PROCESSING', notify: false },
    // The balance cannot cover it: it waits (INSUFFICIENT_FUNDS), announced when the wait starts…
    awaitFunds: { from: ['PENDING'], to: 'PENDING', notify: true },
    // …and retried quietly until the last delay of FUNDS_RETRY_DELAYS_MS,
    retryFunds: { from: ['PENDING'], to: 'PENDING', notify: false },
    // after which it is REJECTED with EXPIRED.
    expire: { from: ['PENDING'], to: 'REJECTED', notify: true },
    // Cancelled while waiting (the processor does not have it yet).
    cancel: { from: ['PENDING'], to: 'CANCELED', notify: true },
    // The processor was unavailable: it keeps the booking and is called again.
    retryProcessor: { from: ['PROCESSING'], to: 'PROCESSING', notify: false },
    succeed: { from: ['PROCESSING'], to: 'SUCCESSFUL', notify: true },
    // The processor refused (the booking is reversed).
    reject: { from: ['PROCESSING'], to: 'REJECTED', notify: true },
  },
});

/** from → the statuses it may move to (derived from REFUND_MACHINE). */
export const REFUND_TRANSITIONS: Readonly<Record<RefundStatus, readonly RefundStatus[]>> = adjacency(REFUND_MACHINE);

export function canMove(from: RefundStatus, to: RefundStatus): boolean {
  return canMoveIn(REFUND_MACHINE, from, to);
}

/** Refunds the worker claims: waiting to be booked, or booked and waiting for the processor. */
export const WORKING: readonly RefundStatus[] = Object.freeze(['PENDING', 'PROCESSING'] as const);

/** Refunds that still hold part of the order's refundable amount. */
export const HOLDING: readonly RefundStatus[] = ['PENDING', 'PROCESSING', 'SUCCESSFUL'];

/**
 * Delays between attempts while the store's balance cannot cover the refund (ms): soon at first,
 * then hourly; after the last the refund is REJECTED with EXPIRED. About three days in all.
 */
export const FUNDS_RETRY_DELAYS_MS: readonly number[] = Object.freeze([60_000, 300_000, 900_000, 1_800_000, ...Array.from({ length: 70 }, () => 3_600_000)]);

/** Delays between calls while the processor is unavailable (ms); then the refund is retried hourly. */
export const PROCESSOR_RETRY_DELAYS_MS: readonly number[] = Object.freeze([30_000, 120_000, 600_000, 1_800_000]);
export const PROCESSOR_RETRY_LAST_MS = 3_600_000;
