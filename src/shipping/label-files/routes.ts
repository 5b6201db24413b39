/**
 * Label file endpoints of one environment: POST /label-files and GET /label-files/:id (Bearer),
 * and the public GET /label-files/:id/download?expires=&signature= (the signed link is the
 * authorisation) streaming the PDF rendered on the fly.
 */
import type { FastifyInstance } from 'fastify';
import { shippingAuth } from '../auth.js';
import type { Env } from '../../platform/env.js';
import type { Services } from '../../services.js';
import { errorResponses, fileResponse, parserValidates, Security } from '../../platform/schemas.js';
import { LabelFileDownloadQuery, LabelFileInputSchema, LabelFileParams, LabelFileSchema } from './schema.js';

const security = Security.bearer;
const tags = ['shipping'];
const description = 'Bearer JWT of a key of this environment (`Authorization: Bearer <JWT>`).';

export async function labelFileRoutes(app: FastifyInstance, opts: { env: Env; services: Services }): Promise<void> {
  const { env, services } = opts;
  const { keys, labelFiles } = services;
  const storeOf = shippingAuth(keys, env);

  app.post(
    '/label-files',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags,
        security,
        operationId: 'createLabelFile',
        summary: 'Create a label file for registered shipments',
        description,
        body: LabelFileInputSchema,
        response: { 201: LabelFileSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (req, reply) => {
      const store = await storeOf(req);
      return reply.code(201).send(await labelFiles.create(store, env, req.body));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/label-files/:id',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags,
        security,
        operationId: 'getLabelFile',
        summary: 'A label file (with a temporary download link once ready)',
        description,
        params: LabelFileParams,
        response: { 200: LabelFileSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => {
      const store = await storeOf(req);
      return labelFiles.get(store.id, env, req.params.id);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { expires?: string; signature?: string } }>(
    '/label-files/:id/download',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags,
        security: Security.none,
        operationId: 'downloadLabelFile',
        summary: 'The label PDF (signed temporary link from GET /label-files/:id)',
        description: 'No Authorization header: the signed link (`expires`, `signature`) is the authorisation.',
        params: LabelFileParams,
        querystring: LabelFileDownloadQuery,
        response: { 200: fileResponse('The labels, rendered on the fly', 'application/pdf'), ...errorResponses(403, 404, 409) },
      },
    },
    async (req, reply) => {
      const { stream, record } = await labelFiles.download(env, req.params.id, req.query);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="labels-${record.id}.pdf"`).header('cache-control', 'private, no-store').send(stream);
    },
  );
}
