/**
 * The overview area (/dashboard): the page a signed-in user lands on, for the store and
 * environment of the frame.
 */
import type { FastifyInstance } from 'fastify';
import { Security } from '../../platform/schemas.js';
import type { OfficeContext } from '../context.js';
import { fieldsOf, OverviewQuery, OverviewResponses } from '../schema.js';
import { overviewPage } from './pages.js';

const tags = ['pages'];
const security = Security.none;

export async function overviewArea(app: FastifyInstance, ctx: OfficeContext): Promise<void> {
  const office = ctx.services.backoffice;

  app.get(
    '/dashboard',
    { schema: { tags, security, summary: 'The back office overview (HTML)', operationId: 'dashboardOverview', querystring: OverviewQuery, response: OverviewResponses } },
    async (req, reply) => {
      const s = await ctx.signedIn(req, reply, fieldsOf(req.query), 'overview');
      if ('answer' in s) return s.answer;
      const { storeId, env } = s.frame;
      const [{ rows }, balances, failed] = await Promise.all([office.orders({ storeId, env }), ctx.services.ledger.balances(storeId, env), office.failedDeliveries(storeId, env)]);
      return ctx.page(reply, 200, s.frame, overviewPage(s.frame, rows, balances, failed));
    },
  );
}
