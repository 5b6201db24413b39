/**
 * The simulated bank's SCA page (redirect approach), with the look the bank simulator always had:
 * the bank's brand bar, the sandbox ribbon, the payment summary (payee, amount, description,
 * reference), the payer's account prefilled with a realistic IBAN of the bank's country, and
 * Approve, Decline and Cancel, in the shopper's language (PSU-Accept-Language).
 */
import type { FastifyReply } from 'fastify';
import { html } from '../../../platform/html.js';
import { fill } from '../../../platform/format.js';
import { formatIban } from '../../../platform/iban.js';
import { isLocale, type Locale } from '../../../platform/locales.js';
import type { OrderMerchant } from '../sim-kit/directory.js';
import { SAMPLE_NAMES, sampleIban } from '../sim-kit/iban.js';
import { simMessages } from '../sim-kit/messages.js';
import { sendInvalidRequest, sendSimPage } from '../sim-kit/page.js';
import type { SimRequest } from '../sim-kit/protocol.js';
import { minorOf, type CatalogueBank } from './mapper.js';
import type { SimPaymentRow } from './sim-store.js';
import { SENDER_NAME_MAX } from './sca.js';

export const SCA_PATH = '/simulators/bank/pay';

export interface ScaFormState {
  senderIban: string;
  senderName: string;
  invalidIban: boolean;
  invalidName: boolean;
}

function localeOf(row: SimPaymentRow): Locale {
  return isLocale(row.psu_language) ? row.psu_language : 'en';
}

export function renderScaPage(reply: FastifyReply, status: number, row: SimPaymentRow, bank: CatalogueBank, merchant: OrderMerchant, state: ScaFormState | undefined): FastifyReply {
  const locale = localeOf(row);
  const t = simMessages(locale);
  const s: ScaFormState = state ?? {
    senderIban: formatIban(sampleIban(bank.country, bank.bank.code, row.payment_id)),
    senderName: SAMPLE_NAMES[bank.country],
    invalidIban: false,
    invalidName: false,
  };
  const body = html`<section class="card">
<h1>${t.bankConfirm}</h1>
<p class="hint">${t.bankLoggedIn}</p>
<form method="post" action="${SCA_PATH}" novalidate>
<input type="hidden" name="paymentId" value="${row.payment_id}">
<label for="senderIban">${t.senderIban}</label>
<input type="text" id="senderIban" name="senderIban" value="${s.senderIban}" autocomplete="off" spellcheck="false" required${s.invalidIban ? html` aria-invalid="true" aria-describedby="ibanError"` : ''}>
${s.invalidIban ? html`<p class="error" id="ibanError" role="alert">${t.invalidIban}</p>` : ''}
<label for="senderName">${t.senderName}</label>
<input type="text" id="senderName" name="senderName" value="${s.senderName}" autocomplete="name" maxlength="${String(SENDER_NAME_MAX)}" required${s.invalidName ? html` aria-invalid="true" aria-describedby="nameError"` : ''}>
${s.invalidName ? html`<p class="error" id="nameError" role="alert">${t.invalidName}</p>` : ''}
<div class="actions">
<button type="submit" class="primary" name="action" value="approve">${t.approve}</button>
<button type="submit" class="danger" name="action" value="decline">${t.decline}</button>
<button type="submit" class="secondary" name="action" value="cancel">${t.cancel}</button>
</div>
</form>
</section>`;
  const b = row.body;
  const summary: SimRequest = {
    ref: row.payment_id,
    order: row.order_id,
    amountMinor: minorOf(b.instructedAmount.amount) ?? 0,
    currency: b.instructedAmount.currency,
    locale,
    payee: b.creditorName,
    description: b.remittanceInformationUnstructured,
    returnUrl: row.redirect_uri,
  };
  const reference = b.remittanceInformationStructured?.reference;
  const extraRows = reference ? [{ label: t.reference, value: reference }] : [];
  return sendSimPage(reply, status, { req: summary, brand: { name: bank.bank.name, color: bank.bank.color }, title: fill(t.bankHeading, { bank: bank.bank.name }), body, extraRows }, merchant);
}

/** No payment awaits authorisation under this id (unknown, or already decided). */
export function sendScaInvalid(reply: FastifyReply, locale: Locale): FastifyReply {
  return sendInvalidRequest(reply, locale);
}
