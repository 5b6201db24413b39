import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CallbackPolicy, isObviouslyPrivate, isPublicAddress, postJson, PRIVATE_CALLBACK_PROBLEM, PrivateAddressError, RESPONSE_EXCERPT_BYTES, responseExcerpt } from './outbound.js';
import { Problems } from './validate.js';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['93.184.216.34', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['not-an-ip', false],
    ['172.32.0.1', true],
  ])('%s → %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });

  // Every IPv6 spelling of an IPv4 address is judged by that IPv4, or refused whole when deprecated or local.
  it.each([
    ['::ffff:7f00:1', false, 'IPv4-mapped, hex'],
    ['::FFFF:127.0.0.1', false, 'IPv4-mapped, upper case'],
    ['::ffff:a9fe:a9fe', false, 'IPv4-mapped metadata address'],
    ['::127.0.0.1', false, 'IPv4-compatible (deprecated)'],
    ['::7f00:1', false, 'IPv4-compatible, hex'],
    ['0:0:0:0:0:0:10.0.0.1', false, 'IPv4-compatible, long form'],
    ['::8.8.8.8', false, 'IPv4-compatible is refused whole'],
    ['::ffff:0:127.0.0.1', false, 'IPv4-translated (RFC 2765)'],
    ['::ffff:0:8.8.8.8', false, 'IPv4-translated is refused whole'],
    ['2002:7f00:1::', false, '6to4 of 127.0.0.1'],
    ['2002:a00:1:1::1', false, '6to4 of 10.0.0.1'],
    ['2002:a9fe:a9fe::', false, '6to4 of 169.254.169.254'],
    ['2002:c0a8:101::1', false, '6to4 of 192.168.1.1'],
    ['2002:808:808::1', true, '6to4 of 8.8.8.8'],
    ['64:ff9b::7f00:1', false, 'NAT64 well-known of 127.0.0.1'],
    ['64:ff9b::10.1.2.3', false, 'NAT64 well-known of 10.1.2.3'],
    ['64:ff9b::8.8.8.8', true, 'NAT64 well-known of 8.8.8.8'],
    ['64:ff9b:1::8.8.8.8', false, 'NAT64 local-use (RFC 8215) is refused whole'],
    ['64:ff9b:1:7f00:0:100::', false, 'NAT64 local-use /48 of 127.0.0.1'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', false, 'Teredo, client 127.0.0.1'],
    ['2001:0:808:808:8000:63bf:f7f7:f7f7', false, 'Teredo is refused whole'],
    ['2a00:1450:4001::5efe:a00:1', false, 'ISATAP interface id of 10.0.0.1'],
    ['2a00:1450:4001::200:5efe:7f00:1', false, 'ISATAP (u bit) of 127.0.0.1'],
    ['2a00:1450:4001::200:5efe:808:808', true, 'ISATAP of 8.8.8.8'],
    ['2a00:1450:4001:81c::200e', true, 'global unicast'],
    ['fec0::1', false, 'site-local'],
    ['ff02::1', false, 'multicast'],
    ['2001:db8::1', false, 'documentation'],
    ['3fff::1', false, 'documentation (RFC 9637)'],
    ['100::1', false, 'discard-only'],
    ['5f00::1', false, 'SRv6 SIDs'],
    ['4000::1', false, 'not global unicast'],
    ['fe80::1%eth0', false, 'scoped'],
    ['2606:4700:4700::1111%1', false, 'scoped global'],
  ])('%s → %s (%s)', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });
});

describe('isObviouslyPrivate', () => {
  it.each([
    ['http://localhost:3000/notify', true],
    ['https://api.localhost/x', true],
    ['http://127.0.0.1/x', true],
    ['http://[::1]:8080/', true],
    ['http://10.0.0.5/hook', true],
    ['http://169.254.169.254/latest/meta-data', true],
    ['http://[::127.0.0.1]/x', true],
    ['http://[::ffff:127.0.0.1]/x', true],
    ['http://[::ffff:0:127.0.0.1]/x', true],
    ['http://[2002:7f00:1::]/x', true],
    ['http://[2002:a9fe:a9fe::1]/latest', true],
    ['http://[64:ff9b::169.254.169.254]/latest', true],
    ['https://[2002:808:808::1]/x', false],
    ['https://shop.example/notify', false],
    ['http://8.8.8.8/x', false],
    ['not a url', false],
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
    await expect(postJson(`http://localhost:${port}/`, '{}', { timeoutMs: 2000, allowPrivate: false })).rejects.toThrow(/^refused: localhost is a private or special address/);
    await expect(postJson(`http://[::1]:${port}/`, '{}', { timeoutMs: 2000, allowPrivate: false })).rejects.toThrow(PrivateAddressError);
    expect(bodies.length).toBe(before);
  });

  it('refuses every IPv6 spelling of a private IPv4 given literally', async () => {
    for (const literal of ['[::127.0.0.1]', '[::ffff:7f00:1]', '[2002:7f00:1::]', '[64:ff9b::7f00:1]']) {
      await expect(postJson(`http://${literal}:${port}/`, '{}', { timeoutMs: 500, allowPrivate: false })).rejects.toThrow(PrivateAddressError);
    }
  });

  it('refuses a host name that resolves to one (the check runs on the address connected to)', async () => {
    const lookup = dns.lookup;
    const spy = vi
      .spyOn(dns, 'lookup')
      .mockImplementation(((host: string, options: dns.LookupOptions, cb: (...a: unknown[]) => void) =>
        host === 'sixtofour.example' ? cb(null, [{ address: '2002:7f00:1::', family: 6 }]) : lookup(host, options, cb as never)) as never);
    try {
      await expect(postJson(`http://sixtofour.example:${port}/`, '{}', { timeoutMs: 500, allowPrivate: false })).rejects.toThrow(
        'refused: sixtofour.example is a private or special address (2002:7f00:1::)',
      );
    } finally {
      spy.mockRestore();
    }
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
