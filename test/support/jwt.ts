/** HS256 tokens made and checked with node:crypto alone, as a merchant without a JWT library would. */
import { createHmac } from 'node:crypto';
import { expect } from 'vitest';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

export function handSigned(payload: object, secret: string): string {
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** Checks header and signature, returns the claims. */
export function handVerified(token: string, secret: string): Record<string, unknown> {
  const [h, p, s] = token.split('.');
  expect(JSON.parse(Buffer.from(h!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
  expect(createHmac('sha256', secret).update(`${h}.${p}`).digest('base64url')).toBe(s);
  return JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
}
