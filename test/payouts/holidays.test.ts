/**
 * Settlement and payout dates skip the settlement country's holidays (src/ledger/calendar.ts), in
 * the sandbox as in production: a card payment made on 23 December in an Estonian store settles,
 * and its payout to an Estonian IBAN is expected, on the first weekday after Christmas (24, 25 and
 * 26 December are Estonian public holidays), not on 24 December.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, orderPayload, type TestApp } from '../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const DAY_MS = 86_400_000;
/** Estonia's Christmas holidays (Riigipühade ja tähtpäevade seadus § 2: jõululaupäev, esimene ja teine jõulupüha). */
const EE_CHRISTMAS = ['12-24', '12-25', '12-26'];

/** The first day after `d` that is neither a weekend nor one of Estonia's Christmas days (YYYY-MM-DD). */
function firstWorkdayAfterChristmas(d: Date): string {
  let t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) + DAY_MS;
  for (;;) {
    const day = new Date(t);
    const iso = day.toISOString().slice(0, 10);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6 && !EE_CHRISTMAS.includes(iso.slice(5))) return iso;
    t += DAY_MS;
  }
}

it('a payment of 23 December settles, and its payout arrives, after Christmas (EE)', async () => {
  const store = await t.createStore({ name: 'Jõulupood', country: 'EE', sandboxSettlement: 'realistic' });
  const bearer = t.bearer({ store });
  const helper = (path: string, payload: object = {}) => t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/${path}`, headers: bearer, payload });

  // The store's sandbox clock to the next 23 December, 12:00 UTC.
  const now = new Date(((await t.app.inject({ method: 'GET', url: '/sandbox/api/test-helpers/clock', headers: bearer })).json() as { now: string }).now);
  let eve = Date.UTC(now.getUTCFullYear(), 11, 23, 12);
  if (eve <= now.getTime()) eve = Date.UTC(now.getUTCFullYear() + 1, 11, 23, 12);
  const moved = await helper('clock/advance', { seconds: Math.ceil((eve - now.getTime()) / 1000) });
  expect(moved.statusCode, moved.body).toBe(200);
  const at = new Date((moved.json() as { now: string }).now);
  expect(at.toISOString().slice(5, 10)).toBe('12-23');
  const expected = firstWorkdayAfterChristmas(at);

  const order = await t.app.inject({
    method: 'POST',
    url: '/sandbox/api/orders',
    payload: { data: t.token(orderPayload({ grandTotal: 100, payment: { method: 'cardPayments', amount: 100, currency: 'EUR' } }), { store }) },
  });
  expect(order.statusCode, order.body).toBe(201);
  const uuid = (order.json() as { uuid: string }).uuid;
  expect((await helper(`orders/${uuid}/pay`)).statusCode).toBe(200);

  // Cards settle one business day later (ledger/chart.ts): the first Estonian business day after 23 December.
  const { rows } = await t.db.query<{ settles_at: Date }>(`SELECT settles_at FROM ledger_transactions WHERE order_id = $1 AND kind = 'payment'`, [uuid]);
  expect(rows[0]!.settles_at.toISOString().slice(0, 10)).toBe(expected);

  // Settled now (the sandbox's helper), paid out on 23 December to the sandbox's Estonian IBAN: expected after Christmas.
  expect((await helper('settle')).statusCode).toBe(200);
  const payouts = (await helper('payouts/run')).json().payouts as { iban: string; expectedArrivalDate: string }[];
  expect(payouts).toHaveLength(1);
  expect(payouts[0]!.iban.slice(0, 2)).toBe('EE');
  expect(payouts[0]!.expectedArrivalDate).toBe(expected);
});
