/**
 * The back office's Shipping area (/dashboard/shipping), in the frame's store and environment:
 *   GET  /dashboard/shipping                                 shipments (search, keyset pages, selection)
 *   GET  /dashboard/shipping/shipments/:shipmentId           one shipment
 *   POST /dashboard/shipping/label-files                     a label file of the selected shipments (owner)
 *   GET  /dashboard/shipping/label-files/:labelFileId        its status; /download: the PDF
 *   GET  /dashboard/shipping/providers                       carrier contracts; POST adds, …/:contractId/remove removes (owner)
 *   GET  /dashboard/shipping/webhooks                        webhooks with their deliveries
 *   POST /dashboard/shipping/webhooks/:webhookId/delete      delete a webhook (owner; WebhookService.delete, as DELETE /webhooks/:id)
 *   POST /dashboard/shipping/deliveries/:notificationId/resend   send a webhook delivery again (owner)
 * Every change goes through the shipping service the API uses (contracts, label files, outbox).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError, Errors } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import { Security } from '../../platform/schemas.js';
import { parseContractInput } from '../../shipping/contracts/service.js';
import type { OfficeContext } from '../context.js';
import { q, type Frame } from '../layout.js';
import { FORM_CONSUMES, fieldsOf, type Fields } from '../schema.js';
import { BASE, labelFilePage, providersPage, shipmentPage, shipmentsPage, webhooksPage } from './pages.js';
import {
  ActionBody,
  ContractActionResponses,
  ContractBody,
  ContractParams,
  DeliveryParams,
  DownloadResponses,
  LabelFileActionResponses,
  LabelFileBody,
  LabelFileParams,
  LabelFileResponses,
  PageQuery,
  ProvidersResponses,
  readShipmentsSearch,
  ResendResponses,
  ResendQuery,
  ShipmentParams,
  ShipmentResponses,
  ShipmentsQuery,
  ShipmentsResponses,
  WebhookActionResponses,
  WebhookParams,
  WebhooksResponses,
  contractRequest,
  labelFileRequest,
  readBack,
} from './schema.js';
import { SHIPPING_TEXTS } from './texts.js';

const tags = ['pages'];
const security = Security.none;
const AREA = 'shipping';

export async function shippingRoutes(app: FastifyInstance, ctx: OfficeContext): Promise<void> {
  const { services } = ctx;
  const office = services.shippingOffice;
  const uuidOrNone = (id: string) => (isUuid(id) ? id.toLowerCase() : undefined);

  const showShipments = async (reply: FastifyReply, frame: Frame, f: Fields, status = 200, error?: string) => {
    const search = readShipmentsSearch(f);
    if (!search) return ctx.message(reply, 400, frame.locale, SHIPPING_TEXTS[frame.locale].badSearch);
    const { rows, next } = await office.shipments({ storeId: frame.storeId, env: frame.env, ...search });
    return ctx.page(reply, status, frame, shipmentsPage(frame, search, rows, next, error));
  };
  const showProviders = async (reply: FastifyReply, frame: Frame, status = 200, error?: string, form?: Fields) =>
    ctx.page(reply, status, frame, providersPage(frame, await services.carrierContracts.active(frame.storeId, frame.env), error, form));
  const showWebhooks = async (reply: FastifyReply, frame: Frame, status = 200, error?: string) => {
    const [webhooks, legacyUrl] = await Promise.all([services.webhooks.list(frame.storeId, frame.env), services.legacyWebhooks.get(frame.storeId, frame.env)]);
    return ctx.page(reply, status, frame, webhooksPage(frame, await office.webhookDeliveries(frame.storeId, frame.env, webhooks, legacyUrl), error));
  };
  /** A refused action's page: the status of the error (400 or 409), the page with its message. */
  const refusedStatus = (err: ApiError) => (err.statusCode === 409 ? 409 : 400);
  /** The form without the password: a refused contract form is shown again, never with the secret. */
  const withoutSecret = (f: Fields): Fields => Object.fromEntries(Object.entries(f).filter(([k]) => k !== 'password' && k !== 'csrf'));

  app.get(
    '/dashboard/shipping',
    { schema: { tags, security, summary: "The store's shipments: search, pages, label files (HTML)", operationId: 'dashboardShipments', querystring: ShipmentsQuery, response: ShipmentsResponses } },
    async (req, reply) => {
      const f = fieldsOf(req.query);
      const s = await ctx.signedIn(req, reply, f, AREA);
      if ('answer' in s) return s.answer;
      return showShipments(reply, s.frame, f);
    },
  );

  app.get<{ Params: { shipmentId: string } }>(
    '/dashboard/shipping/shipments/:shipmentId',
    {
      schema: {
        tags,
        security,
        summary: 'One shipment: parcels, status history, tracking, label files, deliveries (HTML)',
        operationId: 'dashboardShipment',
        params: ShipmentParams,
        querystring: PageQuery,
        response: ShipmentResponses,
      },
    },
    async (req, reply) => {
      const s = await ctx.signedIn(req, reply, fieldsOf(req.query), AREA);
      if ('answer' in s) return s.answer;
      const id = uuidOrNone(req.params.shipmentId);
      const detail = id ? await office.shipment(s.frame.storeId, s.frame.env, id) : undefined;
      if (!detail) return ctx.notFoundHere(reply, s.frame, 'shipment', id, `${BASE}/shipments/${id}`);
      return ctx.page(reply, 200, s.frame, shipmentPage(s.frame, detail));
    },
  );

  app.post(
    '/dashboard/shipping/label-files',
    {
      schema: {
        tags,
        security,
        summary: 'Create a label file of the selected shipments (owner; the rules of POST /label-files)',
        operationId: 'dashboardCreateLabelFile',
        consumes: FORM_CONSUMES,
        body: LabelFileBody,
        response: LabelFileActionResponses,
      },
    },
    async (req, reply) =>
      ctx.formAction(
        req,
        reply,
        AREA,
        async (f, frame) => {
          const store = await services.stores.get(frame.storeId);
          if (!store) throw Errors.notFound(`store ${frame.storeId}`);
          const file = await services.labelFiles.create(store, frame.env, labelFileRequest(req.body, f));
          return ctx.redirect(reply, `${BASE}/label-files/${file.id}?${q(frame)}`);
        },
        // Another store's shipment in the selection is the service's 404: the not-found page (formAction).
        { onError: async (err, _f, frame) => showShipments(reply, frame, {}, refusedStatus(err), err.message) },
      ),
  );

  app.get<{ Params: { labelFileId: string } }>(
    '/dashboard/shipping/label-files/:labelFileId',
    {
      schema: { tags, security, summary: 'A label file: status and download (HTML)', operationId: 'dashboardLabelFile', params: LabelFileParams, querystring: PageQuery, response: LabelFileResponses },
    },
    async (req, reply) => {
      const s = await ctx.signedIn(req, reply, fieldsOf(req.query), AREA);
      if ('answer' in s) return s.answer;
      const id = uuidOrNone(req.params.labelFileId);
      const file = id ? await services.labelFiles.get(s.frame.storeId, s.frame.env, id).catch(notFoundAsUndefined) : undefined;
      if (!file) return ctx.notFoundHere(reply, s.frame, 'labelFile', id, `${BASE}/label-files/${id}`);
      return ctx.page(reply, 200, s.frame, labelFilePage(s.frame, file));
    },
  );

  app.get<{ Params: { labelFileId: string } }>(
    '/dashboard/shipping/label-files/:labelFileId/download',
    {
      schema: {
        tags,
        security,
        summary: "A label file's PDF, through the session",
        operationId: 'dashboardDownloadLabelFile',
        params: LabelFileParams,
        querystring: PageQuery,
        response: DownloadResponses,
      },
    },
    async (req, reply) => {
      const s = await ctx.signedIn(req, reply, fieldsOf(req.query), AREA);
      if ('answer' in s) return s.answer;
      const id = uuidOrNone(req.params.labelFileId);
      try {
        if (!id) throw Errors.notFound(`Label file ${req.params.labelFileId}`);
        const { stream, record } = await services.labelFiles.downloadFor(s.frame.storeId, s.frame.env, id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="labels-${record.id}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(stream);
      } catch (err) {
        if (isApiError(err, 404)) return ctx.notFound(reply, s.frame.locale);
        if (isApiError(err, 409)) return ctx.message(reply, 409, s.frame.locale, err.message);
        throw err;
      }
    },
  );

  app.get(
    '/dashboard/shipping/providers',
    { schema: { tags, security, summary: "The store's carrier contracts: the Providers tab (HTML)", operationId: 'dashboardProviders', querystring: PageQuery, response: ProvidersResponses } },
    async (req, reply) => {
      const s = await ctx.signedIn(req, reply, fieldsOf(req.query), AREA);
      if ('answer' in s) return s.answer;
      return showProviders(reply, s.frame);
    },
  );

  app.post(
    '/dashboard/shipping/providers',
    {
      schema: {
        tags,
        security,
        summary: "Add a carrier contract with the carrier's credentials (owner; the rules of the operator route)",
        operationId: 'dashboardAddContract',
        consumes: FORM_CONSUMES,
        body: ContractBody,
        response: ContractActionResponses,
      },
    },
    async (req, reply) =>
      ctx.formAction(
        req,
        reply,
        AREA,
        async (f, frame) => {
          await services.carrierContracts.create(frame.storeId, parseContractInput(contractRequest(f, frame.env)));
          return ctx.redirect(reply, `${BASE}/providers?${q(frame)}`);
        },
        { onError: async (err, f, frame) => showProviders(reply, frame, refusedStatus(err), err.message, withoutSecret(f)) },
      ),
  );

  app.post<{ Params: { contractId: string } }>(
    '/dashboard/shipping/providers/:contractId/remove',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a carrier contract (owner)',
        operationId: 'dashboardRemoveContract',
        consumes: FORM_CONSUMES,
        params: ContractParams,
        body: ActionBody,
        response: ContractActionResponses,
      },
    },
    async (req, reply) =>
      ctx.formAction(req, reply, AREA, async (_f, frame) => {
        const id = uuidOrNone(req.params.contractId);
        // Only a stored contract of this store and environment: another's (or a built-in one) is not found.
        const found = id ? (await services.carrierContracts.list(frame.storeId, frame.env)).find((c) => c.id === id) : undefined;
        if (!found || !(await services.carrierContracts.delete(frame.storeId, found.id))) throw Errors.notFound(`Carrier contract ${req.params.contractId}`);
        return ctx.redirect(reply, `${BASE}/providers?${q(frame)}`);
      }),
  );

  app.get(
    '/dashboard/shipping/webhooks',
    { schema: { tags, security, summary: "The store's shipping webhooks and their deliveries (HTML)", operationId: 'dashboardShippingWebhooks', querystring: PageQuery, response: WebhooksResponses } },
    async (req, reply) => {
      const s = await ctx.signedIn(req, reply, fieldsOf(req.query), AREA);
      if ('answer' in s) return s.answer;
      return showWebhooks(reply, s.frame);
    },
  );

  app.post<{ Params: { webhookId: string } }>(
    '/dashboard/shipping/webhooks/:webhookId/delete',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a shipping webhook (owner; the rules of DELETE /webhooks/:id)',
        operationId: 'dashboardDeleteWebhook',
        consumes: FORM_CONSUMES,
        params: WebhookParams,
        body: ActionBody,
        response: WebhookActionResponses,
      },
    },
    async (req, reply) =>
      ctx.formAction(req, reply, AREA, async (_f, frame) => {
        const id = uuidOrNone(req.params.webhookId);
        // The service deletes only a webhook of this store and environment (another's is a 404: the not-found page).
        if (!id) throw Errors.notFound(`Webhook ${req.params.webhookId}`);
        await services.webhooks.delete(frame.storeId, frame.env, id);
        return ctx.redirect(reply, `${BASE}/webhooks?${q(frame)}`);
      }),
  );

  app.post<{ Params: { notificationId: string } }>(
    '/dashboard/shipping/deliveries/:notificationId/resend',
    {
      schema: {
        tags,
        security,
        summary: 'Send a shipping webhook delivery again (owner; the outbox resend)',
        operationId: 'dashboardResendShippingDelivery',
        consumes: FORM_CONSUMES,
        params: DeliveryParams,
        querystring: ResendQuery,
        body: ActionBody,
        response: ResendResponses,
      },
    },
    async (req, reply) => {
      const back = readBack(fieldsOf(req.query));
      return ctx.formAction(
        req,
        reply,
        AREA,
        async (_f, frame) => {
          const id = uuidOrNone(req.params.notificationId);
          if (!id || !(await office.isDelivery(frame.storeId, frame.env, id))) throw Errors.notFound(`Delivery ${req.params.notificationId}`);
          await services.outbox.resend(id);
          return ctx.redirect(reply, `${back}?${q(frame)}`);
        },
        {
          // Already waiting to be sent (409): the page it came from, saying so.
          onError: async (err, _f, frame) => {
            if (back === `${BASE}/webhooks`) return showWebhooks(reply, frame, refusedStatus(err), err.message);
            return ctx.message(reply, refusedStatus(err), frame.locale, err.message);
          },
        },
      );
    },
  );
}

const isApiError = (err: unknown, status: number): err is ApiError => err instanceof ApiError && err.statusCode === status;

/** A service's 404 as "nothing" (the route answers the not-found page). */
function notFoundAsUndefined(err: unknown): undefined {
  if (isApiError(err, 404)) return undefined;
  throw err;
}
