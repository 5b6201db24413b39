/**
 * Authenticity of what travels through the shopper's browser between Kassa and a simulator:
 * field sets signed with HMAC-SHA256 under a key derived from the store's secret key of the
 * order's environment. Every API node derives the same key, and a store's key never signs for
 * another store. The purpose (request, a step, return) is part of the MAC, so a signature of one
 * kind is never accepted as another.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type Fields = Readonly<Record<string, string>>;
export const MAC_FIELD = 'mac';

/** Domain-separated from the store secret's other use (signing JWTs). */
export function simulatorKey(storeSecret: string): Buffer {
  return createHmac('sha256', storeSecret).update('kassa-simulator/v1').digest();
}

/** Unambiguous serialisation: purpose, then each named field length-prefixed, in the given order. */
export function canonical(purpose: string, fields: Fields, names: readonly string[]): string {
  let s = `kassa-sim\n${purpose}`;
  for (const n of names) {
    const v = fields[n] ?? '';
    s += `\n${n}=${Buffer.byteLength(v, 'utf8')}:${v}`;
  }
  return s;
}

export function macOf(key: Buffer, purpose: string, fields: Fields, names: readonly string[]): string {
  return createHmac('sha256', key)
    .update(canonical(purpose, fields, names), 'utf8')
    .digest('base64url');
}

/** The fields (only the named ones) with their MAC added. */
export function signFields(key: Buffer, purpose: string, fields: Fields, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) out[n] = fields[n] ?? '';
  out[MAC_FIELD] = macOf(key, purpose, out, names);
  return out;
}

/** Whether the fields carry a MAC under `key`, or under one of several (a store's new and previous secret during a key roll's overlap). */
export function hasValidMac(key: Buffer | readonly Buffer[], purpose: string, fields: Fields, names: readonly string[]): boolean {
  const given = fields[MAC_FIELD];
  if (typeof given !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(given)) return false;
  const givenBytes = Buffer.from(given, 'utf8');
  return (Buffer.isBuffer(key) ? [key] : key).some((k) => timingSafeEqual(Buffer.from(macOf(k, purpose, fields, names), 'utf8'), givenBytes));
}

/** Form bodies and query strings as plain string fields: repeated keys keep their first value. */
export function toFields(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof input !== 'object' || input === null) return out;
  for (const [k, v] of Object.entries(input)) {
    if (typeof v === 'string') out[k] = v;
    else if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[0];
  }
  return out;
}
