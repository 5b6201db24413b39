/**
 * The bank simulator's pages: the bank's login-and-confirm page showing the payee, amount,
 * description and reference, with the payer's account (prefilled with a realistic IBAN of the
 * bank's country) and Approve, Decline and Cancel.
 */
import type { FastifyInstance } from 'fastify';
import { html } from '../../../platform/html.js';
import { REQUEST_PURPOSE } from '../sim-kit/adapter.js';
import { simulatorForm, simulatorPage } from '../sim-kit/schema.js';
import { openSigned, redirect, rejectRequest, signedReturnUrl, type SimulatorDeps } from '../sim-kit/flow.js';
import { formatIban } from '../../../platform/iban.js';
import { SAMPLE_NAMES, sampleIban } from '../sim-kit/iban.js';
import { simMessages } from '../sim-kit/messages.js';
import { fill } from '../../../platform/format.js';
import { hiddenFields, sendSimPage } from '../sim-kit/page.js';
import type { OrderMerchant } from '../sim-kit/directory.js';
import type { FastifyReply } from 'fastify';
import { decideBank } from './behaviour.js';
import { BANK_REQUEST_FIELDS, BANK_RETURN_FIELDS, bankMapper, bankReturnFields, type BankRequest } from './mapper.js';

interface FormState {
  senderIban: string;
  senderName: string;
  invalidIban: boolean;
  invalidName: boolean;
}

function page(reply: FastifyReply, status: number, req: BankRequest, fields: Record<string, string>, merchant: OrderMerchant, s: FormState): FastifyReply {
  const t = simMessages(req.locale);
  const body = html`<section class="card">
<h1>${t.bankConfirm}</h1>
<p class="hint">${t.bankLoggedIn}</p>
<form method="post" action="${bankMapper.entryPath}" novalidate>
${hiddenFields(fields, BANK_REQUEST_FIELDS)}
<label for="senderIban">${t.senderIban}</label>
<input type="text" id="senderIban" name="senderIban" value="${s.senderIban}" autocomplete="off" spellcheck="false" required${s.invalidIban ? html` aria-invalid="true" aria-describedby="ibanError"` : ''}>
${s.invalidIban ? html`<p class="error" id="ibanError" role="alert">${t.invalidIban}</p>` : ''}
<label for="senderName">${t.senderName}</label>
<input type="text" id="senderName" name="senderName" value="${s.senderName}" autocomplete="name" maxlength="70" required${s.invalidName ? html` aria-invalid="true" aria-describedby="nameError"` : ''}>
${s.invalidName ? html`<p class="error" id="nameError" role="alert">${t.invalidName}</p>` : ''}
<div class="actions">
<button type="submit" class="primary" name="action" value="approve">${t.approve}</button>
<button type="submit" class="danger" name="action" value="decline">${t.decline}</button>
<button type="submit" class="secondary" name="action" value="cancel">${t.cancel}</button>
</div>
</form>
</section>`;
  const extraRows = req.reference ? [{ label: t.reference, value: req.reference }] : [];
  return sendSimPage(
    reply,
    status,
    { req, brand: { name: req.bank.name, color: req.bank.color }, title: fill(t.bankHeading, { bank: req.bank.name }), body, extraRows },
    merchant,
  );
}

export async function bankSimulatorRoutes(app: FastifyInstance, deps: SimulatorDeps): Promise<void> {
  const open = (raw: unknown) => openSigned(deps.directory, REQUEST_PURPOSE, BANK_REQUEST_FIELDS, bankMapper.parseRequest, raw);

  app.get(bankMapper.entryPath, { schema: simulatorPage('Bank simulator: the payment page', 'simBankPage', BANK_REQUEST_FIELDS) }, async (req, reply) => {
    const o = await open(req.query);
    if (!o) return rejectRequest(reply, req.query);
    const { country, bank, ref } = o.req;
    return page(reply, 200, o.req, o.fields, o.merchant, {
      senderIban: formatIban(sampleIban(country, bank.code, ref)),
      senderName: SAMPLE_NAMES[country],
      invalidIban: false,
      invalidName: false,
    });
  });

  app.post(
    bankMapper.entryPath,
    {
      schema: simulatorForm('Bank simulator: approve, decline or cancel', 'simBankSubmit', BANK_REQUEST_FIELDS, {
        action: 'approve, decline or cancel',
        senderIban: "The payer's IBAN",
        senderName: "The payer's name",
      }),
    },
    async (req, reply) => {
      const o = await open(req.body);
      if (!o) return rejectRequest(reply, req.body);
      const senderIban = o.fields.senderIban ?? '';
      const senderName = o.fields.senderName ?? '';
      const result = decideBank(o.fields.action, senderIban, senderName);
      if (!result) return rejectRequest(reply, req.body);
      if (!result.ok) return page(reply, 422, o.req, o.fields, o.merchant, { senderIban, senderName, ...result });
      return redirect(reply, signedReturnUrl(o.merchant, o.req, bankReturnFields(o.req, result.decision), BANK_RETURN_FIELDS));
    },
  );
}
