/**
 * The operator's payout routes (/operator, admin token), behind `kassa payouts list|export`: a
 * store's payouts of an environment, newest first, keyset-paged (the API's PayoutView), and a
 * payout's export file streamed directly (the same export workers and bytes as the API's signed
 * link; no link to follow, the admin token authenticates it). And money out as pain.001
 * credit-transfer files for the settlement account's bank (`kassa payouts pain001`,
 * `kassa payouts refunds-pain001`; transfer-files/service.ts): a payout batch, bank-payment refunds.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { requireAdminToken } from '../platform/admin-auth.js';
import { ENVS, type Env } from '../platform/env.js';
import { Errors } from '../platform/errors.js';
import { isUuid } from '../platform/ids.js';
import { formatAmount } from '../platform/money.js';
import { described, documentedOnly, errorResponses, fileResponse, idParam, nullable, Security } from '../platform/schemas.js';
import { Problems, Reader, isObject } from '../platform/validate.js';
import type { Services } from '../services.js';
import { EXPORT_FORMAT_INFO, EXPORT_FORMATS, isExportFormat } from './exports/index.js';
import { PayoutSchema } from './schema.js';
import { Pain001BatchQuery, Pain001ExportBody, Pain001FileParams, Pain001RefundsQuery, pain001FileResponse } from './transfer-files/schema.js';
import { isoDate, MAX_BATCH_IDS, type TransferFile } from './transfer-files/service.js';

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

const DATE_HINT = 'must be a date YYYY-MM-DD';

/** A pain.001 file as the answer: the XML, and what it holds in headers (ASCII only: ids and numbers). */
function sendTransferFile(reply: FastifyReply, f: TransferFile): string {
  reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('content-disposition', `attachment; filename="${f.fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-kassa-message-id', f.messageId)
    .header('x-kassa-transactions', String(f.transactions))
    .header('x-kassa-control-sum', formatAmount(f.controlSumMinor))
    .header('x-kassa-excluded', String(f.excluded.length));
  if (f.excluded.length)
    reply.header(
      'x-kassa-excluded-ids',
      f.excluded
        .slice(0, 50)
        .map((e) => e.id)
        .join(','),
    );
  if (f.fileId) reply.header('x-kassa-file-id', f.fileId);
  if (f.excluded.length) reply.log.info({ excluded: f.excluded, messageId: f.messageId }, 'left out of the pain.001 file');
  return f.xml;
}

function readDate(r: Reader, p: Problems, key: string): string | undefined {
  const v = r.string(key);
  if (v !== undefined && !isoDate(v)) p.add(key, DATE_HINT);
  return v;
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

  app.get(
    '/payouts/pain001',
    {
      schema: {
        tags,
        summary: 'A payout batch as a pain.001.001.09 SEPA credit-transfer file: the EUR payouts of an environment made on a date, or those named',
        operationId: 'operatorPayoutsPain001',
        security,
        querystring: Pain001BatchQuery,
        response: { 200: pain001FileResponse("The pain.001 file of the batch, for the settlement account's bank"), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (req, reply) => {
      const p = new Problems();
      const r = new Reader(p, isObject(req.query) ? req.query : {});
      const env = readEnvQuery(r);
      const date = readDate(r, p, 'date');
      const idsText = r.string('ids');
      const executionDate = readDate(r, p, 'executionDate');
      const ids =
        idsText === undefined
          ? undefined
          : idsText
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean);
      if ((date === undefined) === (ids === undefined)) p.add(date === undefined ? 'date' : 'ids', 'is required: name a date or payout ids, not both');
      if (ids !== undefined) {
        if (ids.length === 0 || ids.length > MAX_BATCH_IDS) p.add('ids', `must list 1 to ${MAX_BATCH_IDS} payout UUIDs, separated by commas`);
        const bad = ids.find((id): boolean => !isUuid(id));
        if (bad !== undefined) p.add('ids', `must be UUIDs separated by commas (${JSON.stringify(bad.slice(0, 40))} is not)`);
      }
      p.throwIfAny();
      const file = await payouts.transferFiles.payoutBatch(env, date !== undefined ? { date } : { ids: ids! }, { executionDate });
      return sendTransferFile(reply, file);
    },
  );

  app.get(
    '/refunds/pain001',
    {
      schema: {
        tags,
        summary: 'Bank-payment refunds that succeeded in a date range as a pain.001.001.09 SEPA credit-transfer file (not recorded)',
        operationId: 'operatorRefundsPain001',
        security,
        querystring: Pain001RefundsQuery,
        response: { 200: pain001FileResponse('The pain.001 file paying the refunds back to the payers'), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (req, reply) => {
      const p = new Problems();
      const r = new Reader(p, isObject(req.query) ? req.query : {});
      const env = readEnvQuery(r);
      const from = readDate(r, p, 'from');
      const to = readDate(r, p, 'to');
      const executionDate = readDate(r, p, 'executionDate');
      if (from === undefined) p.add('from', 'is required');
      if (to === undefined) p.add('to', 'is required');
      p.throwIfAny();
      return sendTransferFile(reply, await payouts.transferFiles.refundsBetween(env, from!, to!, { executionDate }));
    },
  );

  app.post(
    '/refunds/pain001',
    {
      schema: {
        tags,
        summary: 'The bank-payment refunds in no pain.001 file yet, as a new pain.001.001.09 file, recorded (each refund is in one file at most)',
        operationId: 'operatorExportRefundsPain001',
        security,
        body: Pain001ExportBody,
        response: { 200: pain001FileResponse('The new file; `x-kassa-file-id` fetches it again'), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (req, reply) => {
      const p = new Problems();
      const r = new Reader(p, isObject(req.body) ? req.body : {});
      const env = r.oneOf('env', ENVS) ?? 'production';
      const executionDate = readDate(r, p, 'executionDate');
      p.throwIfAny();
      return sendTransferFile(reply, await payouts.transferFiles.exportRefunds(env, { executionDate }));
    },
  );

  app.get<{ Params: { fileId: string } }>(
    '/pain001-files/:fileId',
    {
      schema: {
        tags,
        summary: 'A recorded pain.001 file again, byte for byte (from POST /operator/refunds/pain001)',
        operationId: 'operatorPain001File',
        security,
        params: Pain001FileParams,
        response: { 200: pain001FileResponse('The recorded file'), ...errorResponses(400, 401, 404) },
      },
    },
    async (req, reply) => {
      if (!isUuid(req.params.fileId)) throw Errors.validation('fileId', 'must be a UUID');
      return sendTransferFile(reply, await payouts.transferFiles.storedFile(req.params.fileId.toLowerCase()));
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
