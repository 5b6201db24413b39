/**
 * Deterministic values the sandbox carriers hand out: tracking sequence numbers, drop-off PINs,
 * carrier shipment ids. The same input gives the same value on every node and every run.
 */
import { createHash } from 'node:crypto';

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** A sequence number in [0, capacity) derived from the shipment id (when no contract range is given). */
export function sandboxSequenceStart(shipmentId: string, capacity: number): number {
  const n = digest(`seq:${shipmentId}`).readBigUInt64BE(0);
  return Number(n % BigInt(Math.min(capacity, Number.MAX_SAFE_INTEGER)));
}

/** The i-th sequence number after `start`, wrapping at the scheme's capacity. */
export function nthSequence(start: number, i: number, capacity: number): number {
  return (start + i) % capacity;
}

/** A numeric drop-off PIN of `digits` digits for a parcel (no leading zero). */
export function sandboxDropOffPin(carrierCode: string, trackingNumber: string, digits: number): string {
  const n = digest(`pin:${carrierCode}:${trackingNumber}`).readBigUInt64BE(0);
  const low = 10n ** BigInt(digits - 1);
  return String(low + (n % (9n * low)));
}

/** A carrier-side id: `prefix` and `digits` digits derived from the shipment id. */
export function sandboxId(prefix: string, shipmentId: string, digits: number): string {
  const n = digest(`id:${prefix}:${shipmentId}`).readBigUInt64BE(0);
  return `${prefix}${String(n % 10n ** BigInt(digits)).padStart(digits, '0')}`;
}
