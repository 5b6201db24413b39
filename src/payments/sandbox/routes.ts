/**
 * Sandbox test helpers (sandbox only, Bearer JWT of the store's sandbox keys): complete a payment
 * as the hosted page would, and move the store's sandbox clock, so a merchant's CI needs no browser.
 */
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../../platform/http-auth.js';
import { Errors } from '../../platform/errors.js';
import { isUuid, uuidv7 } from '../../platform/ids.js';
import { Problems, Reader, isObject } from '../../platform/validate.js';
import type { Services } from '../../services.js';
import type { AttemptOutcome } from '../orders/service.js';
import { CHANNELS } from '../../ledger/chart.js';
import { CURRENCIES, toNumber } from '../../platform/money.js';
import { refundView } from '../refunds/view.js';
import { payoutView } from '../../payouts/view.js';
import { described, errorResponses, noBody, Security } from '../../platform/schemas.js';
import {
  AdvanceBody,
  CancelledRefund,
  ClockAnswer,
  MAX_ADVANCE_MINUTES,
  OrderUuidParams,
  OUTCOMES,
  PayAnswer,
  PayBody,
  PayoutsRunAnswer,
  RefundUuidParams,
  SettleAnswer,
  TopUpAnswer,
  TopUpBody,
} from './schema.js';

const tags = ['sandbox'];
const security = Security.bearer;
/** A token fault (401, 403 for a wrong signature), a bad field (400). */
const errors = errorResponses(400, 401, 403);

export async function sandboxRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { keys, orders, refunds, payouts, sandbox } = opts.services;

  app.post<{ Params: { orderUuid: string } }>(
    '/test-helpers/orders/:orderUuid/pay',
    {
      schema: {
        tags,
        summary: 'Finish the open payment attempt of a sandbox order with an outcome (default paid)',
        operationId: 'sandboxPayOrder',
        security,
        params: OrderUuidParams,
        body: PayBody,
        response: { 200: described('The order after the attempt, and where the shopper would be sent', PayAnswer), ...errors, ...errorResponses(404, 409) },
      },
    },
    async (req) => {
      const { key } = await keys.authenticateBearer(bearerToken(req), 'sandbox');
      if (!isUuid(req.params.orderUuid)) throw Errors.validation('orderUuid', 'must be a UUID');
      const order = await orders.get(req.params.orderUuid, key.store, 'sandbox');
      const p = new Problems();
      const r = new Reader(p, isObject(req.body) ? req.body : {});
      const outcome = r.oneOf('outcome', OUTCOMES) ?? 'paid';
      const senderIban = r.string('senderIban', { max: 34 });
      const senderName = r.string('senderName', { max: 140 });
      const providerName = r.string('providerName', { max: 140 });
      p.throwIfAny();
      const bank = order.payment_method === 'paymentInitiation';
      const result: AttemptOutcome =
        outcome === 'paid'
          ? {
              kind: 'paid',
              processor: 'sandbox-test-helper',
              processorReference: uuidv7(),
              senderIban: bank ? (senderIban ?? 'EE382200221020145685') : null,
              senderName: bank ? (senderName ?? 'Test Payer') : null,
              providerName: bank ? (providerName ?? 'Sandbox Bank') : null,
            }
          : { kind: outcome, processor: 'sandbox-test-helper', reason: outcome === 'declined' ? 'DECLINED' : 'CANCELED_BY_SHOPPER' };
      const done = await orders.completeAttempt(order.id, result);
      return { order: orders.view(done.row, key.store), redirectUrl: done.redirectUrl };
    },
  );

  app.get(
    '/test-helpers/clock',
    {
      schema: {
        tags,
        summary: "The store's sandbox clock",
        operationId: 'sandboxGetClock',
        security,
        response: { 200: described("The store's sandbox time", ClockAnswer), ...errors },
      },
    },
    async (req) => {
      const { key } = await keys.authenticateBearer(bearerToken(req), 'sandbox');
      return { now: (await orders.sandboxNow(key.store.id)).toISOString() };
    },
  );

  app.post(
    '/test-helpers/clock/advance',
    {
      schema: {
        tags,
        summary: "Move the store's sandbox clock forward: orders expire, notification retries come due",
        operationId: 'sandboxAdvanceClock',
        security,
        body: AdvanceBody,
        response: { 200: described("The store's sandbox time, after the change", ClockAnswer), ...errors },
      },
    },
    async (req) => {
      const { key } = await keys.authenticateBearer(bearerToken(req), 'sandbox');
      const p = new Problems();
      const r = new Reader(p, isObject(req.body) ? req.body : {});
      const minutes = r.integer('minutes', { min: 0, max: MAX_ADVANCE_MINUTES }) ?? 0;
      const seconds = r.integer('seconds', { min: 0, max: MAX_ADVANCE_MINUTES * 60 }) ?? 0;
      p.throwIfAny();
      const ms = (minutes * 60 + seconds) * 1000;
      if (ms <= 0) throw Errors.validation('minutes', 'or seconds must move the clock forward (a positive whole number)');
      const now = await orders.advanceSandboxClock(key.store.id, ms);
      return { now: now.toISOString() };
    },
  );

  app.post(
    '/test-helpers/clock/reset',
    {
      schema: {
        tags,
        summary: "Take the store's sandbox clock back to real time (orders made afterwards carry the real time)",
        operationId: 'sandboxResetClock',
        body: noBody(),
        security,
        response: { 200: described("The store's sandbox time, after the change", ClockAnswer), ...errors },
      },
    },
    async (req) => {
      const { key } = await keys.authenticateBearer(bearerToken(req), 'sandbox');
      return { now: (await orders.resetSandboxClock(key.store.id)).toISOString() };
    },
  );

  app.post(
    '/test-helpers/settle',
    {
      schema: {
        tags,
        summary: 'Settle every payment captured so far, without moving the sandbox clock: refunds and payouts can follow at once',
        operationId: 'sandboxSettle',
        body: noBody(),
        security,
        response: { 200: described('The time of the settlement and how many payments it settled', SettleAnswer), ...errors },
      },
    },
    async (req) => {
      const { key } = await keys.authenticateBearer(bearerToken(req), 'sandbox');
      const settled = await sandbox.settle(key.store.id);
      return { now: settled.now.toISOString(), settledPayments: settled.settledPayments };
    },
  );

  app.post(
    '/test-helpers/balances/top-up',
    {
      schema: {
        tags,
        summary: "Add money to one of the store's sandbox balances (e.g. to fund refunds waiting for INSUFFICIENT_FUNDS)",
        operationId: 'sandboxTopUpBalance',
        security,
        body: TopUpBody,
        response: { 201: described('The top-up as recorded', TopUpAnswer), ...errors },
      },
    },
    async (req, reply) => {
      const { key } = await keys.authenticateBearer(bearerToken(req), 'sandbox');
      const p = new Problems();
      const r = new Reader(p, isObject(req.body) ? req.body : {});
      const channel = r.oneOf('channel', CHANNELS, true);
      const currency = r.oneOf('currency', CURRENCIES, true);
      const amount = r.amount('amount', { required: true, min: 1, minText: '0.01' });
      p.throwIfAny();
      await sandbox.topUp(key.store.id, channel!, currency!, amount!);
      reply.code(201);
      return { channel, currency, amount: toNumber(amount!) };
    },
  );

  app.post<{ Params: { refundUuid: string } }>(
    '/test-helpers/refunds/:refundUuid/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a refund that is still PENDING (e.g. waiting for funds)',
        operationId: 'sandboxCancelRefund',
        body: noBody(),
        security,
        params: RefundUuidParams,
        response: { 200: described('The refund, now CANCELED', CancelledRefund), ...errors, ...errorResponses(404, 409) },
      },
    },
    async (req) => {
      const { key } = await keys.authenticateBearer(bearerToken(req), 'sandbox');
      if (!isUuid(req.params.refundUuid)) throw Errors.validation('refundUuid', 'must be a UUID');
      return refundView(await refunds.cancel(key.store.id, 'sandbox', req.params.refundUuid));
    },
  );

  app.post(
    '/test-helpers/payouts/run',
    {
      schema: {
        tags,
        summary: "Run the settlement job for this store's sandbox now: payouts of everything settled and not yet paid out",
        operationId: 'sandboxRunPayouts',
        body: noBody(),
        security,
        response: { 200: described('The payouts the run made', PayoutsRunAnswer), ...errors },
      },
    },
    async (req) => {
      const { key } = await keys.authenticateBearer(bearerToken(req), 'sandbox');
      const made = await payouts.run({ storeId: key.store.id, env: 'sandbox' });
      return { payouts: made.map((p) => payoutView(p, key.store)) };
    },
  );
}
