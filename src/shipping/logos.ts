/** Carrier logos served by Kassa (public, cacheable): `/logos/carriers/<code>.svg`. */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Errors } from '../platform/errors.js';
import { errorResponses, fileResponse, parserValidates, Security } from '../platform/schemas.js';
import { carrierDefinition } from './carriers/registry.js';

export async function carrierLogoRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>(
    '/logos/carriers/:file',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags: ['shipping'],
        security: Security.none,
        operationId: 'carrierLogo',
        summary: "A carrier's logo (a carrier's logoUrl)",
        description: 'Public (no authentication), cacheable for a day.',
        params: Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9_]+\\.svg$', description: '`<carrierCode>.svg` (codes such as latvian_post and novaPost included)' }) }),
        response: { 200: fileResponse('The logo', 'image/svg+xml'), ...errorResponses(404) },
      },
    },
    async (req, reply) => {
      const m = /^([A-Za-z0-9_]+)\.svg$/.exec(req.params.file);
      const def = m ? carrierDefinition(m[1]!) : undefined;
      if (!def) throw Errors.notFound(`Logo ${req.params.file}`);
      return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400').send(def.logoSvg());
    },
  );
}
