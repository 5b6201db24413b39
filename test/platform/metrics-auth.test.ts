/**
 * GET /metrics is not public: it takes `Authorization: Bearer` with KASSA_METRICS_TOKEN (what a
 * Prometheus scrape_config sends) or the operator token; anything else is a 401 in the spec's shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../support/app.js';

const METRICS_TOKEN = 'metrics-token-for-prometheus-0123456789';

describe('GET /metrics', () => {
  let t: TestApp;
  let bare: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ KASSA_METRICS_TOKEN: METRICS_TOKEN });
    bare = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
  });

  const get = (app: TestApp, authorization?: string) => app.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });

  it.each([
    ['no Authorization', undefined],
    ['an empty Bearer', 'Bearer '],
    ['a wrong token', 'Bearer not-the-token'],
    ['the metrics token with one character more', `Bearer ${METRICS_TOKEN}x`],
    ['the metrics token as Basic', `Basic ${Buffer.from(`prometheus:${METRICS_TOKEN}`).toString('base64')}`],
  ])('refuses %s: 401 in the spec shape, with WWW-Authenticate', async (_name, authorization) => {
    const res = await get(t, authorization);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="kassa-metrics"');
    expect(res.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'metrics need Authorization: Bearer <KASSA_METRICS_TOKEN or the operator token>',
      code: 'KASSA_ERR_UNAUTHORIZED',
      docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_UNAUTHORIZED',
    });
    expect(res.body).not.toContain('kassa_http_request_duration_seconds');
  });

  it("refuses a store's valid Bearer JWT", async () => {
    expect((await get(t, t.bearer().authorization)).statusCode).toBe(401);
  });

  it.each([
    ['the metrics token', `Bearer ${METRICS_TOKEN}`],
    ['the operator token', `Bearer ${ADMIN_TOKEN}`],
  ])('answers %s with the text format', async (_name, authorization) => {
    const res = await get(t, authorization);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE kassa_http_request_duration_seconds histogram');
    expect(res.body).toContain('kassa_notifications_pending');
  });

  it('without KASSA_METRICS_TOKEN takes the operator token only', async () => {
    expect((await get(bare)).statusCode).toBe(401);
    expect((await get(bare, `Bearer ${METRICS_TOKEN}`)).statusCode).toBe(401);
    expect((await get(bare, `Bearer ${ADMIN_TOKEN}`)).statusCode).toBe(200);
  });

  it('/healthz and /readyz stay public (load balancers and orchestrators probe them without credentials)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
