/**
 * The payouts area (/dashboard/payouts): the store's payouts of the environment and their export
 * files, through the session. The list is PayoutService.page (the API's PayoutView), the files
 * PayoutService.storeExport: the same export workers and bytes as the API's signed link. Viewers
 * may see and download them (read-only, the same data as the list). Another store's or
 * environment's payout uuid is the not-found page.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { isUuid } from '../../platform/ids.js';
import { FormField, FormFields, documentedOnly, fileResponse, htmlResponse, pageErrorResponse, redirectResponse, Security } from '../../platform/schemas.js';
import { EXPORT_FORMAT_INFO, EXPORT_FORMATS, isExportFormat } from '../../payouts/exports/index.js';
import type { OfficeContext } from '../context.js';
import { TEXTS } from '../i18n.js';
import { fieldsOf, PAGE_FIELDS, readKeyset } from '../schema.js';
import { payoutsPage } from './pages.js';

const tags = ['pages'];
const security = Security.none;
/** Payouts shown per page (the 51st read says there is a next one). */
export const PAYOUTS_PAGE_SIZE = 50;

const { lang, store, env } = PAGE_FIELDS;
const PayoutsQuery = documentedOnly(
  FormFields(
    {
      lang,
      store,
      env,
      afterAt: Type.Optional(FormField('Keyset: created_at (µs since the epoch) of the last payout of the previous page')),
      afterId: Type.Optional(FormField('Keyset: UUID of the last payout of the previous page')),
    },
    'The page',
  ),
);
const ExportQuery = documentedOnly(FormFields({ lang, store, env }, 'The store and environment of the payout'));
const ExportParams = Type.Object({
  payoutUuid: Type.String({ description: "Payout UUID (an unknown, malformed, other store's or other environment's one gets the not-found page)" }),
  format: Type.String({ description: `One of ${EXPORT_FORMATS.join(', ')}` }),
});
const notSignedIn = redirectResponse('Not signed in: to the sign-in page');
const notFound = pageErrorResponse('Not one of the user’s stores, payouts or formats: the not-found page');

export async function payoutsArea(app: FastifyInstance, ctx: OfficeContext): Promise<void> {
  const { payouts } = ctx.services;

  app.get(
    '/dashboard/payouts',
    {
      schema: {
        tags,
        security,
        summary: "The store's payouts with their export downloads (HTML)",
        operationId: 'dashboardPayouts',
        querystring: PayoutsQuery,
        response: { 200: htmlResponse('The payouts, newest first, one page'), 303: notSignedIn, 400: pageErrorResponse('A malformed page cursor'), 404: notFound },
      },
    },
    async (req, reply) => {
      const f = fieldsOf(req.query);
      const s = await ctx.signedIn(req, reply, f, 'payouts');
      if ('answer' in s) return s.answer;
      const after = readKeyset(f);
      if (after === null) return ctx.message(reply, 400, s.frame.locale, TEXTS[s.frame.locale].badSearch);
      const page = await payouts.page(s.frame.storeId, s.frame.env, PAYOUTS_PAGE_SIZE, after);
      return ctx.page(reply, 200, s.frame, payoutsPage(s.frame, TEXTS[s.frame.locale].payouts, page.payouts, page.next));
    },
  );

  app.get<{ Params: { payoutUuid: string; format: string } }>(
    '/dashboard/payouts/:payoutUuid/export-:format',
    {
      schema: {
        tags,
        security,
        summary: "A payout's export file, through the session (the same bytes as the API's export link)",
        operationId: 'dashboardPayoutExport',
        params: ExportParams,
        querystring: ExportQuery,
        response: {
          200: fileResponse('The export file', ...Object.values(EXPORT_FORMAT_INFO).map((i) => i.contentType.split(';')[0]!)),
          303: notSignedIn,
          404: notFound,
        },
      },
    },
    async (req, reply) => {
      const s = await ctx.signedIn(req, reply, fieldsOf(req.query), 'payouts');
      if ('answer' in s) return s.answer;
      const { payoutUuid, format } = req.params;
      if (!isUuid(payoutUuid) || !isExportFormat(format)) return ctx.notFound(reply, s.frame.locale);
      let file: Awaited<ReturnType<typeof payouts.storeExport>>;
      try {
        file = await payouts.storeExport(s.frame.storeId, s.frame.env, payoutUuid.toLowerCase(), format);
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) return ctx.notFound(reply, s.frame.locale);
        throw err;
      }
      // The export worker writes the body straight to the socket (src/payouts/export-runner.ts).
      reply.hijack();
      await file.writeTo(reply.raw);
      return reply;
    },
  );
}
