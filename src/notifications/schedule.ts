/**
 * When a notification is tried again, as data: the first attempt is immediate, then 13 retries
 * whose delays add up to exactly 48 hours (spec: "13 times over the following 48 hours").
 */
const MIN = 60_000;
const HOUR = 60 * MIN;

/** Delay before retry n (index 0 = the first retry), after the previous attempt failed. */
export const RETRY_DELAYS_MS: readonly number[] = [
  1 * MIN,
  4 * MIN,
  10 * MIN,
  15 * MIN,
  30 * MIN, // first hour
  1 * HOUR,
  2 * HOUR,
  4 * HOUR,
  4 * HOUR,
  6 * HOUR,
  6 * HOUR,
  12 * HOUR,
  12 * HOUR,
];

export const MAX_ATTEMPTS = 1 + RETRY_DELAYS_MS.length;

/** After `attemptsMade` failed attempts, the delay to the next one, or null when retries are exhausted. */
export function nextDelayMs(attemptsMade: number): number | null {
  return RETRY_DELAYS_MS[attemptsMade - 1] ?? null;
}

/** Only these answers count as received (spec: "The receiver must answer 200 or 201"). */
export function isSuccessStatus(status: number): boolean {
  return status === 200 || status === 201;
}

/** Shipment webhooks: the spec shows no required status, so any 2xx counts as received. */
export function isWebhookSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** Lifetime of the signed token in an order notification or redirect (seconds). */
export const ORDER_TOKEN_TTL_S = 60 * 60;
/** Lifetime of a refund token (spec: valid for 7 days). */
export const REFUND_TOKEN_TTL_S = 7 * 24 * 60 * 60;
/** Lifetime of a shipment webhook token (seconds). */
export const WEBHOOK_TOKEN_TTL_S = 60 * 60;
