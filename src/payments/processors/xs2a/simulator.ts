/**
 * Kassa's Berlin Group NextGenPSD2 XS2A simulator: every catalogue bank of the sandbox is an
 * XS2A bank at `/simulators/xs2a/{country}-{bankCode}` speaking the payment initiation service
 * (JSON bodies, Berlin Group error bodies, X-Request-ID idempotency, a required TPP-Redirect-URI),
 * with the bank's redirect SCA page at `/simulators/bank/pay`. Its state is in the database
 * (migration 031), so any API node answers for any payment. It only initiates payments whose
 * TPP-Redirect-URI is Kassa's return address of a sandbox order: it can never pay a production
 * order, nor redirect anyone elsewhere.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { isUuid } from '../../../platform/ids.js';
import { isLocale, type Locale } from '../../../platform/locales.js';
import { documentedOnly, ErrorBody, FormField, FormFields, htmlResponse, pageErrorResponse, redirectResponse, Security, errorResponses } from '../../../platform/schemas.js';
import type { ProcessorContext } from '../contract.js';
import { bankOfKey, minorOf, parseInitiation, tppError, type CatalogueBank, type PaymentInitiation } from './mapper.js';
import { decide, find, insertOrFind, readStatus, type SimPaymentRow } from './sim-store.js';
import { BANK_MAGIC_CENTS, decideSca } from './sca.js';
import { renderScaPage, sendScaInvalid, SCA_PATH, type ScaFormState } from './sca-page.js';
import type { OrderMerchant } from '../sim-kit/directory.js';

/** The products the simulated banks offer: SEPA credit transfers in EUR; the Polish domestic product in PLN (docs/decisions.md). */
export const SANDBOX_PRODUCTS: Readonly<Record<'EUR' | 'PLN', readonly string[]>> = { EUR: ['sepa-credit-transfers', 'instant-sepa-credit-transfers'], PLN: ['domestic'] };

/** How long a bank keeps the shopper's shop waiting on the magic amount (longer than the sandbox client's timeout). */
export const SLOW_ANSWER_MS = 2_500;

export const SIM_BASE = '/simulators/xs2a';

const TppMessagesSchema = Type.Object(
  { tppMessages: Type.Array(Type.Object({ category: Type.String(), code: Type.String(), text: Type.Optional(Type.String()), path: Type.Optional(Type.String()) })) },
  { description: 'A Berlin Group error (Implementation Guidelines 14.11)' },
);
const Link = Type.Object({ href: Type.String() });
const InitiationAnswerSchema = Type.Object(
  {
    transactionStatus: Type.String(),
    paymentId: Type.String(),
    _links: Type.Object({ scaRedirect: Type.Optional(Link), self: Type.Optional(Link), status: Type.Optional(Link) }),
  },
  { description: 'The payment was received: redirect the PSU to scaRedirect' },
);
const StatusSchema = Type.Object(
  { transactionStatus: Type.String(), tppMessages: Type.Optional(TppMessagesSchema.properties.tppMessages) },
  { description: 'The transaction status (ISO 20022); why, when the bank rejected it' },
);
const PaymentSchema = Type.Object({}, { additionalProperties: true, description: 'The payment initiation with its transactionStatus, debtorAccount and debtorName once authorised' });
const Params = Type.Object({ bank: Type.String({ description: '`{country}-{bankCode}`, e.g. LV-HABALV22' }), product: Type.String({ description: 'The payment product' }) });
const PaymentParams = Type.Object({ ...Params.properties, paymentId: Type.String() });

const InitiationHeaders = Type.Object(
  {
    'x-request-id': Type.String({ format: 'uuid', description: "The TPP's request id: a repeated initiation with the same id answers the same payment" }),
    'psu-ip-address': Type.String({ description: "The PSU's IP address" }),
    'tpp-redirect-uri': Type.String({ description: "Where the bank sends the PSU after SCA: Kassa's return URL of a sandbox order" }),
    'tpp-nok-redirect-uri': Type.Optional(Type.String({ description: 'Where the bank sends the PSU after a failed or cancelled SCA' })),
    'tpp-redirect-preferred': Type.Optional(Type.String()),
    'psu-accept-language': Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
const InitiationBodySchema = Type.Object(
  {
    instructedAmount: Type.Object({ currency: Type.String(), amount: Type.String() }),
    creditorAccount: Type.Object({ iban: Type.String() }),
    creditorName: Type.String(),
    debtorAccount: Type.Optional(Type.Object({ iban: Type.String() })),
    remittanceInformationUnstructured: Type.Optional(Type.String()),
    remittanceInformationStructured: Type.Optional(Type.Object({ reference: Type.String(), referenceType: Type.Optional(Type.String()) })),
  },
  { additionalProperties: true, description: 'A single payment initiation (JSON payment products)' },
);

const api = { tags: ['pages'], security: Security.none };

function bgError(reply: FastifyReply, status: number, code: string, text: string): FastifyReply {
  return reply.code(status).header('content-type', 'application/json').send(tppError(code, text));
}

function header(h: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Canonical form of a body for the idempotency check: the same payment, however its keys were ordered. */
function sha256Of(b: PaymentInitiation): string {
  const canonical = JSON.stringify({
    a: b.instructedAmount,
    c: b.creditorAccount.iban,
    n: b.creditorName,
    d: b.debtorAccount?.iban ?? null,
    u: b.remittanceInformationUnstructured,
    s: b.remittanceInformationStructured ?? null,
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/** The sandbox order a TPP-Redirect-URI returns to (Kassa's `/pay/{orderId}/return` on its own origin), if any. */
function orderOfRedirect(uri: string, publicUrl: string): string | undefined {
  try {
    const u = new URL(uri);
    if (u.origin !== new URL(publicUrl).origin) return undefined;
    const m = /^\/pay\/([^/]+)\/return$/.exec(u.pathname);
    return m && isUuid(m[1]) ? m[1] : undefined;
  } catch {
    return undefined;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The SCA page's address of a payment (the bank's own page; the payment id is its only credential, as at a real bank). */
export function scaRedirectHref(publicUrl: string, bank: CatalogueBank, paymentId: string): string {
  return `${publicUrl}${SCA_PATH}?${new URLSearchParams({ paymentId, bank: bank.bank.code, country: bank.country }).toString()}`;
}

/** A payment the shopper approved and the bank then rejected says why, as banks do (N26's PISP guide: FUNDS_NOT_AVAILABLE). */
function rejection(row: SimPaymentRow): { tppMessages?: ReturnType<typeof tppError>['tppMessages'] } {
  return row.transaction_status === 'RJCT' && row.debtor_iban ? tppError('FUNDS_NOT_AVAILABLE', 'Insufficient available balance prevented execution after the PSU approved') : {};
}

function paymentView(row: SimPaymentRow): Record<string, unknown> {
  return {
    ...row.body,
    ...(row.debtor_iban ? { debtorAccount: { iban: row.debtor_iban } } : {}),
    ...(row.debtor_name ? { debtorName: row.debtor_name } : {}),
    transactionStatus: row.transaction_status,
    ...rejection(row),
  };
}

export async function xs2aSimulatorRoutes(app: FastifyInstance, ctx: ProcessorContext): Promise<void> {
  const base = (bankKey: string, product: string) => `${SIM_BASE}/${bankKey}/v1/payments/${product}`;

  /** The bank and product of a path, or the Berlin Group error already sent. */
  const resolve = (reply: FastifyReply, bankKey: string, product: string): CatalogueBank | undefined => {
    const bank = bankOfKey(bankKey);
    if (!bank) {
      bgError(reply, 404, 'RESOURCE_UNKNOWN', `no simulated bank ${bankKey}`);
      return undefined;
    }
    if (!Object.values(SANDBOX_PRODUCTS).some((ps) => ps.includes(product))) {
      bgError(reply, 404, 'PRODUCT_UNKNOWN', `the payment product ${product} is not offered`);
      return undefined;
    }
    return bank;
  };

  app.post<{ Params: { bank: string; product: string } }>(
    `${SIM_BASE}/:bank/v1/payments/:product`,
    {
      schema: {
        ...api,
        summary: 'XS2A simulator: payment initiation (Berlin Group NextGenPSD2)',
        operationId: 'simXs2aInitiate',
        params: Params,
        headers: documentedOnly(InitiationHeaders),
        body: documentedOnly(InitiationBodySchema),
        response: {
          201: InitiationAnswerSchema,
          400: Type.Union([TppMessagesSchema, ErrorBody], { description: "A Berlin Group FORMAT_ERROR; a body that is not JSON at all gets Kassa's error body" }),
          403: TppMessagesSchema,
          404: TppMessagesSchema,
          415: errorResponses(415)[415]!,
        },
      },
    },
    async (req, reply) => {
      const bank = resolve(reply, req.params.bank, req.params.product);
      if (!bank) return reply;
      const { product } = req.params;
      const h = req.headers;
      const requestId = header(h, 'x-request-id');
      if (!requestId || !isUuid(requestId)) return bgError(reply, 400, 'FORMAT_ERROR', 'X-Request-ID must be a UUID');
      if (!header(h, 'psu-ip-address')) return bgError(reply, 400, 'FORMAT_ERROR', 'PSU-IP-Address is required');
      const redirectUri = header(h, 'tpp-redirect-uri');
      if (!redirectUri) return bgError(reply, 400, 'FORMAT_ERROR', 'TPP-Redirect-URI is required (this bank offers the redirect SCA approach only)');
      const nokRedirectUri = header(h, 'tpp-nok-redirect-uri') ?? null;
      const orderId = orderOfRedirect(redirectUri, ctx.publicUrl);
      const merchant = orderId ? await ctx.directory.merchantOf(orderId) : undefined;
      if (!orderId || !merchant || (nokRedirectUri && orderOfRedirect(nokRedirectUri, ctx.publicUrl) !== orderId)) {
        return bgError(reply, 400, 'FORMAT_ERROR', "TPP-Redirect-URI must be Kassa's return address of a sandbox order");
      }
      const body = parseInitiation(req.body);
      if (typeof body === 'string') return bgError(reply, 400, 'FORMAT_ERROR', body);
      if (!SANDBOX_PRODUCTS[body.instructedAmount.currency].includes(product)) {
        return bgError(reply, 403, 'PRODUCT_INVALID', `${product} does not take ${body.instructedAmount.currency}`);
      }
      if (!bank.bank.supportedCurrencies.includes(body.instructedAmount.currency)) {
        return bgError(reply, 400, 'FORMAT_ERROR', `${bank.bank.name} does not accept ${body.instructedAmount.currency}`);
      }
      const language = (header(h, 'psu-accept-language') ?? 'en').split(/[,;-]/)[0]!.trim().toLowerCase();
      const { row, created } = await insertOrFind(ctx.db, {
        paymentId: randomUUID(),
        bank: req.params.bank,
        product,
        requestId,
        bodySha256: sha256Of(body),
        body,
        orderId,
        redirectUri,
        nokRedirectUri,
        language: isLocale(language) ? language : 'en',
      });
      if (row.body_sha256 !== sha256Of(body) || row.product !== product) {
        return bgError(reply, 400, 'FORMAT_ERROR', `X-Request-ID ${requestId} was already used for another payment`);
      }
      // The magic amount: the first call is answered too late (the payment exists already).
      if (created && (minorOf(body.instructedAmount.amount) ?? 0) % 100 === BANK_MAGIC_CENTS.slowInitiation) await sleep(SLOW_ANSWER_MS);
      const self = `${ctx.publicUrl}${base(req.params.bank, product)}/${row.payment_id}`;
      return reply
        .code(201)
        .header('aspsp-sca-approach', 'REDIRECT')
        .header('x-request-id', requestId)
        .header('location', self)
        .send({
          transactionStatus: row.transaction_status,
          paymentId: row.payment_id,
          _links: { scaRedirect: { href: scaRedirectHref(ctx.publicUrl, bank, row.payment_id) }, self: { href: self }, status: { href: `${self}/status` } },
        });
    },
  );

  /** The payment of a path, or the Berlin Group error already sent. */
  const paymentOf = async (reply: FastifyReply, p: { bank: string; product: string; paymentId: string }, read: (id: string) => Promise<SimPaymentRow | undefined>) => {
    if (!resolve(reply, p.bank, p.product)) return undefined;
    const row = isUuid(p.paymentId) ? await read(p.paymentId) : undefined;
    if (!row || row.bank !== p.bank || row.product !== p.product) {
      bgError(reply, 403, 'RESOURCE_UNKNOWN', `no payment ${p.paymentId} at ${p.bank}`);
      return undefined;
    }
    return row;
  };

  app.get<{ Params: { bank: string; product: string; paymentId: string } }>(
    `${SIM_BASE}/:bank/v1/payments/:product/:paymentId/status`,
    {
      schema: {
        ...api,
        summary: 'XS2A simulator: the transaction status of a payment',
        operationId: 'simXs2aStatus',
        params: PaymentParams,
        response: {
          200: StatusSchema,
          400: { ...errorResponses(400)[400]!, description: "A path Kassa's router refuses (not percent-encoded UTF-8): Kassa's error body" },
          403: TppMessagesSchema,
          404: TppMessagesSchema,
        },
      },
    },
    async (req, reply) => {
      const row = await paymentOf(reply, req.params, (id) => readStatus(ctx.db, id));
      if (!row) return reply;
      return { transactionStatus: row.transaction_status, ...rejection(row) };
    },
  );

  app.get<{ Params: { bank: string; product: string; paymentId: string } }>(
    `${SIM_BASE}/:bank/v1/payments/:product/:paymentId`,
    {
      schema: {
        ...api,
        summary: 'XS2A simulator: a payment with its status and, once authorised, its debtor',
        operationId: 'simXs2aPayment',
        params: PaymentParams,
        response: {
          200: PaymentSchema,
          400: { ...errorResponses(400)[400]!, description: "A path Kassa's router refuses (not percent-encoded UTF-8): Kassa's error body" },
          403: TppMessagesSchema,
          404: TppMessagesSchema,
        },
      },
    },
    async (req, reply) => {
      const row = await paymentOf(reply, req.params, (id) => find(ctx.db, id));
      if (!row) return reply;
      return paymentView(row);
    },
  );

  // The bank's SCA page (redirect approach): the payment's summary, the payer's account, Approve / Decline / Cancel.
  const ScaQuery = FormFields(
    { paymentId: FormField('The payment at the simulated bank'), bank: FormField('The bank code (informative)'), country: FormField('The country (informative)') },
    'The payment to authorise',
  );
  const ScaForm = FormFields(
    {
      paymentId: FormField('The payment at the simulated bank'),
      action: FormField('approve, decline or cancel'),
      senderIban: FormField("The payer's IBAN"),
      senderName: FormField("The payer's name"),
    },
    "The shopper's decision",
  );

  /** The payment still awaiting the PSU's decision, with its order's merchant; undefined when unknown or decided. */
  const open = async (raw: unknown): Promise<{ row: SimPaymentRow; merchant: OrderMerchant; bank: CatalogueBank } | undefined> => {
    const f = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const id = Array.isArray(f.paymentId) ? f.paymentId[0] : f.paymentId;
    if (!isUuid(id)) return undefined;
    const row = await find(ctx.db, id);
    if (!row || row.transaction_status !== 'RCVD') return undefined;
    const merchant = await ctx.directory.merchantOf(row.order_id);
    const bank = bankOfKey(row.bank);
    return merchant && bank ? { row, merchant, bank } : undefined;
  };
  const localeOf = (raw: unknown): Locale => {
    const l = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).lang : undefined;
    return isLocale(l) ? l : 'en';
  };

  app.get(
    SCA_PATH,
    {
      schema: {
        tags: ['pages'],
        security: Security.none,
        summary: 'XS2A simulator: the bank’s SCA page (redirect approach)',
        operationId: 'simBankPage',
        querystring: documentedOnly(ScaQuery),
        response: { 200: htmlResponse('The page'), 400: pageErrorResponse('No payment awaits authorisation under this id: a page saying so') },
      },
    },
    async (req, reply) => {
      const o = await open(req.query);
      if (!o) return sendScaInvalid(reply, localeOf(req.query));
      return renderScaPage(reply, 200, o.row, o.bank, o.merchant, undefined);
    },
  );

  app.post(
    SCA_PATH,
    {
      schema: {
        tags: ['pages'],
        security: Security.none,
        summary: 'XS2A simulator: approve, decline or cancel on the bank’s SCA page',
        operationId: 'simBankSubmit',
        consumes: ['application/x-www-form-urlencoded'],
        body: documentedOnly(ScaForm),
        response: {
          303: redirectResponse('Back to the TPP-Redirect-URI (approved) or TPP-Nok-Redirect-URI (declined, cancelled)'),
          400: pageErrorResponse('No payment awaits authorisation under this id: a page saying so'),
          415: errorResponses(415)[415]!,
          422: htmlResponse('The input is not valid: the page again, saying why'),
        },
      },
    },
    async (req, reply) => {
      const o = await open(req.body);
      if (!o) return sendScaInvalid(reply, 'en');
      const f = req.body as Record<string, unknown>;
      const str = (k: string) => (typeof f[k] === 'string' ? (f[k] as string) : '');
      const amountMinor = minorOf(o.row.body.instructedAmount.amount) ?? 0;
      const d = decideSca(str('action'), str('senderIban'), str('senderName'), amountMinor);
      if (!d) return sendScaInvalid(reply, o.row.psu_language as Locale);
      if (!d.ok) {
        const state: ScaFormState = { senderIban: str('senderIban'), senderName: str('senderName'), invalidIban: d.invalidIban, invalidName: d.invalidName };
        return renderScaPage(reply, 422, o.row, o.bank, o.merchant, state);
      }
      const decided = await decide(ctx.db, o.row.payment_id, d);
      if (!decided) return sendScaInvalid(reply, o.row.psu_language as Locale);
      const to = d.approved ? decided.redirect_uri : (decided.nok_redirect_uri ?? decided.redirect_uri);
      return reply.code(303).header('cache-control', 'no-store').header('location', to).send();
    },
  );
}
