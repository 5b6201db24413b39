import { describe, expect, it } from 'vitest';
import { createSigner } from 'fast-jwt';
import { peek, sign, verify } from './jwt.js';
import { ApiError } from './errors.js';
import { safeEqual, SecretBox } from './crypto.js';

const secret = 'a-secret';
const exp = () => Math.floor(Date.now() / 1000) + 60;
const fails = (fn: () => unknown, status: number, message: RegExp) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).statusCode).toBe(status);
    expect((e as ApiError).message).toMatch(message);
    return;
  }
  throw new Error('did not fail');
};

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** The base64url character whose 6-bit value differs in its lowest bit. */
const flipLowBit = (c: string) => B64URL[B64URL.indexOf(c) ^ 1]!;

describe('HS256 tokens', () => {
  it('sign → verify round-trips with header {alg: HS256, typ: JWT}', () => {
    const t = sign({ accessKey: 'k', exp: exp() }, secret);
    expect(peek(t).header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(verify(t, secret)).toMatchObject({ accessKey: 'k' });
  });

  it('refuses other algorithms, typ, signatures, expiry and a missing exp', () => {
    fails(() => peek(createSigner({ key: secret, algorithm: 'HS384' })({ exp: exp() })), 401, /header.alg must be HS256/);
    fails(() => peek('eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.e30.'), 401, /header.alg must be HS256/);
    fails(() => peek('eyJhbGciOiJIUzI1NiJ9.e30.c2ln'), 401, /header.typ must be JWT/);
    fails(() => verify(sign({ exp: exp() }, 'other'), secret), 403, /^INVALID_TOKEN: the signature does not match the secret key of access key /);
    fails(() => verify(sign({ exp: Math.floor(Date.now() / 1000) - 10 }, secret), secret), 401, /TOKEN_EXPIRED/);
    fails(() => verify(sign({ a: 1 }, secret), secret), 401, /payload.exp is required/);
    fails(() => peek('a.b'), 401, /three dot-separated parts/);
    fails(() => peek('!!.e30.x'), 401, /header is malformed/);
  });

  it('accepts only the canonical spelling of a valid signature (no `=`, no `+`/`/`, zero padding bits)', () => {
    // A token whose signature has a `-` or `_`, so that its standard-base64 spelling differs.
    let t = '';
    for (let i = 0; !/[-_]/.test(t.split('.')[2] ?? ''); i++) t = sign({ n: i, exp: exp() }, secret);
    const [h, p, s] = t.split('.') as [string, string, string];
    expect(verify(t, secret)).toMatchObject({ exp: expect.any(Number) });
    const bytes = Buffer.from(s, 'base64url');
    // 32 bytes leave 2 unused bits in the last of 43 characters: flipping the lowest gives the same bytes.
    const respelled = [`${s}=`, bytes.toString('base64'), bytes.toString('base64').replace(/=+$/, ''), `${s.slice(0, -1)}${flipLowBit(s.slice(-1))}`];
    for (const alt of respelled) {
      expect(alt).not.toBe(s);
      expect(Buffer.from(alt, 'base64url').equals(bytes)).toBe(true); // what Buffer (and the old check) took as the same signature
      fails(() => verify(`${h}.${p}.${alt}`, secret), 403, /^INVALID_TOKEN: the signature does not match the secret key of access key /);
      fails(() => verify(`${h}.${p}.${alt}`, ['other', secret]), 403, /^INVALID_TOKEN: the signature does not match the secret key of access key /);
    }
    fails(() => verify(`${h}.${p}.${s}A`, secret), 403, /^INVALID_TOKEN: the signature does not match the secret key of access key /);
  });

  it('reads header and payload only in their canonical spelling', () => {
    let t = '';
    for (let i = 0; (t.split('.')[1] ?? '').length % 4 === 0; i++) t = sign({ n: i, exp: exp() }, secret); // a payload with padding bits
    const [h, p, s] = t.split('.') as [string, string, string];
    const alternatives: ['header' | 'payload', string][] = [
      ['header', `${h}=`],
      ['header', `${h}A`],
      ['payload', `${p}=`],
      ['payload', `${p.slice(0, -1)}${flipLowBit(p.slice(-1))}`],
    ];
    for (const [part, alt] of alternatives) {
      fails(() => peek(part === 'header' ? `${alt}.${p}.${s}` : `${h}.${alt}.${s}`), 401, new RegExp(`the token ${part} is malformed`));
    }
  });

  it("a missing exp follows the caller's policy; the signature, nbf and an exp given are checked anyway", () => {
    const noExp = sign({ a: 1 }, secret);
    expect(verify(noExp, secret, undefined, { withoutExp: 'accept' })).toMatchObject({ a: 1 });
    fails(() => verify(noExp, secret, undefined, { withoutExp: 'refuse' }), 401, /payload.exp is required/);
    fails(() => verify(noExp, secret, undefined, { withoutExp: new ApiError(401, 'mine') }), 401, /^mine$/);
    fails(() => verify(noExp, 'other', undefined, { withoutExp: 'accept' }), 403, /^INVALID_TOKEN: the signature does not match the secret key of access key /);
    fails(() => verify(sign({ nbf: exp() }, secret), secret, undefined, { withoutExp: 'accept' }), 401, /nbf/);
    fails(() => verify(sign({ iat: 'now' }, secret), secret, undefined, { withoutExp: 'accept' }), 401, /must be numbers/);
    fails(() => verify(sign({ exp: Math.floor(Date.now() / 1000) - 10 }, secret), secret, undefined, { withoutExp: 'accept' }), 401, /TOKEN_EXPIRED/);
  });
});

describe('secrets', () => {
  it('seal/open round-trips and a tampered box fails', () => {
    const box = new SecretBox('11'.repeat(32));
    const sealed = box.seal('top secret');
    expect(sealed).not.toContain('top secret');
    expect(box.open(sealed)).toBe('top secret');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => new SecretBox('short')).toThrow(/32 bytes/);
  });

  it('constant-time equality', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
