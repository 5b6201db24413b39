/**
 * Time. One source per environment:
 *
 * - Production: real time. In TypeScript, the `Clock` the composition root (services.ts) builds
 *   and hands to the services; in SQL, the database's `now()` where a statement needs the time
 *   (`store_now(store, 'production')` is `now()`).
 * - Sandbox: the store's sandbox clock, `store_now(store, 'sandbox')` in SQL: real time plus the
 *   store's offset, kept in the database (so every node agrees) and moved forward by
 *   POST /test-helpers/clock/advance. Every time a sandbox order, attempt, refund, ledger posting
 *   or payout records, and every expiry or settlement it is judged by, comes from it.
 *
 * Domain services never call `Date.now()` or `new Date()`: they take the `Clock` from the
 * composition root, for what is checked against the calendar outside Kassa in both environments
 * (`iat`/`exp` of the tokens Kassa signs, signed download links, the settlement job's slots,
 * card expiry dates on the card simulator, shipment product times). A test may pass its own clock
 * to createServices.
 *
 * Infrastructure reads the real clock directly, and only these: request logs (pino), stopwatches
 * (`performance.now()`: notification attempt durations, benchmarks), the key cache's TTL
 * (stores/auth.ts), JWT verification (platform/jwt.ts: a merchant's token expires by the
 * calendar), UUIDv7 timestamps (platform/ids.ts), the embedded database's start-up and binary
 * cache (platform/embedded-postgres.ts), the data-folder lock (platform/data-dir-lock.ts), and the
 * workers' leases (claim-loop and each worker's claim use the database's `now()`).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
