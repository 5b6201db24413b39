/**
 * The transition tables of orders, payment intents and refunds hold in the database too: each
 * store write carries the table's guard in its statement, so a move the table refuses leaves the
 * row as it was (and the write throws), whoever calls it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransitionError } from '../../src/platform/state-machine.js';
import * as orders from '../../src/payments/orders/store.js';
import * as refunds from '../../src/payments/refunds/store.js';
import { createTestApp, orderPayload, type TestApp } from '../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const nowS = () => Math.floor(Date.now() / 1000);
const card = { method: 'cardPayments', amount: 100, currency: 'EUR' };

async function newOrder(): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload({ grandTotal: 100, payment: card })) } });
  expect(res.statusCode).toBe(201);
  return res.json().uuid as string;
}

async function paidOrder(): Promise<string> {
  const uuid = await newOrder();
  const paid = await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${uuid}/pay`, headers: t.bearer(), payload: {} });
  expect(paid.json().order.paymentStatus).toBe('PAID');
  expect((await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/settle', headers: t.bearer() })).statusCode).toBe(200);
  return uuid;
}

async function refund(orderUuid: string, amount: number): Promise<string> {
  const payload = { orderUuid, amount, idempotencyKey: `guard-${Math.random().toString(36).slice(2)}`, iat: nowS() };
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/refunds', payload: { data: t.token(payload) } });
  expect(res.statusCode).toBe(201);
  await t.services.refunds.drain();
  return res.json().uuid as string;
}

const orderRow = async (id: string) =>
  (await t.db.query<{ status: string; paid_at: Date | null; updated_at: Date; grand_total: string }>('SELECT status, paid_at, updated_at, grand_total FROM orders WHERE id = $1', [id])).rows[0]!;
const intentRows = async (orderId: string) =>
  (await t.db.query<{ id: string; status: string; failure_reason: string | null }>('SELECT id, status, failure_reason FROM payment_intents WHERE order_id = $1 ORDER BY created_at', [orderId])).rows;
const refundRow = async (id: string) =>
  (await t.db.query<{ status: string; status_description: string | null; updated_at: Date }>('SELECT status, status_description, updated_at FROM refunds WHERE id = $1', [id])).rows[0]!;

describe('order table in the database', () => {
  it('a refunded order cannot become PAID, nor PARTIALLY_REFUNDED again: the row stays as it was', async () => {
    await paidOrder(); // another sale: the card fee kept on one order leaves it short of its own full refund
    const uuid = await paidOrder();
    await refund(uuid, 100);
    const before = await orderRow(uuid);
    expect(before.status).toBe('REFUNDED');

    await expect(orders.markPaid(t.db, uuid, { senderIban: null, senderName: null, providerName: null })).rejects.toThrow(TransitionError);
    await expect(orders.setRefundedStatus(t.db, uuid, 'PARTIALLY_REFUNDED')).rejects.toThrow('were not in PAID or PARTIALLY_REFUNDED');
    expect(await orderRow(uuid)).toEqual(before);
  });

  it('a PENDING order cannot be marked refunded; a paid one cannot be rewritten back to PENDING', async () => {
    const pending = await newOrder();
    const before = await orderRow(pending);
    await expect(orders.setRefundedStatus(t.db, pending, 'REFUNDED')).rejects.toThrow(TransitionError);
    expect(await orderRow(pending)).toEqual(before);

    const paid = await paidOrder();
    const paidBefore = await orderRow(paid);
    const input = { ...(await t.services.orders.getById(paid))! };
    await expect(
      orders.updateOrderFromInput(t.db, paid, {
        merchantReference: 'x',
        merchantReferenceDisplay: 'x',
        returnUrl: input.return_url,
        notificationUrl: input.notification_url,
        grandTotal: 1,
        currency: input.currency,
        locale: input.locale,
        method: input.payment_method,
        methodDisplay: null,
        methodOptions: {},
        billingAddress: null,
        shippingAddress: null,
        lineItems: null,
        sessionUuid: null,
        paymentIntentUuid: null,
        expiresIn: 10,
      }),
    ).rejects.toThrow(TransitionError);
    expect(await orderRow(paid)).toEqual(paidBefore);
  });
});

describe('payment intent table in the database', () => {
  it('a PAID intent cannot become FAILED (nor be rebound): the row stays PAID', async () => {
    const uuid = await paidOrder();
    const [intent] = await intentRows(uuid);
    expect(intent).toMatchObject({ status: 'PAID', failure_reason: null });
    await expect(orders.updateIntent(t.db, intent!.id, { status: 'FAILED', processor: 'x', failureReason: 'late decline' })).rejects.toThrow(TransitionError);
    await expect(orders.updateIntent(t.db, intent!.id, { status: 'PENDING', processor: 'x', processorReference: 'y' })).rejects.toThrow(TransitionError);
    expect(await intentRows(uuid)).toEqual([intent]);
  });
});

describe('refund table in the database', () => {
  it('a SUCCESSFUL refund cannot be cancelled or go back to PENDING: the row stays as it was', async () => {
    await paidOrder();
    const uuid = await paidOrder();
    const id = await refund(uuid, 30);
    const before = await refundRow(id);
    expect(before.status).toBe('SUCCESSFUL');
    await expect(refunds.setRefundStatus(t.db, id, { status: 'CANCELED', description: null, retryInMs: null })).rejects.toThrow(TransitionError);
    await expect(refunds.setRefundStatus(t.db, id, { status: 'PENDING', description: 'INSUFFICIENT_FUNDS', retryInMs: 1000 })).rejects.toThrow(TransitionError);
    expect(await refundRow(id)).toEqual(before);
    expect((await orderRow(uuid)).status).toBe('PARTIALLY_REFUNDED');
  });
});
