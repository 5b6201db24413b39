/**
 * The browser scripts (bundles.ts), each at Kassa's own path and at the paths the original
 * service's clients load it from, so a checkout changes only the host.
 */
import type { FastifyInstance } from 'fastify';
import { BrowserBundle } from '../platform/browser-bundle.js';
import { emptyResponse, errorResponses, fileResponse, Security } from '../platform/schemas.js';
import { BROWSER_BUNDLES } from './bundles.js';

export async function widgetRoutes(app: FastifyInstance): Promise<void> {
  for (const [key, spec] of Object.entries(BROWSER_BUNDLES)) {
    const bundle = new BrowserBundle(spec);
    spec.paths.forEach((url, i) => {
      app.get(
        url,
        {
          schema: {
            tags: ['pages'],
            summary: i === 0 ? spec.summary : `${spec.summary}, at the path the original service's clients load it from`,
            operationId: `${key}Script${i === 0 ? '' : `Alias${i}`}`,
            security: Security.none,
            response: { 200: fileResponse('The script (gzip where accepted)', 'application/javascript'), 304: emptyResponse('Not modified (ETag)'), ...errorResponses(500) },
          },
        },
        (req, reply) => bundle.send(req, reply),
      );
    });
  }
}
