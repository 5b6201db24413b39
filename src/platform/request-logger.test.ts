import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { loggerOptions, requestLoggerFactory } from './observability.js';

/** An app logging JSON lines into `lines` at `level`, with the request logger of app.ts (or Fastify's own when `lazy` is false). */
function appWith(level: string, lazy = true) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(loggerOptions(level), { write: (l: string) => void lines.push(JSON.parse(l) as Record<string, unknown>) });
  const child = vi.spyOn(logger, 'child');
  const app = Fastify({ loggerInstance: logger, ...(lazy ? { childLoggerFactory: requestLoggerFactory } : {}) });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  app.get('/note', async (req) => {
    req.log.warn({ secretKey: 's3cr3t' }, 'a note');
    return { ok: true };
  });
  return { app, lines, child };
}

/** A line without what differs from run to run. */
const stable = ({ time: _t, responseTime: _r, pid: _p, hostname: _h, ...rest }: Record<string, unknown>) => rest;

describe("a request's logger", () => {
  it('is not made for a request that logs nothing (warn: a successful request)', async () => {
    const { app, lines, child } = appWith('warn');
    await app.ready();
    child.mockClear();
    for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'GET', url: '/ok' })).statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('still writes error and warning lines with the request id, redacted', async () => {
    const { app, lines } = appWith('warn');
    await app.inject({ method: 'GET', url: '/ok' });
    expect((await app.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
    await app.inject({ method: 'GET', url: '/note' });
    expect(lines.map((l) => [l.level, l.msg, l.reqId])).toEqual([
      [50, 'boom', 'req-2'],
      [40, 'a note', 'req-3'],
    ]);
    expect(JSON.stringify(lines)).not.toContain('s3cr3t');
  });

  it("writes the same lines as Fastify's own child logger (info: the access log)", async () => {
    const runs = [];
    for (const lazy of [true, false]) {
      const { app, lines } = appWith('info', lazy);
      for (const url of ['/ok?token=t1&x=1', '/boom', '/note']) await app.inject({ method: 'GET', url, headers: { authorization: 'Bearer eyJ' } });
      runs.push(lines.map(stable));
    }
    expect(runs[0]!.length).toBe(8); // incoming and completed of each, the error's line and the note
    expect(runs[0]).toEqual(runs[1]);
  });
});
