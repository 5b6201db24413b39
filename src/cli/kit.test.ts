/** The CLI's shared output rules: one plural rule, empty listings said on stderr, event names of `kassa listen`, secrets from stdin. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { listLines, plural } from './kit.js';
import { eventName } from './developer/listen.js';
import { readSecret } from './prompt.js';
import { sign } from '../platform/jwt.js';

describe('counts', () => {
  it('one rule: 1 page, 0 pages, 2 payments, 1 entry, 3 entries', () => {
    expect(plural(1, 'page')).toBe('1 page');
    expect(plural(0, 'page')).toBe('0 pages');
    expect(plural(0, 'payment')).toBe('0 payments');
    expect(plural(2, 'payment')).toBe('2 payments');
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
    expect(plural(3, 'entry', 'entries')).toBe('3 entries');
  });

  it('a listing prints its records on stdout, or says there are none on stderr', () => {
    const out: string[] = [];
    const progress: string[] = [];
    listLines({ out: (s) => out.push(s), progress: (s) => progress.push(s) }, [], 'orders', String);
    expect([out, progress]).toEqual([[], ['No orders.']]);
    listLines({ out: (s) => out.push(s), progress: (s) => progress.push(s) }, [1, 2], 'orders', (n) => `#${n}`);
    expect(out).toEqual(['#1', '#2']);
  });
});

describe('kassa listen names each event', () => {
  const body = (field: string, claims: Record<string, unknown>) => JSON.stringify({ [field]: sign(claims, 'secret') });
  it('as kassa trigger and the docs name them', () => {
    expect(eventName({ kind: 'order', body: body('orderToken', { uuid: 'o', paymentStatus: 'PAID' }) })).toBe('order.paid');
    expect(eventName({ kind: 'order', body: body('orderToken', { uuid: 'o', paymentStatus: 'ABANDONED' }) })).toBe('order.abandoned');
    expect(eventName({ kind: 'refund', body: body('refundToken', { refundStatus: 'SUCCESSFUL' }) })).toBe('refund.successful');
    expect(eventName({ kind: 'webhook', body: body('payload', { eventType: 'labelFile.ready', data: {} }) })).toBe('labelFile.ready');
    expect(eventName({ kind: 'webhook', body: body('payload', { eventType: 'shipment.statusUpdated', data: { status: 'inTransit' } }) })).toBe('shipment.statusUpdated inTransit');
    expect(eventName({ kind: 'legacy_webhook', body: body('webhook_token', { message: 'shipment_created' }) })).toBe('legacy.shipment_created');
  });
});

describe('a secret not on the command line', () => {
  const input = (text: string | null) => {
    const stdin = new PassThrough();
    if (text !== null) stdin.end(text);
    else stdin.end();
    return { stdin, prompt: () => {} };
  };
  it('is the first line of standard input when it is not a terminal', async () => {
    await expect(readSecret('password', input('a long password\r\nsecond line\n'))).resolves.toBe('a long password');
    await expect(readSecret('password', input('no newline at the end'))).resolves.toBe('no newline at the end');
  });
  it('is refused when standard input has none, or an empty line (exit 2)', async () => {
    await expect(readSecret('password', input(null))).rejects.toMatchObject({ exitCode: 2, message: 'no password: give it on standard input (one line), or at a terminal when asked' });
    await expect(readSecret('password', input('\n'))).rejects.toMatchObject({ exitCode: 2, message: 'the password is empty' });
  });
});
