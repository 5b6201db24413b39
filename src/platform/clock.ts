/**
 * Time. Domain code never calls Date.now(): it asks a Clock. Production uses the real clock;
 * each store's sandbox has its own offset (kept in the database, so every node agrees) that the
 * sandbox test helpers move forward to make orders expire and retries come due.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
