/**
 * What the benchmark sends: the tests' order payload (test/support/payloads.ts), signed
 * ahead of the measurement into ready-to-send POST bodies, one unique merchantReference each.
 */
import { sign } from '../../src/platform/jwt.js';
import { orderPayload } from '../../test/support/payloads.js';

export interface Keys {
  accessKey: string;
  secretKey: string;
}

const nowS = () => Math.floor(Date.now() / 1000);

/** The POST /orders body for one order: `{"data": <HS256 JWT of the payload>}`. */
export function orderBody(keys: Keys, merchantReference: string, ttlS = 3600): Buffer {
  const token = sign({ accessKey: keys.accessKey, exp: nowS() + ttlS, ...orderPayload({ merchantReference }) }, keys.secretKey);
  return Buffer.from(`{"data":"${token}"}`);
}

/** A Bearer token for GET endpoints (`{accessKey, exp}`), reusable for the whole run. */
export function bearer(keys: Keys, ttlS = 3600): string {
  return `Bearer ${sign({ accessKey: keys.accessKey, exp: nowS() + ttlS }, keys.secretKey)}`;
}

/**
 * Pre-signed order bodies handed out one per request. Should the pool run dry, bodies are signed
 * on demand (counted in `signedLive`: that signing then costs load-generator CPU during the run).
 */
export class OrderBodyPool {
  private readonly bodies: Buffer[] = [];
  private next = 0;
  signedLive = 0;
  signMs = 0;

  constructor(
    private readonly keys: Keys,
    private readonly size: number,
    private readonly tag: string,
  ) {}

  fill(): void {
    const t0 = performance.now();
    for (let i = 0; i < this.size; i++) this.bodies.push(orderBody(this.keys, `B-${this.tag}-${i}`));
    this.signMs = performance.now() - t0;
  }

  get used(): number {
    return this.next;
  }

  get capacity(): number {
    return this.bodies.length;
  }

  /** The next `n` pre-signed bodies at once, or as many as are left (for a load generator that reads them from a file: bench/lib/wrk.ts). */
  takeMany(n: number): Buffer[] {
    return Array.from({ length: Math.max(0, Math.min(n, this.bodies.length - this.next)) }, () => this.take());
  }

  take(): Buffer {
    const i = this.next++;
    const b = this.bodies[i];
    if (b) {
      this.bodies[i] = EMPTY; // let sent bodies be collected
      return b;
    }
    this.signedLive++;
    return orderBody(this.keys, `B-${this.tag}-${i}`);
  }
}

const EMPTY = Buffer.alloc(0);
