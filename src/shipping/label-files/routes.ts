/**
 * Label file endpoints of one environment: POST /label-files and GET /label-files/:id (Bearer),
 * and the public GET /label-files/:id/download?expires=&signature= (the signed link is the
 * authorisation) streaming the PDF rendered on the fly.
 */
import type { FastifyInstance } from 'fastify';
import { shippingAuth } from '../auth.js';
import type { Env } from '../../platform/env.js';
import type { Services } from '../../services.js';

const security = [{ bearerAuth: [] }];
const tags = ['shipping'];

export async function labelFileRoutes(app: FastifyInstance, opts: { env: Env; services: Services }): Promise<void> {
  const { env, services } = opts;
  const { keys, labelFiles } = services;
  const storeOf = shippingAuth(keys, env);

  app.post('/label-files', { schema: { tags, security, summary: 'Create a label file for registered shipments' } }, async (req, reply) => {
    const store = await storeOf(req);
    return reply.code(201).send(await labelFiles.create(store, env, req.body));
  });

  app.get<{ Params: { id: string } }>('/label-files/:id', { schema: { tags, security, summary: 'A label file (with a temporary download link once ready)' } }, async (req) => {
    const store = await storeOf(req);
    return labelFiles.get(store.id, env, req.params.id);
  });

  app.get<{ Params: { id: string }; Querystring: { expires?: string; signature?: string } }>(
    '/label-files/:id/download',
    { schema: { tags, summary: 'The label PDF (signed temporary link from GET /label-files/:id)' } },
    async (req, reply) => {
      const { stream, record } = await labelFiles.download(env, req.params.id, req.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="labels-${record.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
}
