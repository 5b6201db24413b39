/**
 * The card simulator's pages: the payment page (wallet button and card form, in the order Kassa
 * asked for), the wallet's confirmation sheet and the 3-D Secure challenge.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fill, formatMoney } from '../../../platform/format.js';
import { html, type Html } from '../../../platform/html.js';
import { REQUEST_PURPOSE } from '../sim-kit/adapter.js';
import { simulatorForm, simulatorPage } from '../sim-kit/schema.js';
import type { OrderMerchant } from '../sim-kit/directory.js';
import { openSigned, redirect, rejectRequest, signedReturnUrl, signedStepUrl, type SimulatorDeps } from '../sim-kit/flow.js';
import { simMessages } from '../sim-kit/messages.js';
import { hiddenFields, sendSimPage, type Brand } from '../sim-kit/page.js';
import type { Fields } from '../sim-kit/signing.js';
import { checkCard, LUHN_SCRIPT, WALLET_CARD } from './behaviour.js';
import {
  CARD_CHALLENGE_FIELDS,
  CARD_REQUEST_FIELDS,
  CARD_RETURN_FIELDS,
  cardMapper,
  cardReturnFields,
  parseBrand,
  type CardBrand,
  type CardRequest,
} from './mapper.js';

const BRAND: Brand = { name: 'Kassa Card Processing', color: '#2B2D42' };
const WALLET_PATH = '/simulators/card/wallet';
const CHALLENGE_PATH = '/simulators/card/3ds';
const WALLET_PURPOSE = 'step:wallet';
const CHALLENGE_PURPOSE = 'step:3ds';

interface CardChallenge extends CardRequest {
  brand: CardBrand;
  last4: string;
}

function parseChallenge(f: Fields): CardChallenge | undefined {
  const req = cardMapper.parseRequest(f);
  const brand = parseBrand(f.brand);
  return req && brand && /^\d{4}$/.test(f.last4 ?? '') ? { ...req, brand, last4: f.last4 ?? '' } : undefined;
}

interface CardFormState {
  number: string;
  expiry: string;
  cvc: string;
  invalidNumber: boolean;
  invalidExpiry: boolean;
  invalidCvc: boolean;
}

const EMPTY_FORM: CardFormState = { number: '', expiry: '', cvc: '', invalidNumber: false, invalidExpiry: false, invalidCvc: false };

function invalid(flag: boolean, id: string): Html {
  return flag ? html` aria-invalid="true" aria-describedby="${id}"` : html``;
}

function payPage(reply: FastifyReply, status: number, req: CardRequest, fields: Fields, merchant: OrderMerchant, s: CardFormState): FastifyReply {
  const t = simMessages(req.locale);
  const wallet = html`<section class="card">
<form method="post" action="${cardMapper.entryPath}">
${hiddenFields(fields, CARD_REQUEST_FIELDS)}
<button type="submit" class="wallet" name="action" value="wallet">${t.walletButton}</button>
</form>
</section>`;
  const card = html`<section class="card">
<h1>${t.payByCard}</h1>
<form method="post" action="${cardMapper.entryPath}" id="cardForm" novalidate>
${hiddenFields(fields, CARD_REQUEST_FIELDS)}
<input type="hidden" name="action" value="pay">
<label for="cardNumber">${t.cardNumber}</label>
<input type="text" id="cardNumber" name="cardNumber" value="${s.number}" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required${invalid(s.invalidNumber, 'cardNumberError')}>
<p class="error" id="cardNumberError" role="alert"${s.invalidNumber ? '' : html` hidden`}>${t.invalidCardNumber}</p>
<div class="row">
<div><label for="cardExpiry">${t.cardExpiry}</label>
<input type="text" id="cardExpiry" name="cardExpiry" value="${s.expiry}" inputmode="numeric" autocomplete="cc-exp" placeholder="12/34" required${invalid(s.invalidExpiry, 'cardExpiryError')}>
${s.invalidExpiry ? html`<p class="error" id="cardExpiryError" role="alert">${t.invalidExpiry}</p>` : ''}</div>
<div><label for="cardCvc">${t.cardCvc}</label>
<input type="text" id="cardCvc" name="cardCvc" value="${s.cvc}" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required${invalid(s.invalidCvc, 'cardCvcError')}>
${s.invalidCvc ? html`<p class="error" id="cardCvcError" role="alert">${t.invalidCvc}</p>` : ''}</div>
</div>
<div class="actions"><button type="submit" class="primary">${fill(t.cardPay, { amount: formatMoney(req.amountMinor, req.currency, req.locale) })}</button></div>
</form>
</section>`;
  const cancel = html`<form method="post" action="${cardMapper.entryPath}">
${hiddenFields(fields, CARD_REQUEST_FIELDS)}
<button type="submit" class="secondary" name="action" value="cancel">${t.cancel}</button>
</form>`;
  const body = html`${req.mode === 'wallet' ? [wallet, card] : [card, wallet]}${cancel}`;
  return sendSimPage(reply, status, { req, brand: BRAND, title: t.cardTitle, body, script: LUHN_SCRIPT }, merchant);
}

function confirmPage(title: string, text: string, action: string, fields: Fields, names: readonly string[], buttons: Html): Html {
  return html`<section class="card">
<h1>${title}</h1>
<p>${text}</p>
<form method="post" action="${action}">
${hiddenFields(fields, names)}
<div class="actions">${buttons}</div>
</form>
</section>`;
}

export async function cardSimulatorRoutes(app: FastifyInstance, deps: SimulatorDeps): Promise<void> {
  const openRequest = (raw: unknown) => openSigned(deps.directory, REQUEST_PURPOSE, CARD_REQUEST_FIELDS, cardMapper.parseRequest, raw);
  const openWallet = (raw: unknown) => openSigned(deps.directory, WALLET_PURPOSE, CARD_REQUEST_FIELDS, cardMapper.parseRequest, raw);
  const openChallenge = (raw: unknown) => openSigned(deps.directory, CHALLENGE_PURPOSE, CARD_CHALLENGE_FIELDS, parseChallenge, raw);
  const back = (reply: FastifyReply, o: { req: CardRequest; merchant: OrderMerchant }, fields: Record<string, string>) =>
    redirect(reply, signedReturnUrl(o.merchant, o.req, fields, CARD_RETURN_FIELDS));

  app.get(
    cardMapper.entryPath,
    { schema: simulatorPage('Card simulator: the wallet button and the card form', 'simCardPage', CARD_REQUEST_FIELDS) },
    async (req, reply) => {
      const o = await openRequest(req.query);
      if (!o) return rejectRequest(reply, req.query);
      return payPage(reply, 200, o.req, o.fields, o.merchant, EMPTY_FORM);
    },
  );

  app.post(
    cardMapper.entryPath,
    {
      schema: simulatorForm('Card simulator: pay by card, open the wallet, or cancel', 'simCardSubmit', CARD_REQUEST_FIELDS, {
        action: 'pay, wallet or cancel',
        cardNumber: 'Card number',
        cardExpiry: 'MM/YY',
        cardCvc: 'CVC',
      }),
    },
    async (req, reply) => {
      const o = await openRequest(req.body);
      if (!o) return rejectRequest(reply, req.body);
      const f = o.fields;
      switch (f.action) {
        case 'wallet':
          return redirect(reply, signedStepUrl(deps, WALLET_PATH, o.merchant, WALLET_PURPOSE, f, CARD_REQUEST_FIELDS));
        case 'cancel':
          return back(reply, o, cardReturnFields(o.req, { action: 'cancel' }));
        case 'pay': {
          const now = deps.clock.now();
          const input = { number: f.cardNumber ?? '', expiry: f.cardExpiry ?? '', cvc: f.cardCvc ?? '' };
          const r = checkCard(input, { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });
          if (!r.ok) return payPage(reply, 422, o.req, f, o.merchant, { ...input, ...r });
          const card = { paidWith: 'card' as const, brand: r.brand, last4: r.last4, threeDs: false };
          if (r.outcome === 'challenge') {
            const state = { ...f, brand: r.brand, last4: r.last4 };
            return redirect(reply, signedStepUrl(deps, CHALLENGE_PATH, o.merchant, CHALLENGE_PURPOSE, state, CARD_CHALLENGE_FIELDS));
          }
          if (r.outcome === 'decline') return back(reply, o, cardReturnFields(o.req, { action: 'decline', reason: r.reason, card }));
          return back(reply, o, cardReturnFields(o.req, { action: 'approve', card }));
        }
        default:
          return rejectRequest(reply, req.body);
      }
    },
  );

  app.get(
    WALLET_PATH,
    { schema: simulatorPage("Card simulator: the wallet's confirmation sheet", 'simCardWalletPage', CARD_REQUEST_FIELDS) },
    async (req, reply) => {
      const o = await openWallet(req.query);
      if (!o) return rejectRequest(reply, req.query);
      const t = simMessages(o.req.locale);
      const card = `${WALLET_CARD.brand} •••• ${WALLET_CARD.last4}`;
      const text = fill(t.walletText, { amount: formatMoney(o.req.amountMinor, o.req.currency, o.req.locale), payee: o.req.payee, card });
      const buttons = html`<button type="submit" class="wallet" name="action" value="confirm">${t.walletConfirm}</button>
<button type="submit" class="secondary" name="action" value="close">${t.cancel}</button>`;
      const body = confirmPage(t.walletTitle, text, WALLET_PATH, o.fields, CARD_REQUEST_FIELDS, buttons);
      return sendSimPage(reply, 200, { req: o.req, brand: { name: t.walletTitle, color: '#000000' }, title: t.walletTitle, body }, o.merchant);
    },
  );

  app.post(
    WALLET_PATH,
    { schema: simulatorForm('Card simulator: confirm or close the wallet', 'simCardWalletSubmit', CARD_REQUEST_FIELDS, { action: 'confirm or close' }) },
    async (req, reply) => {
      const o = await openWallet(req.body);
      if (!o) return rejectRequest(reply, req.body);
      if (o.fields.action === 'confirm') {
        return back(reply, o, cardReturnFields(o.req, { action: 'approve', card: { ...WALLET_CARD, paidWith: 'wallet', threeDs: false } }));
      }
      if (o.fields.action === 'close') return back(reply, o, cardReturnFields(o.req, { action: 'cancel' }));
      return rejectRequest(reply, req.body);
    },
  );

  app.get(
    CHALLENGE_PATH,
    { schema: simulatorPage('Card simulator: the 3-D Secure challenge', 'simCard3dsPage', CARD_CHALLENGE_FIELDS) },
    async (req, reply) => {
      const o = await openChallenge(req.query);
      if (!o) return rejectRequest(reply, req.query);
      const t = simMessages(o.req.locale);
      const card = `${o.req.brand} •••• ${o.req.last4}`;
      const text = fill(t.threeDsText, { amount: formatMoney(o.req.amountMinor, o.req.currency, o.req.locale), payee: o.req.payee, card });
      const buttons = html`<button type="submit" class="primary" name="action" value="complete">${t.threeDsComplete}</button>
<button type="submit" class="danger" name="action" value="fail">${t.threeDsFail}</button>`;
      const body = confirmPage(t.threeDsTitle, text, CHALLENGE_PATH, o.fields, CARD_CHALLENGE_FIELDS, buttons);
      return sendSimPage(reply, 200, { req: o.req, brand: { name: t.threeDsTitle, color: '#1A4D8F' }, title: t.threeDsTitle, body }, o.merchant);
    },
  );

  app.post(
    CHALLENGE_PATH,
    {
      schema: simulatorForm('Card simulator: complete or fail the 3-D Secure challenge', 'simCard3dsSubmit', CARD_CHALLENGE_FIELDS, {
        action: 'complete or fail',
      }),
    },
    async (req, reply) => {
      const o = await openChallenge(req.body);
      if (!o) return rejectRequest(reply, req.body);
      const card = { paidWith: 'card' as const, brand: o.req.brand, last4: o.req.last4, threeDs: true };
      if (o.fields.action === 'complete') return back(reply, o, cardReturnFields(o.req, { action: 'approve', card }));
      if (o.fields.action === 'fail') return back(reply, o, cardReturnFields(o.req, { action: 'decline', reason: 'AUTHENTICATION_FAILED', card }));
      return rejectRequest(reply, req.body);
    },
  );
}
