/**
 * The MobilePay simulator's pages: phone number entry, then the app's confirmation (Approve or
 * Reject), drawn as a phone screen.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fill, formatMoney } from '../../../platform/format.js';
import { html } from '../../../platform/html.js';
import { REQUEST_PURPOSE } from '../sim-kit/adapter.js';
import { simulatorForm, simulatorPage } from '../sim-kit/schema.js';
import type { OrderMerchant } from '../sim-kit/directory.js';
import { openSigned, redirect, rejectRequest, signedReturnUrl, signedStepUrl, type SimulatorDeps } from '../sim-kit/flow.js';
import { simMessages } from '../sim-kit/messages.js';
import { hiddenFields, sendSimPage, type Brand } from '../sim-kit/page.js';
import { parseBaseRequest, type SimRequest } from '../sim-kit/protocol.js';
import type { Fields } from '../sim-kit/signing.js';
import { maskPhone, normalizePhone } from './behaviour.js';
import { MOBILEPAY_APP_FIELDS, MOBILEPAY_REQUEST_FIELDS, MOBILEPAY_RETURN_FIELDS, mobilePayMapper, mobilePayReturnFields } from './mapper.js';

const BRAND: Brand = { name: 'MobilePay', color: '#5A78FF' };
const APP_PATH = '/simulators/mobilepay/app';
const APP_PURPOSE = 'step:app';

interface AppStep extends SimRequest {
  phone: string;
}

function parseApp(f: Fields): AppStep | undefined {
  const req = parseBaseRequest(f);
  return req && f.phone ? { ...req, phone: f.phone } : undefined;
}

function phonePage(reply: FastifyReply, status: number, req: SimRequest, fields: Fields, merchant: OrderMerchant, phone: string, invalid: boolean): FastifyReply {
  const t = simMessages(req.locale);
  const body = html`<section class="card">
<h1>MobilePay</h1>
<form method="post" action="${mobilePayMapper.entryPath}" novalidate>
${hiddenFields(fields, MOBILEPAY_REQUEST_FIELDS)}
<label for="phone">${t.mpPhone}</label>
<input type="tel" id="phone" name="phone" value="${phone}" autocomplete="tel" placeholder="+358 40 123 4567" required aria-describedby="phoneHint${invalid ? ' phoneError' : ''}"${invalid ? html` aria-invalid="true"` : ''}>
<p class="hint" id="phoneHint">${t.mpPhoneHint}</p>
${invalid ? html`<p class="error" id="phoneError" role="alert">${t.invalidPhone}</p>` : ''}
<div class="actions">
<button type="submit" class="primary" name="action" value="send">${t.mpSend}</button>
<button type="submit" class="secondary" name="action" value="cancel">${t.cancel}</button>
</div>
</form>
</section>`;
  return sendSimPage(reply, status, { req, brand: BRAND, title: t.mpPhone, body }, merchant);
}

export async function mobilePaySimulatorRoutes(app: FastifyInstance, deps: SimulatorDeps): Promise<void> {
  const openRequest = (raw: unknown) => openSigned(deps.directory, REQUEST_PURPOSE, MOBILEPAY_REQUEST_FIELDS, mobilePayMapper.parseRequest, raw);
  const openApp = (raw: unknown) => openSigned(deps.directory, APP_PURPOSE, MOBILEPAY_APP_FIELDS, parseApp, raw);

  app.get(mobilePayMapper.entryPath, { schema: simulatorPage('MobilePay simulator: the phone number page', 'simMobilePayPage', MOBILEPAY_REQUEST_FIELDS) }, async (req, reply) => {
    const o = await openRequest(req.query);
    if (!o) return rejectRequest(reply, req.query);
    return phonePage(reply, 200, o.req, o.fields, o.merchant, '', false);
  });

  app.post(
    mobilePayMapper.entryPath,
    {
      schema: simulatorForm('MobilePay simulator: send to the app, or cancel', 'simMobilePaySubmit', MOBILEPAY_REQUEST_FIELDS, {
        action: 'send or cancel',
        phone: 'Phone number',
      }),
    },
    async (req, reply) => {
      const o = await openRequest(req.body);
      if (!o) return rejectRequest(reply, req.body);
      if (o.fields.action === 'cancel') {
        return redirect(reply, signedReturnUrl(o.merchant, o.req, mobilePayReturnFields(o.req, { action: 'cancel' }), MOBILEPAY_RETURN_FIELDS));
      }
      if (o.fields.action !== 'send') return rejectRequest(reply, req.body);
      const phone = normalizePhone(o.fields.phone ?? '');
      if (!phone) return phonePage(reply, 422, o.req, o.fields, o.merchant, o.fields.phone ?? '', true);
      return redirect(reply, signedStepUrl(deps, APP_PATH, o.merchant, APP_PURPOSE, { ...o.fields, phone: maskPhone(phone) }, MOBILEPAY_APP_FIELDS));
    },
  );

  app.get(APP_PATH, { schema: simulatorPage("MobilePay simulator: the app's confirmation", 'simMobilePayAppPage', MOBILEPAY_APP_FIELDS) }, async (req, reply) => {
    const o = await openApp(req.query);
    if (!o) return rejectRequest(reply, req.query);
    const t = simMessages(o.req.locale);
    const amount = formatMoney(o.req.amountMinor, o.req.currency, o.req.locale);
    const body = html`<section class="app" aria-labelledby="appTitle">
<h1 id="appTitle">${t.mpAppTitle}</h1>
<p>${fill(t.mpAppText, { payee: o.req.payee, amount })}</p>
<p class="hint">${fill(t.mpSentTo, { phone: o.req.phone })}</p>
<form method="post" action="${APP_PATH}">
${hiddenFields(o.fields, MOBILEPAY_APP_FIELDS)}
<div class="actions">
<button type="submit" class="primary" name="action" value="approve">${t.approve}</button>
<button type="submit" class="danger" name="action" value="reject">${t.reject}</button>
</div>
</form>
</section>`;
    return sendSimPage(reply, 200, { req: o.req, brand: BRAND, title: t.mpAppTitle, body }, o.merchant);
  });

  app.post(
    APP_PATH,
    {
      schema: simulatorForm('MobilePay simulator: approve or reject in the app', 'simMobilePayAppSubmit', MOBILEPAY_APP_FIELDS, {
        action: 'What the shopper did in the app',
      }),
    },
    async (req, reply) => {
      const o = await openApp(req.body);
      if (!o) return rejectRequest(reply, req.body);
      const action = o.fields.action;
      if (action !== 'approve' && action !== 'reject') return rejectRequest(reply, req.body);
      return redirect(reply, signedReturnUrl(o.merchant, o.req, mobilePayReturnFields(o.req, { action, phone: o.req.phone }), MOBILEPAY_RETURN_FIELDS));
    },
  );
}
