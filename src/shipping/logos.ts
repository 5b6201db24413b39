/** Carrier logos served by Kassa (public, cacheable): `/logos/carriers/<code>.svg`. */
import type { FastifyInstance } from 'fastify';
import { Errors } from '../platform/errors.js';
import { carrierDefinition } from './carriers/registry.js';

export async function carrierLogoRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>('/logos/carriers/:file', { schema: { hide: true } }, async (req, reply) => {
    const m = /^([a-z0-9]+)\.svg$/.exec(req.params.file);
    const def = m ? carrierDefinition(m[1]!) : undefined;
    if (!def) throw Errors.notFound(`Logo ${req.params.file}`);
    return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400').send(def.logoSvg());
  });
}
