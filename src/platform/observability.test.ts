import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions, safeUrl } from './observability.js';
import { loadConfig, ConfigError } from '../config.js';

describe('logs never carry secrets', () => {
  it('redacts secrets, tokens and card data, and masks tokens in URLs', () => {
    let out = '';
    const sink = new Writable({ write(c, _e, cb) { out += c.toString(); cb(); } });
    const log = pino(loggerOptions('info'), sink);
    log.info({ secretKey: 's3cr3t', store: { secretKey: 's3cr3t2' }, body: { data: 'eyJhbGc.jwt.sig', cardNumber: '4242424242424242', cvc: '123' } }, 'x');
    log.info({ req: { method: 'GET', url: '/return?order-token=eyJ.a.b&x=1', headers: { authorization: 'Bearer eyJ' } } }, 'y');
    for (const secret of ['s3cr3t', 'eyJhbGc', '4242424242424242', '"123"', 'eyJ.a.b']) expect(out).not.toContain(secret);
    expect(safeUrl('/r?order-token=abc&cart=7')).toBe('/r?order-token=[Redacted]&cart=7');
  });
});

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, paymentsPath: '/api', paymentsSandboxPath: '/sandbox/api', databaseUrl: undefined, role: 'all' });
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });
  it('refuses bad values with the variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ KASSA_ROLE: 'boss' })).toThrow(/KASSA_ROLE/);
    expect(() => loadConfig({ KASSA_PAYMENTS_PATH: 'api' })).toThrow(/KASSA_PAYMENTS_PATH/);
    expect(() => loadConfig({ KASSA_PAYMENTS_PATH: '/x', KASSA_PAYMENTS_SANDBOX_PATH: '/x' })).toThrow(/must differ/);
  });
});
