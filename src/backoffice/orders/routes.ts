/**
 * The orders area (/dashboard/orders): the store's orders (search, keyset pages), one order, and an
 * owner's actions on it (refund, send a notification again).
 *   GET  /dashboard/orders                                              the list
 *   GET  /dashboard/orders/:orderUuid                                   one order
 *   POST /dashboard/orders/:orderUuid/refund                            refund (owner)
 *   POST /dashboard/orders/:orderUuid/notifications/:notificationId/resend   send again (owner)
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Errors } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import { Security } from '../../platform/schemas.js';
import { ORDER_STATUSES } from '../../payments/orders/states.js';
import type { OfficeContext } from '../context.js';
import { TEXTS } from '../i18n.js';
import { q, type Frame } from '../layout.js';
import {
  ActionResponses,
  fieldsOf,
  FORM_CONSUMES,
  NotificationParams,
  OrderParams,
  OrderQuery,
  OrderResponses,
  OrdersQuery,
  OrdersResponses,
  readOrdersSearch,
  readRefundForm,
  RefundBody,
  ResendBody,
  type Fields,
} from '../schema.js';
import { orderPage, ordersPage, refundErrorText } from './pages.js';

const tags = ['pages'];
const security = Security.none;

export async function ordersArea(app: FastifyInstance, ctx: OfficeContext): Promise<void> {
  const office = ctx.services.backoffice;

  app.get(
    '/dashboard/orders',
    { schema: { tags, security, summary: "The store's orders: search and pages (HTML)", operationId: 'dashboardOrders', querystring: OrdersQuery, response: OrdersResponses } },
    async (req, reply) => {
      const f = fieldsOf(req.query);
      const s = await ctx.signedIn(req, reply, f, 'orders');
      if ('answer' in s) return s.answer;
      const search = readOrdersSearch(f);
      if (!search) return ctx.message(reply, 400, s.frame.locale, TEXTS[s.frame.locale].badSearch);
      const { rows, next } = await office.orders({ storeId: s.frame.storeId, env: s.frame.env, ...search });
      const shown = { reference: search.reference ?? search.uuid, status: search.status, from: search.from, to: search.to };
      return ctx.page(reply, 200, s.frame, ordersPage(s.frame, shown, rows, next, ORDER_STATUSES));
    },
  );

  app.get<{ Params: { orderUuid: string } }>(
    '/dashboard/orders/:orderUuid',
    { schema: { tags, security, summary: 'One order of the store (HTML)', operationId: 'dashboardOrder', params: OrderParams, querystring: OrderQuery, response: OrderResponses } },
    async (req, reply) => {
      const s = await ctx.signedIn(req, reply, fieldsOf(req.query), 'orders');
      if ('answer' in s) return s.answer;
      const id = req.params.orderUuid;
      const uuid = isUuid(id) ? id.toLowerCase() : undefined;
      const detail = uuid ? await office.order(s.frame.storeId, s.frame.env, uuid) : undefined;
      if (!detail) return ctx.notFoundHere(reply, s.frame, 'order', uuid, `/dashboard/orders/${uuid}`);
      return ctx.page(reply, 200, s.frame, orderPage(s.frame, detail));
    },
  );

  /**
   * An owner's action on one of its orders: ctx.formAction's checks, then the order (another
   * store's is the not-found page); an action the rules refuse shows the order's page with why.
   */
  const orderAction = (req: FastifyRequest<{ Params: { orderUuid: string } }>, reply: FastifyReply, act: (f: Fields, frame: Frame, orderId: string) => Promise<void>) =>
    ctx.formAction(
      req,
      reply,
      'orders',
      async (f, frame) => {
        const id = req.params.orderUuid;
        const detail = isUuid(id) ? await office.order(frame.storeId, frame.env, id.toLowerCase()) : undefined;
        if (!detail) return ctx.notFound(reply, frame.locale);
        await act(f, frame, detail.order.id);
        return ctx.redirect(reply, `/dashboard/orders/${detail.order.id}?${q(frame)}`);
      },
      {
        onError: async (err, _f, frame) => {
          const again = await office.order(frame.storeId, frame.env, req.params.orderUuid.toLowerCase());
          if (!again) return ctx.notFound(reply, frame.locale);
          return ctx.page(reply, err.statusCode === 409 ? 409 : 400, frame, orderPage(frame, again, refundErrorText(frame.locale, err)));
        },
      },
    );

  app.post<{ Params: { orderUuid: string } }>(
    '/dashboard/orders/:orderUuid/refund',
    {
      schema: {
        tags,
        security,
        summary: 'Refund an order (owner; the same refund rules as POST /refunds)',
        operationId: 'dashboardRefund',
        consumes: FORM_CONSUMES,
        params: OrderParams,
        body: RefundBody,
        response: ActionResponses,
      },
    },
    async (req, reply) =>
      orderAction(req, reply, async (f, frame, orderId) => {
        const form = readRefundForm(f);
        if ('problem' in form) throw Errors.badRequest(form.problem.startsWith('amount') ? TEXTS[frame.locale].refundAmountInvalid : form.problem);
        const store = await ctx.services.stores.get(frame.storeId);
        if (!store) throw Errors.notFound(`store ${frame.storeId}`);
        await ctx.services.refunds.create(store, frame.env, { orderUuid: orderId, ...form });
      }),
  );

  app.post<{ Params: { orderUuid: string; notificationId: string } }>(
    '/dashboard/orders/:orderUuid/notifications/:notificationId/resend',
    {
      schema: {
        tags,
        security,
        summary: "Send one of the order's notifications again (owner)",
        operationId: 'dashboardResend',
        consumes: FORM_CONSUMES,
        params: NotificationParams,
        body: ResendBody,
        response: ActionResponses,
      },
    },
    async (req, reply) =>
      orderAction(req, reply, async (_f, frame, orderId) => {
        const detail = (await office.order(frame.storeId, frame.env, orderId))!;
        const n = detail.notifications.find((x) => x.id === req.params.notificationId.toLowerCase());
        if (!n) throw Errors.notFound(`Notification ${req.params.notificationId}`);
        await ctx.services.outbox.resend(n.id);
      }),
  );
}
