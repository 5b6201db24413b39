/** The pay-later simulator's page: the period (preselected) with its payments, then Approve or Decline. */
import type { FastifyInstance } from 'fastify';
import { fill, formatMoney } from '../../../platform/format.js';
import { html } from '../../../platform/html.js';
import { REQUEST_PURPOSE } from '../sim-kit/adapter.js';
import { simulatorForm, simulatorPage } from '../sim-kit/schema.js';
import { openSigned, redirect, rejectRequest, signedReturnUrl, type SimulatorDeps } from '../sim-kit/flow.js';
import { simMessages } from '../sim-kit/messages.js';
import { hiddenFields, sendSimPage, type Brand } from '../sim-kit/page.js';
import { bnplInstalments } from './behaviour.js';
import { BNPL_REQUEST_FIELDS, BNPL_RETURN_FIELDS, PERIODS, bnplMapper, bnplReturnFields, parsePeriod, type BnplDecision } from './mapper.js';

const BRAND: Brand = { name: 'Kassa Pay Later', color: '#6A1B9A' };

export async function bnplSimulatorRoutes(app: FastifyInstance, deps: SimulatorDeps): Promise<void> {
  const open = (raw: unknown) => openSigned(deps.directory, REQUEST_PURPOSE, BNPL_REQUEST_FIELDS, bnplMapper.parseRequest, raw);

  app.get(bnplMapper.entryPath, { schema: simulatorPage('Buy-now-pay-later simulator: the plan page', 'simBnplPage', BNPL_REQUEST_FIELDS) }, async (req, reply) => {
    const o = await open(req.query);
    if (!o) return rejectRequest(reply, req.query);
    const r = o.req;
    const t = simMessages(r.locale);
    const labels = { 1: t.bnplPeriod1, 2: t.bnplPeriod2, 3: t.bnplPeriod3 } as const;
    const options = PERIODS.map((p) => {
      const parts = bnplInstalments(r.amountMinor, p);
      return html`<label class="option" for="period${p}">
<input type="radio" id="period${p}" name="plan" value="${p}"${p === r.period ? html` checked` : ''}>
<span>${labels[p]}<ul>${parts.map((m, i) => html`<li>${fill(t.bnplSchedule, { n: i + 1, amount: formatMoney(m, r.currency, r.locale) })}</li>`)}</ul></span>
</label>`;
    });
    const body = html`<section class="card">
<form method="post" action="${bnplMapper.entryPath}">
${hiddenFields(o.fields, BNPL_REQUEST_FIELDS)}
<fieldset><legend>${t.bnplChoose}</legend>${options}</fieldset>
<div class="actions">
<button type="submit" class="primary" name="action" value="approve">${t.bnplApprove}</button>
<button type="submit" class="danger" name="action" value="decline">${t.decline}</button>
<button type="submit" class="secondary" name="action" value="cancel">${t.cancel}</button>
</div>
</form>
</section>`;
    return sendSimPage(reply, 200, { req: r, brand: BRAND, title: t.bnplTitle, body }, o.merchant);
  });

  app.post(
    bnplMapper.entryPath,
    {
      schema: simulatorForm('Buy-now-pay-later simulator: accept a plan, decline or cancel', 'simBnplSubmit', BNPL_REQUEST_FIELDS, {
        action: 'What the shopper did',
        plan: 'The chosen plan (1, 2 or 3)',
      }),
    },
    async (req, reply) => {
      const o = await open(req.body);
      if (!o) return rejectRequest(reply, req.body);
      let decision: BnplDecision;
      switch (o.fields.action) {
        case 'approve': {
          const period = parsePeriod(o.fields.plan);
          if (!period) return rejectRequest(reply, req.body);
          decision = { action: 'approve', period };
          break;
        }
        case 'decline':
          decision = { action: 'decline' };
          break;
        case 'cancel':
          decision = { action: 'cancel' };
          break;
        default:
          return rejectRequest(reply, req.body);
      }
      return redirect(reply, signedReturnUrl(o.merchant, o.req, bnplReturnFields(o.req, decision), BNPL_RETURN_FIELDS));
    },
  );
}
