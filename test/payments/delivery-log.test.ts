/** The warning about a failed delivery names the URL it went to, with its credentials redacted (issue 12). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, orderPayload, type TestApp } from '../support/app.js';
import { startReceiver, type Receiver } from '../support/receiver.js';

let t: TestApp;
let rx: Receiver;
beforeAll(async () => {
  t = await createTestApp();
  rx = await startReceiver();
});
afterAll(async () => {
  await rx.close();
  await t.close();
});

describe('a failed notification is logged with its URL, tokens redacted', () => {
  it('warns with the receiver URL: host and path kept, userinfo and token values replaced by [redacted]', async () => {
    const target = new URL(rx.url);
    target.username = 'shop';
    target.password = 'hunter2';
    target.pathname = '/hooks/kassa';
    target.search = '?webhook_token=wt-SECRET-1&order-token=ot-SECRET-2&token=t-SECRET-3&shop=42';
    const created = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/orders',
      payload: { data: t.token(orderPayload({ notificationUrl: target.href })) },
    });
    expect(created.statusCode).toBe(201);
    const paid = await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${created.json().uuid}/pay`, headers: t.bearer(), payload: {} });
    expect(paid.statusCode).toBe(200);

    rx.respond.status = 500;
    const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
    const delivery = t.services.notificationDelivery({
      timeoutMs: 2000,
      log: { info() {}, warn: (obj, msg) => warnings.push({ obj: obj as Record<string, unknown>, msg }), error() {} },
    });
    try {
      expect(await delivery.drain()).toBe(1);
    } finally {
      await delivery.stop();
    }
    expect(rx.received).toHaveLength(1);
    expect(warnings).toHaveLength(1);
    const [w] = warnings;
    const expected = `http://[redacted]@${target.host}/hooks/kassa?webhook_token=[redacted]&order-token=[redacted]&token=[redacted]&shop=42`;
    expect(w!.obj.url).toBe(expected);
    expect(w!.msg).toContain(expected);
    expect(w!.obj).toMatchObject({ status: 500, outcome: 'retry' });
    const logged = JSON.stringify(w);
    for (const secret of ['hunter2', 'SECRET', 'shop:']) expect(logged).not.toContain(secret);
  });
});
