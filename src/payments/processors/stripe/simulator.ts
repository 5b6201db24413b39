/**
 * Kassa's simulator of Stripe for the sandbox (issue 19), in two parts:
 *
 * - the subset of Stripe's API the Stripe connector uses, under /simulators/stripe/v1/… (Kassa
 *   keeps /v1 free): form-encoded requests as the official SDK sends them, Bearer auth with the
 *   sandbox's secret key (or, where Stripe.js may call, the publishable key with the client
 *   secret), Idempotency-Key replays, Stripe's error objects and statuses;
 * - the shopper's pages that stand in for Stripe.js and Elements: the card page
 *   (/simulators/card/pay: wallet button and card form), the wallet sheet and the 3-D Secure
 *   challenge (the PaymentIntent's next_action). They confirm the PaymentIntent by its client
 *   secret and send the shopper to the return_url with Stripe's query (payment_intent,
 *   payment_intent_client_secret, redirect_status).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { fill, formatMoney } from '../../../platform/format.js';
import { html, type Html } from '../../../platform/html.js';
import { isLocale, type Locale } from '../../../platform/locales.js';
import { CURRENCIES } from '../../../platform/money.js';
import { documentedOnly, FormField, FormFields, htmlResponse, OpenObject, pageErrorResponse, redirectResponse, Security } from '../../../platform/schemas.js';
import type { Clock } from '../../../platform/clock.js';
import type { OrderMerchant, SimulatorDirectory } from '../sim-kit/directory.js';
import { simMessages } from '../sim-kit/messages.js';
import { sendInvalidRequest, sendSimPage, type Brand } from '../sim-kit/page.js';
import type { SimRequest } from '../sim-kit/protocol.js';
import { brandDisplay, checkCard, LUHN_SCRIPT } from './behaviour.js';
import { paymentIntentObject, paymentMethodObject, SIM_API_VERSION, SimError, SimErrors, type PaymentIntentRow } from './sim-objects.js';
import { CARD_PAGE_PATH, CHALLENGE_PAGE_PATH, SIM_API_PREFIX, stripeId, WALLET_PAGE_PATH, type SimAnswer, type StripeSimulator } from './sim-service.js';

export interface StripeSimulatorDeps {
  sim: StripeSimulator;
  directory: SimulatorDirectory;
  publicUrl: string;
  clock: Clock;
}

// ---------------------------------------------------------------- the API

type Params = URLSearchParams;

/** A failure: Stripe's api_error object, or Kassa's own error shape when Kassa itself fails before the simulator answers. */
const Failure = Type.Object(
  {
    statusCode: Type.Optional(Type.Integer()),
    message: Type.Optional(Type.String()),
    error: Type.Union([Type.String(), OpenObject("Stripe's error object: type, code, message")]),
  },
  { description: "Stripe's `{error: {type: 'api_error', …}}` (the simulated outage), or Kassa's `{statusCode, message, error}`" },
);

function apiSchema(summary: string, operationId: string, params?: string[], body?: string[]) {
  return {
    tags: ['sandbox'],
    summary,
    description:
      "Kassa's simulator of Stripe's API for the sandbox's Stripe connector (the official SDK). Form-encoded like Stripe's; Bearer auth with the sandbox's secret key; answers and errors in Stripe's shapes. Not an API of Kassa's own.",
    operationId,
    security: Security.none,
    ...(params ? { params: Type.Object(Object.fromEntries(params.map((p) => [p, Type.String()]))) } : {}),
    ...(body
      ? {
          consumes: ['application/x-www-form-urlencoded'],
          body: documentedOnly(FormFields(Object.fromEntries(body.map((k) => [k, Type.Optional(FormField(`Stripe's parameter ${k}`))])), "Stripe's form-encoded parameters (bracketed keys)")),
        }
      : {}),
    response: {
      200: OpenObject("The Stripe object (Stripe's shape)"),
      400: OpenObject("Stripe's error object (invalid_request_error, idempotency_error)"),
      401: OpenObject("Stripe's error object: the key is not the sandbox's"),
      402: OpenObject("Stripe's error object (card_error)"),
      404: OpenObject("Stripe's error object (resource_missing)"),
      500: Failure,
    },
  };
}

function send(reply: FastifyReply, a: SimAnswer & { replayed?: boolean }): FastifyReply {
  reply.code(a.status).header('request-id', stripeId('req', 14)).header('stripe-version', SIM_API_VERSION);
  if (a.replayed) reply.header('idempotent-replayed', 'true');
  // Stripe's own hint to its SDKs: an outage answer is not retried at once (Kassa's refund worker retries later).
  if (a.status >= 500) reply.header('stripe-should-retry', 'false');
  return reply.header('content-type', 'application/json').send(JSON.stringify(a.body));
}

function fail(reply: FastifyReply, e: unknown): FastifyReply {
  if (e instanceof SimError) return send(reply, { status: e.status, body: e.body() });
  throw e;
}

function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  return typeof h === 'string' && h.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
}

const metadataOf = (p: Params): Record<string, string> => {
  const m: Record<string, string> = {};
  for (const [k, v] of p) {
    const key = /^metadata\[([^\]]+)\]$/.exec(k)?.[1];
    if (key) m[key] = v;
  }
  return m;
};

const expandsCharge = (p: Params) => [...p].some(([k, v]) => /^expand\[\d*\]$/.test(k) && v === 'latest_charge');

function onlyKnown(p: Params, allowed: RegExp[]): void {
  for (const k of p.keys()) if (!allowed.some((a) => a.test(k))) throw SimErrors.invalid(`Received unknown parameter: ${k}`, k, 'parameter_unknown');
}

function positiveInt(p: Params, name: string, required: boolean): number | undefined {
  const v = p.get(name);
  if (v === null) {
    if (required) throw SimErrors.invalid(`Missing required param: ${name}.`, name, 'parameter_missing');
    return undefined;
  }
  if (!/^[1-9]\d{0,11}$/.test(v)) throw SimErrors.invalid(`Invalid integer: ${v}`, name, 'parameter_invalid_integer');
  return Number(v);
}

/** The request as the key's record compares it: method, path and the parameters, sorted. */
function canonical(req: FastifyRequest, p: Params): string {
  const pairs = [...p].sort(([a, x], [b, y]) => (a === b ? x.localeCompare(y) : a.localeCompare(b)));
  return `${req.method} ${req.routeOptions.url ?? ''} ${new URLSearchParams(pairs).toString()}`;
}

function idempotencyKey(req: FastifyRequest): string | undefined {
  const k = req.headers['idempotency-key'];
  return typeof k === 'string' && k !== '' ? k.slice(0, 255) : undefined;
}

async function apiRoutes(api: FastifyInstance, deps: StripeSimulatorDeps): Promise<void> {
  const { sim } = deps;
  // Stripe's bodies are form-encoded with bracketed keys (metadata[orderId]): read them raw here.
  if (api.hasContentTypeParser('application/x-www-form-urlencoded')) api.removeContentTypeParser('application/x-www-form-urlencoded');
  api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const bodyOf = (req: FastifyRequest): Params => new URLSearchParams(typeof req.body === 'string' ? req.body : '');
  const queryOf = (req: FastifyRequest): Params => new URL(req.url, 'http://x').searchParams;

  /** The secret key, or (where Stripe.js may call) the publishable key with the PaymentIntent's client secret. */
  const authorize = async (req: FastifyRequest, p: Params, piId?: string): Promise<void> => {
    const key = bearer(req);
    if (key === sim.keys.secretKey) return;
    if (key === sim.keys.publishableKey && piId) {
      const pi = await sim.byClientSecret(p.get('client_secret') ?? '');
      if (pi?.id === piId) return;
      throw SimErrors.missing('payment_intent', piId);
    }
    throw SimErrors.auth(
      key
        ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  };

  api.post(
    '/v1/payment_intents',
    { schema: apiSchema('Stripe simulator: create a PaymentIntent', 'stripeSimCreatePaymentIntent', undefined, ['amount', 'currency', 'description', 'metadata[…]', 'expand[]']) },
    async (req, reply) => {
      try {
        const p = bodyOf(req);
        await authorize(req, p);
        onlyKnown(p, [
          /^amount$/,
          /^currency$/,
          /^description$/,
          /^metadata\[[^\]]+\]$/,
          /^payment_method_types\[\d*\]$/,
          /^automatic_payment_methods\[(enabled|allow_redirects)\]$/,
          /^expand\[\d*\]$/,
        ]);
        const amount = positiveInt(p, 'amount', true)!;
        const currency = p.get('currency') ?? '';
        if (!CURRENCIES.some((c) => c.toLowerCase() === currency)) throw SimErrors.invalid(`Invalid currency: ${currency}.`, 'currency', 'parameter_invalid_string');
        for (const [k, v] of p)
          if (/^payment_method_types/.test(k) && v !== 'card') throw SimErrors.invalid(`The payment method type "${v}" is invalid.`, 'payment_method_types', 'parameter_invalid_string');
        return send(
          reply,
          await sim.write(idempotencyKey(req), canonical(req, p), (tx) => sim.createPaymentIntent(tx, { amount, currency, description: p.get('description'), metadata: metadataOf(p) })),
        );
      } catch (e) {
        return fail(reply, e);
      }
    },
  );

  api.get<{ Params: { id: string } }>('/v1/payment_intents/:id', { schema: apiSchema('Stripe simulator: retrieve a PaymentIntent', 'stripeSimGetPaymentIntent', ['id']) }, async (req, reply) => {
    try {
      const p = queryOf(req);
      await authorize(req, p, req.params.id);
      return send(reply, { status: 200, body: paymentIntentObject(await sim.paymentIntent(req.params.id), expandsCharge(p)) });
    } catch (e) {
      return fail(reply, e);
    }
  });

  api.post<{ Params: { id: string } }>(
    '/v1/payment_intents/:id',
    { schema: apiSchema('Stripe simulator: update a PaymentIntent', 'stripeSimUpdatePaymentIntent', ['id'], ['amount', 'currency', 'description', 'metadata[…]']) },
    async (req, reply) => {
      try {
        const p = bodyOf(req);
        await authorize(req, p);
        onlyKnown(p, [/^amount$/, /^currency$/, /^description$/, /^metadata\[[^\]]+\]$/, /^expand\[\d*\]$/]);
        const amount = positiveInt(p, 'amount', false);
        const currency = p.get('currency') ?? undefined;
        if (currency !== undefined && !CURRENCIES.some((c) => c.toLowerCase() === currency)) throw SimErrors.invalid(`Invalid currency: ${currency}.`, 'currency', 'parameter_invalid_string');
        const description = p.get('description');
        const change = { ...(amount !== undefined ? { amount } : {}), ...(currency !== undefined ? { currency } : {}), ...(description !== null ? { description } : {}), metadata: metadataOf(p) };
        return send(reply, await sim.write(idempotencyKey(req), canonical(req, p), (tx) => sim.update(tx, req.params.id, change)));
      } catch (e) {
        return fail(reply, e);
      }
    },
  );

  api.post<{ Params: { id: string } }>(
    '/v1/payment_intents/:id/confirm',
    { schema: apiSchema('Stripe simulator: confirm a PaymentIntent', 'stripeSimConfirmPaymentIntent', ['id'], ['payment_method', 'payment_method_data[card][…]', 'return_url', 'client_secret']) },
    async (req, reply) => {
      try {
        const p = bodyOf(req);
        await authorize(req, p, req.params.id);
        onlyKnown(p, [/^payment_method$/, /^payment_method_data\[(type|card\]\[(number|exp_month|exp_year|cvc))\]$/, /^return_url$/, /^client_secret$/, /^expand\[\d*\]$/]);
        const returnUrl = p.get('return_url') ?? undefined;
        const number = p.get('payment_method_data[card][number]');
        const card =
          number !== null
            ? { number, expMonth: p.get('payment_method_data[card][exp_month]') ?? '', expYear: p.get('payment_method_data[card][exp_year]') ?? '', cvc: p.get('payment_method_data[card][cvc]') ?? '' }
            : undefined;
        const input = { ...(card ? { card } : {}), ...(p.get('payment_method') ? { paymentMethod: p.get('payment_method')! } : {}), ...(returnUrl ? { returnUrl } : {}) };
        return send(reply, await sim.write(idempotencyKey(req), canonical(req, p), (tx) => sim.confirm(tx, req.params.id, input)));
      } catch (e) {
        return fail(reply, e);
      }
    },
  );

  api.post<{ Params: { id: string } }>(
    '/v1/payment_intents/:id/cancel',
    { schema: apiSchema('Stripe simulator: cancel a PaymentIntent', 'stripeSimCancelPaymentIntent', ['id'], ['cancellation_reason']) },
    async (req, reply) => {
      try {
        const p = bodyOf(req);
        await authorize(req, p);
        onlyKnown(p, [/^cancellation_reason$/, /^expand\[\d*\]$/]);
        return send(reply, await sim.write(idempotencyKey(req), canonical(req, p), (tx) => sim.cancel(tx, req.params.id, p.get('cancellation_reason'))));
      } catch (e) {
        return fail(reply, e);
      }
    },
  );

  api.post(
    '/v1/payment_methods',
    { schema: apiSchema('Stripe simulator: create a card PaymentMethod', 'stripeSimCreatePaymentMethod', undefined, ['type', 'card[number]', 'card[exp_month]', 'card[exp_year]', 'card[cvc]']) },
    async (req, reply) => {
      try {
        const p = bodyOf(req);
        const key = bearer(req);
        if (key !== sim.keys.secretKey && key !== sim.keys.publishableKey) await authorize(req, p);
        onlyKnown(p, [/^type$/, /^card\[(number|exp_month|exp_year|cvc)\]$/]);
        if (p.get('type') !== 'card') throw SimErrors.invalid('Only card PaymentMethods exist in the sandbox.', 'type', 'parameter_invalid_string');
        const card = { number: p.get('card[number]') ?? '', expMonth: p.get('card[exp_month]') ?? '', expYear: p.get('card[exp_year]') ?? '', cvc: p.get('card[cvc]') ?? '' };
        return send(
          reply,
          await sim.write(idempotencyKey(req), canonical(req, p), async (tx) => ({ answer: { status: 200, body: paymentMethodObject(await sim.createPaymentMethod(tx, card)) }, events: [] })),
        );
      } catch (e) {
        return fail(reply, e);
      }
    },
  );

  api.post(
    '/v1/refunds',
    { schema: apiSchema('Stripe simulator: refund a PaymentIntent', 'stripeSimCreateRefund', undefined, ['payment_intent', 'amount', 'reason', 'metadata[…]']) },
    async (req, reply) => {
      try {
        const p = bodyOf(req);
        await authorize(req, p);
        onlyKnown(p, [/^payment_intent$/, /^amount$/, /^reason$/, /^metadata\[[^\]]+\]$/, /^expand\[\d*\]$/]);
        const pi = p.get('payment_intent');
        if (!pi) throw SimErrors.invalid('One of the following params should be provided for this request: payment_intent or charge.', 'payment_intent', 'parameter_missing');
        const amount = positiveInt(p, 'amount', false);
        const key = idempotencyKey(req);
        return send(reply, await sim.write(key, canonical(req, p), (tx) => sim.createRefund(tx, key, { paymentIntent: pi, amount, metadata: metadataOf(p) })));
      } catch (e) {
        return fail(reply, e);
      }
    },
  );

  api.get<{ Params: { id: string } }>('/v1/refunds/:id', { schema: apiSchema('Stripe simulator: retrieve a Refund', 'stripeSimGetRefund', ['id']) }, async (req, reply) => {
    try {
      await authorize(req, queryOf(req));
      return send(reply, { status: 200, body: await sim.refund(req.params.id) });
    } catch (e) {
      return fail(reply, e);
    }
  });

  api.get('/v1/events', { schema: apiSchema('Stripe simulator: list Events, newest first', 'stripeSimListEvents') }, async (req, reply) => {
    try {
      const p = queryOf(req);
      await authorize(req, p);
      const limit = Math.min(100, positiveInt(p, 'limit', false) ?? 10);
      return send(reply, { status: 200, body: await sim.events(limit, p.get('type') ?? undefined) });
    } catch (e) {
      return fail(reply, e);
    }
  });
}

// ---------------------------------------------------------------- the shopper's pages

const BRAND: Brand = { name: 'Kassa Card Processing (Stripe simulator)', color: '#2B2D42' };
/** What every page carries along (the client secret is Stripe.js's capability). */
const STATE_FIELDS = ['client_secret', 'return_url', 'locale', 'mode'] as const;
type State = Record<(typeof STATE_FIELDS)[number], string>;

interface OpenPage {
  pi: PaymentIntentRow;
  state: State;
  merchant: OrderMerchant;
  req: SimRequest;
  fields: Record<string, string>;
}

function fieldsOf(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (raw && typeof raw === 'object') for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') out[k] = v;
  return out;
}

function stateInputs(s: State): Html {
  return html`${STATE_FIELDS.map((n) => html`<input type="hidden" name="${n}" value="${s[n]}">`)}`;
}

const pageSchema = (summary: string, operationId: string) => ({
  tags: ['pages'],
  summary,
  description: "A page of Kassa's Stripe simulator standing in for Stripe.js and Elements (sandbox only). The query carries the PaymentIntent's client secret, the return_url and the page language.",
  operationId,
  security: Security.none,
  querystring: documentedOnly(
    FormFields(
      {
        client_secret: Type.Optional(FormField("The PaymentIntent's client secret")),
        payment_intent: Type.Optional(FormField('The PaymentIntent (3-D Secure step)')),
        return_url: Type.Optional(FormField("Kassa's return URL")),
        locale: Type.Optional(FormField('The page language')),
        mode: Type.Optional(FormField('wallet or card: which comes first')),
      },
      'The page state',
    ),
  ),
  response: { 200: htmlResponse('The page'), 400: pageErrorResponse('The client secret is unknown, or the PaymentIntent cannot be paid here: a page saying so') },
});

const formSchema = (summary: string, operationId: string, inputs: Record<string, string>) => ({
  tags: ['pages'],
  summary,
  description: "The shopper's answer on a page of Kassa's Stripe simulator: the page state again, with what the shopper entered.",
  operationId,
  security: Security.none,
  consumes: ['application/x-www-form-urlencoded'],
  body: documentedOnly(
    FormFields(
      Object.fromEntries([...STATE_FIELDS, 'payment_intent', ...Object.keys(inputs)].map((k) => [k, Type.Optional(FormField(inputs[k] ?? `Page state: ${k}`))])),
      'The page state and the shopper input',
    ),
  ),
  response: {
    200: htmlResponse('The page again'),
    303: redirectResponse('On to the next step (wallet sheet, 3-D Secure), or to the return_url with payment_intent, payment_intent_client_secret and redirect_status'),
    400: pageErrorResponse('The client secret is unknown, or the PaymentIntent cannot be paid here: a page saying so'),
    422: htmlResponse('The card is not valid: the page again, saying why'),
  },
});

async function pageRoutes(app: FastifyInstance, deps: StripeSimulatorDeps): Promise<void> {
  const { sim, directory, publicUrl } = deps;
  const kassa = new URL(publicUrl).origin;

  /** The page's PaymentIntent (by client secret) and its sandbox order; undefined when either is unknown or the return_url is not Kassa's. */
  const open = async (raw: unknown, statuses: readonly string[]): Promise<OpenPage | undefined> => {
    const f = fieldsOf(raw);
    const state: State = { client_secret: f.client_secret ?? '', return_url: f.return_url ?? '', locale: isLocale(f.locale) ? f.locale : 'en', mode: f.mode === 'card' ? 'card' : 'wallet' };
    const pi = await sim.byClientSecret(state.client_secret);
    if (!pi || !statuses.includes(pi.status)) return undefined;
    let returnOrigin: string | undefined;
    try {
      returnOrigin = new URL(state.return_url).origin;
    } catch {
      returnOrigin = undefined;
    }
    // The sandbox's Stripe account returns shoppers to Kassa only.
    if (returnOrigin !== kassa) return undefined;
    const orderId = pi.metadata.kassaOrderId;
    const merchant = orderId ? await directory.merchantOf(orderId) : undefined;
    const currency = CURRENCIES.find((c) => c.toLowerCase() === pi.currency);
    if (!merchant || !orderId || !currency) return undefined;
    const locale = state.locale as Locale;
    const req: SimRequest = { ref: pi.id, order: orderId, amountMinor: pi.amount, currency, locale, payee: merchant.payeeName, description: pi.description ?? '', returnUrl: state.return_url };
    return { pi, state, merchant, req, fields: f };
  };

  const invalid = (reply: FastifyReply, raw: unknown) => {
    const l = fieldsOf(raw).locale;
    return sendInvalidRequest(reply, isLocale(l) ? l : 'en');
  };
  const redirect = (reply: FastifyReply, url: string) => reply.code(303).header('cache-control', 'no-store').header('location', url).send();

  /** As Stripe.js does after a redirect-based confirmation: to the return_url with Stripe's query. */
  const backToKassa = async (reply: FastifyReply, o: OpenPage) => {
    const pi = await sim.paymentIntent(o.pi.id);
    const u = new URL(o.state.return_url);
    u.searchParams.set('payment_intent', pi.id);
    u.searchParams.set('payment_intent_client_secret', pi.client_secret);
    u.searchParams.set('redirect_status', pi.status === 'succeeded' ? 'succeeded' : pi.status === 'processing' ? 'processing' : 'failed');
    return redirect(reply, u.toString());
  };

  /** After a confirmation: the 3-D Secure page when the PaymentIntent asks for it, else back to Kassa. */
  const afterConfirm = async (reply: FastifyReply, o: OpenPage) => {
    const pi = await sim.paymentIntent(o.pi.id);
    const next = pi.next_action?.redirect_to_url;
    if (pi.status === 'requires_action' && next && typeof next === 'object' && !Array.isArray(next) && typeof next.url === 'string') {
      const u = new URL(next.url);
      u.searchParams.set('locale', o.state.locale);
      return redirect(reply, u.toString());
    }
    return backToKassa(reply, o);
  };

  const cancel = async (reply: FastifyReply, o: OpenPage) => {
    await sim.write(undefined, '', (tx) => sim.cancel(tx, o.pi.id, 'abandoned'));
    return backToKassa(reply, o);
  };

  interface FormState {
    number: string;
    expiry: string;
    cvc: string;
    invalidNumber: boolean;
    invalidExpiry: boolean;
    invalidCvc: boolean;
  }
  const EMPTY: FormState = { number: '', expiry: '', cvc: '', invalidNumber: false, invalidExpiry: false, invalidCvc: false };
  const invalidAttr = (flag: boolean, id: string): Html => (flag ? html` aria-invalid="true" aria-describedby="${id}"` : html``);

  const payPage = (reply: FastifyReply, status: number, o: OpenPage, s: FormState) => {
    const t = simMessages(o.req.locale);
    const wallet = html`<section class="card">
<form method="post" action="${CARD_PAGE_PATH}">
${stateInputs(o.state)}
<button type="submit" class="wallet" name="action" value="wallet">${t.walletButton}</button>
</form>
</section>`;
    const card = html`<section class="card">
<h1>${t.payByCard}</h1>
<form method="post" action="${CARD_PAGE_PATH}" id="cardForm" novalidate>
${stateInputs(o.state)}
<input type="hidden" name="action" value="pay">
<label for="cardNumber">${t.cardNumber}</label>
<input type="text" id="cardNumber" name="cardNumber" value="${s.number}" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required${invalidAttr(s.invalidNumber, 'cardNumberError')}>
<p class="error" id="cardNumberError" role="alert"${s.invalidNumber ? '' : html` hidden`}>${t.invalidCardNumber}</p>
<div class="row">
<div><label for="cardExpiry">${t.cardExpiry}</label>
<input type="text" id="cardExpiry" name="cardExpiry" value="${s.expiry}" inputmode="numeric" autocomplete="cc-exp" placeholder="12/34" required${invalidAttr(s.invalidExpiry, 'cardExpiryError')}>
${s.invalidExpiry ? html`<p class="error" id="cardExpiryError" role="alert">${t.invalidExpiry}</p>` : ''}</div>
<div><label for="cardCvc">${t.cardCvc}</label>
<input type="text" id="cardCvc" name="cardCvc" value="${s.cvc}" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required${invalidAttr(s.invalidCvc, 'cardCvcError')}>
${s.invalidCvc ? html`<p class="error" id="cardCvcError" role="alert">${t.invalidCvc}</p>` : ''}</div>
</div>
<div class="actions"><button type="submit" class="primary">${fill(t.cardPay, { amount: formatMoney(o.req.amountMinor, o.req.currency, o.req.locale) })}</button></div>
</form>
</section>`;
    const cancelForm = html`<form method="post" action="${CARD_PAGE_PATH}">
${stateInputs(o.state)}
<button type="submit" class="secondary" name="action" value="cancel">${t.cancel}</button>
</form>`;
    const body = html`${o.state.mode === 'wallet' ? [wallet, card] : [card, wallet]}${cancelForm}`;
    return sendSimPage(reply, status, { req: o.req, brand: BRAND, title: t.cardTitle, body, script: LUHN_SCRIPT }, o.merchant);
  };

  const confirmPage = (title: string, text: string, action: string, hidden: Html, buttons: Html): Html => html`<section class="card">
<h1>${title}</h1>
<p>${text}</p>
<form method="post" action="${action}">
${hidden}
<div class="actions">${buttons}</div>
</form>
</section>`;

  app.get(CARD_PAGE_PATH, { schema: pageSchema('Stripe simulator: the card page (wallet button and card form), as Elements would show it', 'simCardPage') }, async (req, reply) => {
    const o = await open(req.query, ['requires_payment_method']);
    return o ? payPage(reply, 200, o, EMPTY) : invalid(reply, req.query);
  });

  app.post(
    CARD_PAGE_PATH,
    {
      schema: formSchema('Stripe simulator: pay by card, open the wallet, or cancel', 'simCardSubmit', {
        action: 'pay, wallet or cancel',
        cardNumber: 'Card number',
        cardExpiry: 'MM/YY',
        cardCvc: 'CVC',
      }),
    },
    async (req, reply) => {
      const o = await open(req.body, ['requires_payment_method']);
      if (!o) return invalid(reply, req.body);
      const f = o.fields;
      switch (f.action) {
        case 'wallet': {
          const q = new URLSearchParams(o.state);
          return redirect(reply, `${publicUrl}${WALLET_PAGE_PATH}?${q.toString()}`);
        }
        case 'cancel':
          return cancel(reply, o);
        case 'pay': {
          const now = deps.clock.now();
          const input = { number: f.cardNumber ?? '', expiry: f.cardExpiry ?? '', cvc: f.cardCvc ?? '' };
          const r = checkCard(input, { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });
          if (!r.ok) return payPage(reply, 422, o, { ...input, ...r });
          const [month, year] = input.expiry.includes('/') ? input.expiry.split('/').map((x) => x.trim()) : [input.expiry.slice(0, 2), input.expiry.slice(2)];
          const card = { number: input.number, expMonth: month ?? '', expYear: year ?? '', cvc: input.cvc };
          await sim.write(undefined, '', (tx) => sim.confirm(tx, o.pi.id, { card, returnUrl: o.state.return_url }));
          return afterConfirm(reply, o);
        }
        default:
          return invalid(reply, req.body);
      }
    },
  );

  app.get(WALLET_PAGE_PATH, { schema: pageSchema("Stripe simulator: the wallet's confirmation sheet", 'simCardWalletPage') }, async (req, reply) => {
    const o = await open(req.query, ['requires_payment_method']);
    if (!o) return invalid(reply, req.query);
    const t = simMessages(o.req.locale);
    const text = fill(t.walletText, { amount: formatMoney(o.req.amountMinor, o.req.currency, o.req.locale), payee: o.req.payee, card: 'Visa •••• 4242' });
    const buttons = html`<button type="submit" class="wallet" name="action" value="confirm">${t.walletConfirm}</button>
<button type="submit" class="secondary" name="action" value="close">${t.cancel}</button>`;
    const body = confirmPage(t.walletTitle, text, WALLET_PAGE_PATH, stateInputs(o.state), buttons);
    return sendSimPage(reply, 200, { req: o.req, brand: { name: t.walletTitle, color: '#000000' }, title: t.walletTitle, body }, o.merchant);
  });

  app.post(WALLET_PAGE_PATH, { schema: formSchema('Stripe simulator: confirm or close the wallet', 'simCardWalletSubmit', { action: 'confirm or close' }) }, async (req, reply) => {
    const o = await open(req.body, ['requires_payment_method']);
    if (!o) return invalid(reply, req.body);
    if (o.fields.action === 'close') return cancel(reply, o);
    if (o.fields.action !== 'confirm') return invalid(reply, req.body);
    await sim.write(undefined, '', async (tx) => sim.confirm(tx, o.pi.id, { paymentMethod: (await sim.walletPaymentMethod(tx)).id, returnUrl: o.state.return_url }));
    return afterConfirm(reply, o);
  });

  /** The challenge's state: the PaymentIntent's next_action names its return_url. */
  const openChallenge = async (raw: unknown): Promise<OpenPage | undefined> => {
    const f = fieldsOf(raw);
    const pi = await sim.byClientSecret(f.client_secret ?? '');
    const next = pi?.next_action?.redirect_to_url;
    const returnUrl = next && typeof next === 'object' && !Array.isArray(next) && typeof next.return_url === 'string' ? next.return_url : '';
    if (!pi || pi.id !== f.payment_intent) return undefined;
    return open({ ...f, return_url: returnUrl, mode: 'card' }, ['requires_action']);
  };

  app.get(CHALLENGE_PAGE_PATH, { schema: pageSchema('Stripe simulator: the 3-D Secure challenge (the next_action of a PaymentIntent that requires_action)', 'simCard3dsPage') }, async (req, reply) => {
    const o = await openChallenge(req.query);
    if (!o) return invalid(reply, req.query);
    const t = simMessages(o.req.locale);
    const pm = o.pi.payment_method ? await sim.paymentMethod(o.pi.payment_method) : undefined;
    if (!pm) return invalid(reply, req.query);
    const card = `${brandDisplay(pm.card.brand)} •••• ${pm.card.last4}`;
    const text = fill(t.threeDsText, { amount: formatMoney(o.req.amountMinor, o.req.currency, o.req.locale), payee: o.req.payee, card });
    const buttons = html`<button type="submit" class="primary" name="action" value="complete">${t.threeDsComplete}</button>
<button type="submit" class="danger" name="action" value="fail">${t.threeDsFail}</button>`;
    const hidden = html`<input type="hidden" name="payment_intent" value="${o.pi.id}"><input type="hidden" name="client_secret" value="${o.state.client_secret}"><input type="hidden" name="locale" value="${o.state.locale}">`;
    const body = confirmPage(t.threeDsTitle, text, CHALLENGE_PAGE_PATH, hidden, buttons);
    return sendSimPage(reply, 200, { req: o.req, brand: { name: t.threeDsTitle, color: '#1A4D8F' }, title: t.threeDsTitle, body }, o.merchant);
  });

  app.post(CHALLENGE_PAGE_PATH, { schema: formSchema('Stripe simulator: complete or fail the 3-D Secure challenge', 'simCard3dsSubmit', { action: 'complete or fail' }) }, async (req, reply) => {
    const o = await openChallenge(req.body);
    if (!o) return invalid(reply, req.body);
    const action = o.fields.action;
    if (action !== 'complete' && action !== 'fail') return invalid(reply, req.body);
    await sim.write(undefined, '', (tx) => sim.authenticate(tx, o.pi.id, action === 'complete'));
    return backToKassa(reply, o);
  });
}

export async function stripeSimulatorRoutes(app: FastifyInstance, deps: StripeSimulatorDeps): Promise<void> {
  await app.register(async (api) => apiRoutes(api, deps), { prefix: SIM_API_PREFIX });
  await pageRoutes(app, deps);
}
