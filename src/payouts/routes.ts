/**
 * Payout endpoints of one environment (under the payments base paths): the store's payouts,
 * export links (Bearer JWT of a key of this environment; a store sees only its own), and the
 * public, signed download the link opens.
 */
import type { FastifyInstance } from 'fastify';
import { Errors } from '../platform/errors.js';
import { bearerToken } from '../platform/http-auth.js';
import { isUuid } from '../platform/ids.js';
import { Problems, Reader, isObject } from '../platform/validate.js';
import type { Env } from '../platform/env.js';
import type { Services } from '../services.js';
import { EXPORT_FORMATS, isExportFormat } from './exports/index.js';
import type { PayoutPage } from './service.js';
import { ORDER_BY } from './store.js';
import { described, errorResponses, fileResponse, operationId, Security } from '../platform/schemas.js';
import { EXPORT_FORMAT_INFO } from './exports/index.js';
import { ExportFileParams, ExportFileQuery, ExportLinkAnswer, ExportLinkParams, PayoutListAnswer, PayoutListParams, PayoutListQuery } from './schema.js';

const tags = ['payouts'];
const EXPORT_CONTENT_TYPES = Object.values(EXPORT_FORMAT_INFO).map((f) => f.contentType.split(';')[0]!);
const security = Security.bearer;
/** A token fault (401, 403 for a wrong signature), a bad parameter (400), another store's id (404). */
const errors = errorResponses(400, 401, 403, 404);

/** The list's query: limit (1–149), offset (≥ 0) and order (ASC|DESC) required; orderBy optional. */
export function parsePayoutQuery(query: unknown): PayoutPage {
  const p = new Problems();
  const r = new Reader(p, isObject(query) ? query : {});
  const limit = r.integer('limit', { min: 1, max: 149, required: true });
  const offset = r.integer('offset', { min: 0, max: 1_000_000_000, required: true });
  const order = r.oneOf('order', ['ASC', 'DESC'] as const, true);
  const orderBy = r.oneOf('orderBy', ORDER_BY) ?? 'createdAt';
  p.throwIfAny();
  return { limit: limit!, offset: offset!, order: order!, orderBy };
}

function checkUuid(name: string, v: string): void {
  if (!isUuid(v)) throw Errors.validation(name, 'must be a UUID');
}

export async function payoutRoutes(app: FastifyInstance, opts: { env: Env; services: Services }): Promise<void> {
  const { env, services } = opts;
  const { keys, payouts } = services;

  app.get<{ Params: { storeUuid: string } }>(
    '/stores/:storeUuid/payouts',
    {
      schema: {
        tags,
        security,
        summary: "The store's payouts, a page at a time",
        operationId: operationId(env, 'listPayouts'),
        params: PayoutListParams,
        querystring: PayoutListQuery,
        response: { 200: described('A page of payouts', PayoutListAnswer), ...errors },
      },
    },
    async (req) => {
      const { key } = await keys.authenticateBearer(bearerToken(req), env);
      checkUuid('storeUuid', req.params.storeUuid);
      return payouts.list(key.store, env, req.params.storeUuid, parsePayoutQuery(req.query));
    },
  );

  app.get<{ Params: { storeUuid: string; payoutUuid: string; payoutType: string } }>(
    '/stores/:storeUuid/payouts/:payoutUuid/export-:payoutType',
    {
      schema: {
        tags,
        security,
        summary: `A temporary link to the payout's file (${EXPORT_FORMATS.join(', ')})`,
        operationId: operationId(env, 'getPayoutExportLink'),
        params: ExportLinkParams,
        response: { 200: described('A temporary link to the file', ExportLinkAnswer), ...errors },
      },
    },
    async (req) => {
      const { key } = await keys.authenticateBearer(bearerToken(req), env);
      checkUuid('storeUuid', req.params.storeUuid);
      checkUuid('payoutUuid', req.params.payoutUuid);
      const format = req.params.payoutType;
      if (!isExportFormat(format)) throw Errors.validation('payoutType', `must be one of ${EXPORT_FORMATS.join(', ')}`);
      return payouts.exportUrl(key.store, env, req.params.storeUuid, req.params.payoutUuid, format);
    },
  );

  app.get<{ Params: { payoutUuid: string; format: string }; Querystring: { expires?: string; signature?: string } }>(
    '/payout-exports/:payoutUuid/:format',
    {
      schema: {
        tags,
        summary: 'The export file (the signed temporary link from …/export-:payoutType)',
        description: 'No Authorization header: the `expires` and `signature` query parameters of the link authenticate it.',
        operationId: operationId(env, 'downloadPayoutExport'),
        security: Security.none,
        params: ExportFileParams,
        querystring: ExportFileQuery,
        response: { 200: fileResponse('The export file', ...EXPORT_CONTENT_TYPES), ...errors },
      },
    },
    async (req, reply) => {
      checkUuid('payoutUuid', req.params.payoutUuid);
      const format = req.params.format;
      if (!isExportFormat(format)) throw Errors.notFound(`Export ${format}`);
      const file = await payouts.openExport(env, req.params.payoutUuid, format, req.query);
      // The worker writes the body straight to the socket (export-runner.ts).
      reply.hijack();
      await file.writeTo(reply.raw);
    },
  );
}
