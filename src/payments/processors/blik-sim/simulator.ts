/** The BLIK simulator's page: the 6-digit code from the banking app. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { html } from '../../../platform/html.js';
import { REQUEST_PURPOSE } from '../sim-kit/adapter.js';
import { simulatorForm, simulatorPage } from '../sim-kit/schema.js';
import type { OrderMerchant } from '../sim-kit/directory.js';
import { openSigned, redirect, rejectRequest, signedReturnUrl, type SimulatorDeps } from '../sim-kit/flow.js';
import { simMessages } from '../sim-kit/messages.js';
import { hiddenFields, sendSimPage, type Brand } from '../sim-kit/page.js';
import type { Fields } from '../sim-kit/signing.js';
import { decideBlik } from './behaviour.js';
import { BLIK_REQUEST_FIELDS, BLIK_RETURN_FIELDS, blikMapper, blikReturnFields, type BlikRequest } from './mapper.js';

const BRAND: Brand = { name: 'BLIK', color: '#000000' };

function codePage(reply: FastifyReply, status: number, req: BlikRequest, fields: Fields, merchant: OrderMerchant, code: string, invalid: boolean): FastifyReply {
  const t = simMessages(req.locale);
  const body = html`<section class="card">
<h1>${t.blikCode}</h1>
<form method="post" action="${blikMapper.entryPath}" novalidate>
${hiddenFields(fields, BLIK_REQUEST_FIELDS)}
<label for="code">${t.blikCode}</label>
<input type="text" id="code" name="code" value="${code}" inputmode="numeric" autocomplete="one-time-code" maxlength="7" placeholder="777 123" required aria-describedby="codeHint${invalid ? ' codeError' : ''}"${invalid ? html` aria-invalid="true"` : ''}>
<p class="hint" id="codeHint">${t.blikHint}</p>
${invalid ? html`<p class="error" id="codeError" role="alert">${t.invalidBlikCode}</p>` : ''}
<div class="actions">
<button type="submit" class="primary" name="action" value="pay">${t.blikPay}</button>
<button type="submit" class="secondary" name="action" value="cancel">${t.cancel}</button>
</div>
</form>
</section>`;
  return sendSimPage(reply, status, { req, brand: { ...BRAND }, title: t.blikCode, body }, merchant);
}

export async function blikSimulatorRoutes(app: FastifyInstance, deps: SimulatorDeps): Promise<void> {
  const open = (raw: unknown) => openSigned(deps.directory, REQUEST_PURPOSE, BLIK_REQUEST_FIELDS, blikMapper.parseRequest, raw);

  app.get(blikMapper.entryPath, { schema: simulatorPage('BLIK simulator: the code page', 'simBlikPage', BLIK_REQUEST_FIELDS) }, async (req, reply) => {
    const o = await open(req.query);
    if (!o) return rejectRequest(reply, req.query);
    return codePage(reply, 200, o.req, o.fields, o.merchant, '', false);
  });

  app.post(
    blikMapper.entryPath,
    {
      schema: simulatorForm('BLIK simulator: pay with a code, or cancel', 'simBlikSubmit', BLIK_REQUEST_FIELDS, {
        action: 'pay or cancel',
        code: 'The 6-digit BLIK code',
      }),
    },
    async (req, reply) => {
      const o = await open(req.body);
      if (!o) return rejectRequest(reply, req.body);
      if (o.fields.action === 'cancel') {
        return redirect(reply, signedReturnUrl(o.merchant, o.req, blikReturnFields(o.req, { action: 'cancel' }), BLIK_RETURN_FIELDS));
      }
      if (o.fields.action !== 'pay') return rejectRequest(reply, req.body);
      const decision = decideBlik(o.fields.code ?? '');
      if (!decision) return codePage(reply, 422, o.req, o.fields, o.merchant, o.fields.code ?? '', true);
      return redirect(reply, signedReturnUrl(o.merchant, o.req, blikReturnFields(o.req, decision), BLIK_RETURN_FIELDS));
    },
  );
}
