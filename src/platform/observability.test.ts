import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createLogger, logFormat, loggerOptions, prettyLine, redactUrl, safeUrl } from './observability.js';
import { loadConfig, ConfigError } from '../config.js';

describe('logs never carry secrets', () => {
  it('redacts secrets, tokens and card data, and masks tokens in URLs', () => {
    let out = '';
    const sink = new Writable({
      write(c, _e, cb) {
        out += c.toString();
        cb();
      },
    });
    const log = pino(loggerOptions('info'), sink);
    log.info({ secretKey: 's3cr3t', store: { secretKey: 's3cr3t2' }, body: { data: 'eyJhbGc.jwt.sig', cardNumber: '4242424242424242', cvc: '123' } }, 'x');
    log.info({ req: { method: 'GET', url: '/return?order-token=eyJ.a.b&x=1', headers: { authorization: 'Bearer eyJ' } } }, 'y');
    for (const secret of ['s3cr3t', 'eyJhbGc', '4242424242424242', '"123"', 'eyJ.a.b']) expect(out).not.toContain(secret);
    expect(safeUrl('/r?order-token=abc&cart=7')).toBe('/r?order-token=[Redacted]&cart=7');
  });
});

describe('log lines: human at a terminal, JSON otherwise', () => {
  it('decides by whether stdout is a terminal', () => {
    expect(logFormat(true)).toBe('human');
    expect(logFormat(false)).toBe('json');
    expect(logFormat(undefined)).toBe('json'); // a pipe or a file has no isTTY at all
  });

  const capture = (isTTY: boolean | undefined) => {
    let out = '';
    const stdout = Object.assign(
      new Writable({
        write(c, _e, cb) {
          out += c.toString();
          cb();
        },
      }),
      { isTTY },
    );
    return { stdout, text: () => out };
  };

  it('a terminal gets one pino-pretty line per entry, durations rounded, secrets still redacted', async () => {
    const { stdout, text } = capture(true);
    const opts = loggerOptions('info', stdout);
    expect(opts.stream).toBeDefined();
    const log = pino(opts, opts.stream);
    log.warn({ notification: 'n-1', attempt: 2, secretKey: 's3cr3t', error: 'answered 500' }, 'notification not delivered');
    log.info({ reqId: 'req-1', res: { statusCode: 200 }, responseTime: 12.3456 }, 'request completed');
    log.info({ durationMs: 1499.5 }, 'plain');
    await new Promise((r) => setImmediate(r));
    // eslint-disable-next-line no-control-regex
    const lines = text()
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .filter(Boolean);
    expect(lines).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: notification not delivered \{"notification":"n-1","attempt":2,"secretKey":"\[Redacted\]","error":"answered 500"\}$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request completed \{"reqId":"req-1","res":\{"statusCode":200\},"responseTime":"12 ms"\}$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: plain \{"durationMs":"1500 ms"\}$/),
    ]);
    expect(text()).not.toContain('s3cr3t');
    expect(text()).not.toContain('{"level"');
  });

  it('anything else gets JSON lines', () => {
    const { stdout } = capture(undefined);
    expect('stream' in loggerOptions('info', stdout)).toBe(false);
    expect('stream' in loggerOptions('info')).toBe(false);
    const { stdout: tty, text } = capture(true);
    createLogger('info', tty).info({ a: 1 }, 'via createLogger');
    return new Promise<void>((r) =>
      setImmediate(() => {
        // eslint-disable-next-line no-control-regex
        expect(text().replace(/\u001b\[[0-9;]*m/g, '')).toMatch(/INFO: via createLogger \{"a":1\}\n$/);
        r();
      }),
    );
  });

  it('formats an entry: local time, level, message, fields; an error with its stack; colours only when asked', () => {
    const time = new Date(2026, 0, 2, 3, 4, 5, 67).getTime();
    const entry = { level: 50, time, pid: 1, hostname: 'h', msg: 'boom', err: { type: 'Error', message: 'no db', stack: 'Error: no db\n    at x' }, store: 'a b' };
    const line = prettyLine(false)(entry);
    expect(line).toMatch(/^\[03:04:05\.067\] ERROR: boom \{"store":"a b"\}\n {4}err: \{/);
    expect(line).toContain('Error: no db\n');
    expect(line).not.toMatch(/pid|hostname|\u001b/);
    expect(prettyLine(true)(entry)).toContain('\u001b[');
  });
});

describe('URLs in log lines', () => {
  it('replaces token values and userinfo by [redacted], keeping the rest as written', () => {
    expect(redactUrl('https://shop.example/hook?webhook_token=abc&x=1')).toBe('https://shop.example/hook?webhook_token=[redacted]&x=1');
    expect(redactUrl('https://shop.example/r?order-token=eyJ.a.b&cart=7&token=t1')).toBe('https://shop.example/r?order-token=[redacted]&cart=7&token=[redacted]');
    expect(redactUrl('https://user:pa:ss@shop.example:8443/n?api_key=k&Signature=s')).toBe('https://[redacted]@shop.example:8443/n?api_key=[redacted]&Signature=[redacted]');
    expect(redactUrl('https://tok@shop.example/n')).toBe('https://[redacted]@shop.example/n');
    expect(redactUrl('https://shop.example/n?%74oken=x')).toBe('https://shop.example/n?%74oken=[redacted]');
    expect(redactUrl('https://shop.example/n#access_token=x&state=1')).toBe('https://shop.example/n#access_token=[redacted]&state=1');
    expect(redactUrl('https://shop.example/a@b?id=1')).toBe('https://shop.example/a@b?id=1');
    expect(redactUrl('https://shop.example/plain')).toBe('https://shop.example/plain');
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
