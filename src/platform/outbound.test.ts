import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CallbackPolicy, isObviouslyPrivate, isPublicAddress, postJson, PRIVATE_CALLBACK_PROBLEM, PrivateAddressError, RESPONSE_EXCERPT_BYTES, responseExcerpt } from './outbound.js';
import { Problems } from './validate.js';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true], ['1.1.1.1', true], ['93.184.216.34', true], ['2606:4700:4700::1111', true],
    ['127.0.0.1', false], ['10.1.2.3', false], ['172.16.0.1', false], ['172.31.255.255', false], ['192.168.1.1', false],
    ['169.254.169.254', false], ['100.64.0.1', false], ['0.0.0.0', false], ['224.0.0.1', false], ['255.255.255.255', false],
    ['::1', false], ['::', false], ['fe80::1', false], ['fd00::1', false], ['::ffff:127.0.0.1', false], ['::ffff:8.8.8.8', true],
    ['not-an-ip', false], ['172.32.0.1', true],
  ])('%s → %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });
});

describe('isObviouslyPrivate', () => {
  it.each([
    ['http://localhost:3000/notify', true], ['https://api.localhost/x', true], ['http://127.0.0.1/x', true], ['http://[::1]:8080/', true],
    ['http://10.0.0.5/hook', true], ['http://169.254.169.254/latest/meta-data', true],
    ['https://shop.example/notify', false], ['http://8.8.8.8/x', false], ['not a url', false],
  ])('%s → %s', (url, expected) => {
    expect(isObviouslyPrivate(url)).toBe(expected);
  });
});

describe('postJson', () => {
  let server: http.Server;
  let port = 0;
  const bodies: string[] = [];
  const endlessClosed: boolean[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let b = '';
      req.on('data', (d) => (b += d));
      req.on('end', () => {
        bodies.push(b);
        if (req.url === '/slow') return setTimeout(() => res.end(), 1000);
        if (req.url === '/endless') {
          // An answer that never ends: NUL, a control character, an invalid byte, then 64 KiB chunks until the client hangs up.
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.write(Buffer.concat([Buffer.from('bad\u0000\u0007 '), Buffer.from([0xff, 0xfe]), Buffer.from(' ünï\r\n')]));
          const chunk = Buffer.alloc(64 * 1024, 'x');
          const pump = () => {
            while (!res.destroyed && res.write(chunk));
            if (!res.destroyed) res.once('drain', pump);
          };
          res.on('close', () => endlessClosed.push(true));
          return pump();
        }
        res.writeHead(req.url === '/created' ? 201 : 200).end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('POSTs JSON and answers the status when private addresses are allowed', async () => {
    expect(await postJson(`http://127.0.0.1:${port}/created`, '{"a":1}', { timeoutMs: 2000, allowPrivate: true })).toMatchObject({ status: 201, excerpt: 'ok' });
    expect(bodies.at(-1)).toBe('{"a":1}');
  });

  it('refuses private addresses otherwise, literal or resolved, before sending anything', async () => {
    const before = bodies.length;
    await expect(postJson(`http://127.0.0.1:${port}/`, '{}', { timeoutMs: 2000, allowPrivate: false })).rejects.toThrow(PrivateAddressError);
    await expect(postJson(`http://localhost:${port}/`, '{}', { timeoutMs: 2000, allowPrivate: false })).rejects.toThrow(
      /^refused: localhost is a private or special address/,
    );
    await expect(postJson(`http://[::1]:${port}/`, '{}', { timeoutMs: 2000, allowPrivate: false })).rejects.toThrow(PrivateAddressError);
    expect(bodies.length).toBe(before);
  });

  it('a connection kept alive for an allowed call never carries a refused one to the same host', async () => {
    expect(await postJson(`http://localhost:${port}/`, '{}', { timeoutMs: 2000, allowPrivate: true })).toMatchObject({ status: 200 });
    const before = bodies.length;
    await expect(postJson(`http://localhost:${port}/`, '{}', { timeoutMs: 2000, allowPrivate: false })).rejects.toThrow(PrivateAddressError);
    expect(bodies.length).toBe(before);
  });

  it('keeps the first 1 KiB of an endless answer as clean text, and stops reading there', async () => {
    const answer = await postJson(`http://127.0.0.1:${port}/endless`, '{}', { timeoutMs: 5000, allowPrivate: true });
    expect(answer.status).toBe(500);
    expect(answer.excerpt.startsWith('bad \ufffd\ufffd ünï\r\nxxx')).toBe(true);
    expect(answer.excerpt).toHaveLength(RESPONSE_EXCERPT_BYTES - 2 - 2); // NUL and BEL gone; ü and ï are 2 bytes each, one character each
    await vi.waitFor(() => expect(endlessClosed).toEqual([true])); // the receiver saw its connection end
  });

  it('drops a character cut by the limit instead of showing a broken one', () => {
    const bytes = Buffer.concat([Buffer.alloc(1022, 'a'), Buffer.from('€')]).subarray(0, 1024); // € is 3 bytes: 2 fit
    expect(responseExcerpt(bytes)).toBe('a'.repeat(1022));
  });

  it('gives up after the timeout', async () => {
    await expect(postJson(`http://127.0.0.1:${port}/slow`, '{}', { timeoutMs: 200, allowPrivate: true })).rejects.toThrow('timed out after 200 ms');
  });
});

describe('CallbackPolicy (the one rule for merchants’ callback URLs)', () => {
  const strict = new CallbackPolicy(false);
  const open = new CallbackPolicy(true);

  it('refuses an obviously private production URL, unless the deployment allows private callbacks', () => {
    expect(strict.refuses('http://127.0.0.1:8080/hook', 'production')).toBe(true);
    expect(strict.refuses('http://localhost/hook', 'production')).toBe(true);
    expect(strict.refuses('https://shop.example/hook', 'production')).toBe(false);
    expect(open.refuses('http://127.0.0.1:8080/hook', 'production')).toBe(false);
  });

  it('lets the sandbox call the merchant’s own machine', () => {
    expect(strict.refuses('http://127.0.0.1:8080/hook', 'sandbox')).toBe(false);
    expect(strict.allowsPrivateAddress('sandbox')).toBe(true);
    expect(strict.allowsPrivateAddress('production')).toBe(false);
    expect(open.allowsPrivateAddress('production')).toBe(true);
  });

  it('names the field in one wording, as a problem or a 400', () => {
    const p = new Problems();
    strict.check('http://10.0.0.1/x', 'production', 'notificationUrl', p);
    strict.check(undefined, 'production', 'other', p);
    expect(() => p.throwIfAny()).toThrow(/notificationUrl/);
    expect(() => strict.assert('http://10.0.0.1/x', 'production', 'url')).toThrow(PRIVATE_CALLBACK_PROBLEM);
    expect(() => strict.assert('https://shop.example/x', 'production', 'url')).not.toThrow();
  });
});
