/**
 * The refund state machine, as data. PENDING waits to be processed (again, after insufficient
 * funds); PROCESSING has booked the money and is with the processor; SUCCESSFUL, REJECTED and
 * CANCELED are final.
 */
export const REFUND_STATUSES = ['PENDING', 'PROCESSING', 'SUCCESSFUL', 'REJECTED', 'CANCELED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The spec's refund status descriptions. */
export const REFUND_DESCRIPTIONS = [
  'INSUFFICIENT_FUNDS',
  'REFUND_EXCEEDS_ORDER_PAID_AMOUNT',
  'DECLINED',
  'EXPIRED_OR_CANCELLED_CARD',
  'LOST_OR_STOLEN_CARD',
  'EXPIRED',
  'OTHER',
] as const;
export type RefundDescription = (typeof REFUND_DESCRIPTIONS)[number];

export const REFUND_TRANSITIONS: Readonly<Record<RefundStatus, readonly RefundStatus[]>> = Object.freeze({
  PENDING: ['PENDING', 'PROCESSING', 'REJECTED', 'CANCELED'],
  PROCESSING: ['PROCESSING', 'SUCCESSFUL', 'REJECTED'],
  SUCCESSFUL: [],
  REJECTED: [],
  CANCELED: [],
});

export function canMove(from: RefundStatus, to: RefundStatus): boolean {
  return REFUND_TRANSITIONS[from].includes(to);
}

/** Refunds that still hold part of the order's refundable amount. */
export const HOLDING: readonly RefundStatus[] = ['PENDING', 'PROCESSING', 'SUCCESSFUL'];

/**
 * Delays between attempts while the store's balance cannot cover the refund (ms): soon at first,
 * then hourly; after the last the refund is REJECTED with EXPIRED. About three days in all.
 */
export const FUNDS_RETRY_DELAYS_MS: readonly number[] = Object.freeze([
  60_000, 300_000, 900_000, 1_800_000,
  ...Array.from({ length: 70 }, () => 3_600_000),
]);

/** Delays between calls while the processor is unavailable (ms); then the refund is retried hourly. */
export const PROCESSOR_RETRY_DELAYS_MS: readonly number[] = Object.freeze([30_000, 120_000, 600_000, 1_800_000]);
export const PROCESSOR_RETRY_LAST_MS = 3_600_000;
