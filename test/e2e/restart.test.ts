/**
 * As a new user would: a real server process, a store made by the CLI, an order created with a
 * hand-signed HS256 token, paid through the sandbox test helper. The merchant's receiver is down;
 * the server is killed with SIGKILL and started again; once the receiver is back (and the sandbox
 * clock moved past the retry delay) the notification arrives and verifies.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { externalDatabaseEnv } from '../support/app.js';
import { handSigned, handVerified } from '../support/jwt.js';
import { startReceiver } from '../support/receiver.js';
import { cli, embeddedDatabaseUrl, freePort, startServer, type ServerProcess } from '../support/server.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-e2e-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('delivers a notification across SIGKILL and restart once the receiver is back', { timeout: 120_000 }, async () => {
  const external = inject('dbTarget') === 'postgres';
  const env: Record<string, string> = { KASSA_DATA_DIR: dataDir, PORT: String(await freePort()) };
  if (external) Object.assign(env, await externalDatabaseEnv());
  server = await startServer(env);
  if (!external) expect(server.output()).toContain('Kassa demo store created');

  const created = JSON.parse(await cli(['stores', 'create', '--name', 'My shop', '--json'], { KASSA_URL: server.url, KASSA_DATA_DIR: dataDir }));
  expect(Object.keys(created).sort()).toEqual(['name', 'production', 'sandbox', 'uuid']);
  expect(created.name).toBe('My shop');
  const { accessKey, secretKey } = created.sandbox;

  const rx = await startReceiver();
  const rxPort = rx.port;
  await rx.close(); // the merchant's receiver is down
  const now = Math.floor(Date.now() / 1000);
  const res = await fetch(`${server.url}/sandbox/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      data: handSigned(
        {
          accessKey,
          merchantReference: 'E2E-1',
          returnUrl: 'https://shop.example/return',
          notificationUrl: `http://127.0.0.1:${rxPort}/notify`,
          grandTotal: 25.9,
          currency: 'EUR',
          locale: 'et',
          exp: now + 600,
          payment: { method: 'cardPayments', amount: 25.9, currency: 'EUR' },
        },
        secretKey,
      ),
    }),
  });
  expect(res.status).toBe(201);
  const order = (await res.json()) as { uuid: string; paymentStatus: string };
  const bearer = { authorization: `Bearer ${handSigned({ accessKey, exp: now + 600 }, secretKey)}` };
  const read = await (await fetch(`${server.url}/sandbox/api/orders/${order.uuid}`, { headers: bearer })).json();
  expect(read).toMatchObject({ uuid: order.uuid, paymentStatus: 'PENDING', grandTotal: '25.90' });

  const paid = await fetch(`${server.url}/sandbox/api/test-helpers/orders/${order.uuid}/pay`, {
    method: 'POST',
    headers: { ...bearer, 'content-type': 'application/json' },
    body: '{}',
  });
  const { redirectUrl } = (await paid.json()) as { redirectUrl: string };
  expect(handVerified(new URL(redirectUrl).searchParams.get('order-token')!, secretKey)).toMatchObject({ uuid: order.uuid, paymentStatus: 'PAID', accessKey });

  // The first attempt fails against the closed port; then the server dies without warning.
  const db = new pg.Client({ connectionString: external ? env.DATABASE_URL : embeddedDatabaseUrl(dataDir) });
  await db.connect();
  const attempted = async () =>
    (await db.query(`SELECT count(*)::int AS n FROM notification_attempts a JOIN notifications n ON n.id = a.notification_id WHERE n.subject_id = $1`, [order.uuid])).rows[0].n as number;
  for (let i = 0; i < 100 && (await attempted()) === 0; i++) await new Promise((r) => setTimeout(r, 100));
  expect(await attempted()).toBe(1);
  await db.end();
  await server.stop('SIGKILL');

  server = await startServer(env);
  const back = await startReceiver(rxPort);
  try {
    await fetch(`${server.url}/sandbox/api/test-helpers/clock/advance`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ minutes: 1 }),
    });
    for (let i = 0; i < 100 && back.received.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(back.received).toHaveLength(1);
    const token = back.received[0]!.body.orderToken as string;
    expect(back.received[0]!.url.searchParams.get('order-token')).toBe(token);
    expect(handVerified(token, secretKey)).toMatchObject({ uuid: order.uuid, accessKey, paymentStatus: 'PAID', grandTotal: 25.9 });
  } finally {
    await back.close();
  }
});
