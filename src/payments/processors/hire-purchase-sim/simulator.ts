/**
 * The hire-purchase simulator's page: the credit decision, and when approved the instalment plans
 * (6/12/24/36 months with the monthly amount) with Sign and Decline.
 */
import type { FastifyInstance } from 'fastify';
import { fill, formatMoney } from '../../../platform/format.js';
import { html, type Html } from '../../../platform/html.js';
import { REQUEST_PURPOSE } from '../sim-kit/adapter.js';
import { simulatorForm, simulatorPage } from '../sim-kit/schema.js';
import { openSigned, redirect, rejectRequest, signedReturnUrl, type SimulatorDeps } from '../sim-kit/flow.js';
import { simMessages } from '../sim-kit/messages.js';
import { hiddenFields, sendSimPage, type Brand } from '../sim-kit/page.js';
import { CREDIT_LIMITS, DEFAULT_MONTHS, creditApproved, plans } from './behaviour.js';
import { HP_REQUEST_FIELDS, HP_RETURN_FIELDS, hirePurchaseMapper, hirePurchaseReturnFields, parseMonths, type HirePurchaseDecision } from './mapper.js';

const BRAND: Brand = { name: 'Kassa Hire Purchase', color: '#00695C' };

export async function hirePurchaseSimulatorRoutes(app: FastifyInstance, deps: SimulatorDeps): Promise<void> {
  const open = (raw: unknown) => openSigned(deps.directory, REQUEST_PURPOSE, HP_REQUEST_FIELDS, hirePurchaseMapper.parseRequest, raw);

  app.get(hirePurchaseMapper.entryPath, { schema: simulatorPage('Hire-purchase simulator: the application page', 'simHirePurchasePage', HP_REQUEST_FIELDS) }, async (req, reply) => {
    const o = await open(req.query);
    if (!o) return rejectRequest(reply, req.query);
    const r = o.req;
    const t = simMessages(r.locale);
    const money = (m: number) => formatMoney(m, r.currency, r.locale);
    let content: Html;
    if (!creditApproved(r.amountMinor, r.currency)) {
      const text = fill(t.hpDeclinedText, {
        amount: money(r.amountMinor),
        min: formatMoney(CREDIT_LIMITS.minMinor, CREDIT_LIMITS.currency, r.locale),
        max: formatMoney(CREDIT_LIMITS.maxMinor, CREDIT_LIMITS.currency, r.locale),
      });
      content = html`<h1>${t.hpDeclinedTitle}</h1>
<p role="alert">${text}</p>
<form method="post" action="${hirePurchaseMapper.entryPath}">
${hiddenFields(o.fields, HP_REQUEST_FIELDS)}
<div class="actions"><button type="submit" class="primary" name="action" value="return">${t.hpReturn}</button></div>
</form>`;
    } else {
      const options = plans(r.amountMinor).map(
        (p) => html`<label class="option" for="months${p.months}">
<input type="radio" id="months${p.months}" name="months" value="${p.months}"${p.months === DEFAULT_MONTHS ? html` checked` : ''}>
<span>${fill(t.hpPlan, { months: p.months, monthly: money(p.monthlyMinor) })}${p.firstMinor !== p.monthlyMinor ? html`<ul><li>${fill(t.hpFirst, { first: money(p.firstMinor) })}</li></ul>` : ''}</span>
</label>`,
      );
      content = html`<p>${t.hpApproved}</p>
<form method="post" action="${hirePurchaseMapper.entryPath}">
${hiddenFields(o.fields, HP_REQUEST_FIELDS)}
<fieldset><legend>${t.hpChoose}</legend>${options}</fieldset>
<div class="actions">
<button type="submit" class="primary" name="action" value="approve">${t.hpApprove}</button>
<button type="submit" class="danger" name="action" value="decline">${t.decline}</button>
<button type="submit" class="secondary" name="action" value="cancel">${t.cancel}</button>
</div>
</form>`;
    }
    const body = html`<section class="card">${content}</section>`;
    return sendSimPage(reply, 200, { req: r, brand: BRAND, title: t.hpTitle, body }, o.merchant);
  });

  app.post(
    hirePurchaseMapper.entryPath,
    {
      schema: simulatorForm('Hire-purchase simulator: apply, decline or cancel', 'simHirePurchaseSubmit', HP_REQUEST_FIELDS, {
        action: 'What the shopper did',
        months: 'The term in months',
      }),
    },
    async (req, reply) => {
      const o = await open(req.body);
      if (!o) return rejectRequest(reply, req.body);
      const r = o.req;
      let decision: HirePurchaseDecision;
      switch (o.fields.action) {
        case 'approve': {
          const months = parseMonths(o.fields.months);
          if (!months) return rejectRequest(reply, req.body);
          // The credit rule holds whatever the form says.
          decision = creditApproved(r.amountMinor, r.currency) ? { action: 'approve', months } : { action: 'decline', reason: 'CREDIT_DECLINED' };
          break;
        }
        case 'return':
          decision = { action: 'decline', reason: 'CREDIT_DECLINED' };
          break;
        case 'decline':
          decision = { action: 'decline', reason: 'DECLINED' };
          break;
        case 'cancel':
          decision = { action: 'cancel' };
          break;
        default:
          return rejectRequest(reply, req.body);
      }
      return redirect(reply, signedReturnUrl(o.merchant, r, hirePurchaseReturnFields(r, decision), HP_RETURN_FIELDS));
    },
  );
}
