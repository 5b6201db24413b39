/**
 * Time. Domain code never calls Date.now(): it asks a Clock. Production uses the real clock;
 * each store's sandbox has its own offset (kept in the database, so every node agrees) that the
 * sandbox test helpers move forward to make orders expire and retries come due.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  constructor(private t: number = Date.UTC(2026, 0, 1)) {}
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export function unixSeconds(d: Date): number {
  return Math.floor(d.getTime() / 1000);
}
