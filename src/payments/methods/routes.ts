/** Logos served by Kassa (public, cacheable): banks and payment methods. */
import type { FastifyInstance } from 'fastify';
import { Errors } from '../../platform/errors.js';
import { BANKS, COUNTRIES, type Bank } from './catalogue/banks.js';
import { bankLogoSvg, methodLogoSvg } from './catalogue/logos.js';
import { isPaymentMethodName } from './catalogue/methods.js';
import { errorResponses, fileResponse, Security } from '../../platform/schemas.js';
import { Type } from 'typebox';

const logoSchema = (what: string, operationId: string, example: string) => ({
  tags: ['pages'],
  summary: `The logo of a ${what} (SVG, public, cacheable for a day)`,
  operationId,
  security: Security.none,
  params: Type.Object({ file: Type.String({ description: `<code>.svg, e.g. ${example}` }) }),
  response: { 200: fileResponse(`The ${what}'s logo`, 'image/svg+xml'), ...errorResponses(404) },
});

const banksByCode = new Map<string, Bank>();
for (const c of COUNTRIES) for (const b of BANKS[c]) if (!banksByCode.has(b.code)) banksByCode.set(b.code, b);

export async function logoRoutes(app: FastifyInstance): Promise<void> {
  const svg = (body: string) => ({ body, type: 'image/svg+xml; charset=utf-8' });
  const send = (reply: import('fastify').FastifyReply, s: { body: string; type: string }) => reply.header('content-type', s.type).header('cache-control', 'public, max-age=86400').send(s.body);

  app.get<{ Params: { file: string } }>('/logos/banks/:file', { schema: logoSchema('bank', 'getBankLogo', 'HABAEE2X.svg') }, async (req, reply) => {
    const bank = banksByCode.get(req.params.file.replace(/\.svg$/, ''));
    if (!bank) throw Errors.notFound(`Logo ${req.params.file}`);
    return send(reply, svg(bankLogoSvg(bank)));
  });
  app.get<{ Params: { file: string } }>('/logos/methods/:file', { schema: logoSchema('payment method', 'getMethodLogo', 'cardPayments.svg') }, async (req, reply) => {
    const m = req.params.file.replace(/\.svg$/, '');
    if (!isPaymentMethodName(m)) throw Errors.notFound(`Logo ${req.params.file}`);
    return send(reply, svg(methodLogoSvg(m)));
  });
}
