/**
 * The operator's payout routes (/operator, admin token), behind `kassa payouts list|export`: a
 * store's payouts of an environment, newest first, keyset-paged (the API's PayoutView), and a
 * payout's export file streamed directly (the same export workers and bytes as the API's signed
 * link; no link to follow, the admin token authenticates it).
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { requireAdminToken } from '../platform/admin-auth.js';
import { ENVS, type Env } from '../platform/env.js';
import { Errors } from '../platform/errors.js';
import { isUuid } from '../platform/ids.js';
import { described, documentedOnly, errorResponses, fileResponse, idParam, nullable, Security } from '../platform/schemas.js';
import { Problems, Reader, isObject } from '../platform/validate.js';
import type { Services } from '../services.js';
import { EXPORT_FORMAT_INFO, EXPORT_FORMATS, isExportFormat } from './exports/index.js';
import { PayoutSchema } from './schema.js';

const tags = ['operator'];
const security = Security.operator;
const CURSOR_AT = /^\d{1,16}$/;

const envQuery = Type.Optional(Type.Enum([...ENVS], { description: 'Default production' }));
const OperatorPayoutsQuery = documentedOnly(
  Type.Object(
    {
      env: envQuery,
      limit: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: '1 to 500, default 50' })),
      afterAt: Type.Optional(Type.String({ description: 'Keyset: `next.afterAt` of the previous page' })),
      afterId: Type.Optional(Type.String({ description: 'Keyset: `next.afterId` of the previous page' })),
    },
    { additionalProperties: true },
  ),
);
const OperatorPayoutsAnswer = Type.Object({
  payouts: Type.Array(PayoutSchema),
  next: nullable(Type.Object({ afterAt: Type.String(), afterId: Type.String() }), { description: 'The query of the next page; null on the last' }),
});
const StoreParams = Type.Object({ storeUuid: idParam('Store UUID (a malformed one is a 400)') });
const ExportParams = Type.Object({
  storeUuid: idParam('Store UUID'),
  payoutUuid: idParam("Payout UUID (another store's or environment's is a 404)"),
  format: Type.String({ description: `One of ${EXPORT_FORMATS.join(', ')}` }),
});
const ExportQuery = documentedOnly(Type.Object({ env: envQuery }, { additionalProperties: true }));

function readEnvQuery(r: Reader): Env {
  return r.oneOf('env', ENVS) ?? 'production';
}

function checkUuid(p: Problems, name: string, v: string): void {
  if (!isUuid(v)) p.add(name, 'must be a UUID');
}

export async function payoutOperatorRoutes(app: FastifyInstance, opts: { services: Services; adminToken: string }): Promise<void> {
  const { payouts } = opts.services;
  requireAdminToken(app, opts.adminToken);

  app.get<{ Params: { storeUuid: string } }>(
    '/stores/:storeUuid/payouts',
    {
      schema: {
        tags,
        summary: "A store's payouts of an environment, newest first, a page at a time",
        operationId: 'operatorListPayouts',
        security,
        params: StoreParams,
        querystring: OperatorPayoutsQuery,
        response: { 200: described('A page of payouts and the query of the next', OperatorPayoutsAnswer), ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => {
      const p = new Problems();
      const r = new Reader(p, isObject(req.query) ? req.query : {});
      checkUuid(p, 'storeUuid', req.params.storeUuid);
      const env = readEnvQuery(r);
      const limit = r.integer('limit', { min: 1, max: 500 }) ?? 50;
      const afterAt = r.string('afterAt', { pattern: CURSOR_AT, patternHint: 'must be next.afterAt of the previous page' });
      const afterId = r.string('afterId');
      if (afterId !== undefined && !isUuid(afterId)) p.add('afterId', 'must be a UUID');
      if ((afterAt === undefined) !== (afterId === undefined)) p.add(afterAt === undefined ? 'afterAt' : 'afterId', 'is required with the other');
      p.throwIfAny();
      const page = await payouts.page(req.params.storeUuid.toLowerCase(), env, limit, afterAt && afterId ? { at: afterAt, id: afterId.toLowerCase() } : undefined);
      return { payouts: page.payouts, next: page.next ? { afterAt: page.next.at, afterId: page.next.id } : null };
    },
  );

  app.get<{ Params: { storeUuid: string; payoutUuid: string; format: string } }>(
    '/stores/:storeUuid/payouts/:payoutUuid/export-:format',
    {
      schema: {
        tags,
        summary: "A payout's export file, streamed (the same bytes as the API's export link)",
        operationId: 'operatorPayoutExport',
        security,
        params: ExportParams,
        querystring: ExportQuery,
        response: { 200: fileResponse('The export file', ...Object.values(EXPORT_FORMAT_INFO).map((i) => i.contentType.split(';')[0]!)), ...errorResponses(400, 401, 404) },
      },
    },
    async (req, reply) => {
      const p = new Problems();
      const r = new Reader(p, isObject(req.query) ? req.query : {});
      const { storeUuid, payoutUuid, format } = req.params;
      checkUuid(p, 'storeUuid', storeUuid);
      checkUuid(p, 'payoutUuid', payoutUuid);
      if (!isExportFormat(format)) p.add('format', `must be one of ${EXPORT_FORMATS.join(', ')}`);
      const env = readEnvQuery(r);
      p.throwIfAny();
      if (!isExportFormat(format)) throw Errors.validation('format', `must be one of ${EXPORT_FORMATS.join(', ')}`);
      const file = await payouts.storeExport(storeUuid.toLowerCase(), env, payoutUuid.toLowerCase(), format);
      // The export worker writes the body straight to the socket (export-runner.ts).
      reply.hijack();
      await file.writeTo(reply.raw);
      return reply;
    },
  );
}
