/**
 * Wire schemas of sessions, draft payment intents and the embedded card form (TypeBox for the
 * document), and the hand-written readers of what the schemas let through.
 */
import { Type } from 'typebox';
import { Problems, Reader, type Json } from '../../platform/validate.js';
import { described, documentedOnly, errorResponses, FormField, FormFields, htmlResponse, idParam, pageErrorResponse } from '../../platform/schemas.js';
import { DRAFT_METHODS, THREE_DS_FIELDS, type DraftMethod, type PaymentInput } from './service.js';

export const SessionSchema = Type.Object({ uuid: Type.String({ description: 'The session UUID, sent as sessionUuid with the order' }) }, { description: 'A session' });

export const DraftIntentSchema = Type.Object(
  {
    uuid: Type.String({ description: 'The draft payment intent UUID, sent as paymentIntentUuid with the order' }),
    stripePublicKey: Type.String({
      description:
        "cardPayments: the Stripe connector's publishable key (pk_live_…, or pk_test_… for a Stripe test account; the sandbox's simulator: pk_test_KassaSandbox…). blik: `kassa_pk_<env>_<accessKey>`, naming the environment for Kassa's EmbeddedPayments",
    }),
    stripeClientSecret: Type.String({
      description: "cardPayments: the client secret of the draft's Stripe PaymentIntent (pi_…_secret_…). blik: `<uuid>_secret_<mac>`, the draft's id signed under the store's key",
    }),
    onBehalfOf: Type.String({ description: 'The store UUID' }),
  },
  { description: 'A draft payment intent' },
);

export const GatewayUrlSchema = Type.Object(
  {
    uuid: Type.String({ description: 'The session UUID' }),
    url: Type.String({ description: "Kassa's card form page for the session, made for an iframe" }),
  },
  { description: 'Where the card form is' },
);

export const ReturnUrlSchema = Type.Object(
  { merchantReturnUrl: Type.Optional(Type.String({ description: "The order's returnUrl with a signed order-token; absent while the attempt is pending" })) },
  { description: 'The return URL once the payment attempt ended; `{}` while it is pending (poll again)' },
);

export const SessionParams = Type.Object({ sessionUuid: idParam('Session UUID (a malformed one is a 400)') });
export const IntentParams = Type.Object({ paymentIntentUuid: idParam('Payment intent UUID (a malformed one is a 400)') });
export const FormParams = Type.Object({ uuid: idParam('Session or draft payment intent UUID') });
export const GatewayUrlQuery = documentedOnly(
  Type.Object({
    preferredLocale: Type.Optional(Type.String({ description: "en_US, et, lv, lt, pl, fi or ru (the official SDK's locales); de and en also" })),
  }),
  Type.Object({}, { additionalProperties: true }),
);
export const FormQuery = documentedOnly(
  FormFields(
    {
      lang: Type.Optional(FormField('Language of the form (de, en, et, fi, lt, lv, pl, ru)')),
      parent: Type.Optional(FormField('Origin of the page that frames the form (the only one it talks to)')),
    },
    'The form language and its parent origin',
  ),
);

export const PayBody = documentedOnly(
  Type.Object({
    cardNumber: Type.Optional(Type.String({ maxLength: 64 })),
    cardExpiry: Type.Optional(Type.String({ maxLength: 16, description: 'MM/YY' })),
    cardCvc: Type.Optional(Type.String({ maxLength: 8 })),
    blikCode: Type.Optional(Type.String({ maxLength: 16, description: "Instead of the card, for a BLIK draft's order: 6 digits" })),
    elements: Type.Optional(Type.Boolean({ description: "Production's Stripe Elements form: no card; the answer is the PaymentIntent to confirm in the browser" })),
  }),
  Type.Object({}, { additionalProperties: true }),
);

const Intent = Type.String({ description: 'The payment intent of the attempt' });
export const PayResultSchema = Type.Union(
  [
    Type.Object({ status: Type.Literal('paid'), paymentIntentUuid: Intent, resultCode: Type.String() }),
    Type.Object({ status: Type.Literal('failed'), paymentIntentUuid: Intent, errorCode: Type.String({ description: 'DECLINED, INSUFFICIENT_FUNDS or AUTHENTICATION_FAILED' }) }),
    Type.Object({ status: Type.Literal('invalid'), invalidNumber: Type.Boolean(), invalidExpiry: Type.Boolean(), invalidCvc: Type.Boolean() }),
    Type.Object({ status: Type.Literal('invalidCode') }, { description: 'The BLIK code is not 6 digits' }),
    Type.Object({ status: Type.Literal('challenge'), paymentIntentUuid: Intent, embeddedUrl: Type.String({ description: 'The signed 3-D Secure page' }) }),
    Type.Object(
      {
        status: Type.Literal('confirm'),
        paymentIntentUuid: Intent,
        clientSecret: Type.String({ description: "The Stripe PaymentIntent's client secret" }),
        returnUrl: Type.String({ description: 'Where Stripe.js returns after a redirect' }),
      },
      { description: "Production: Stripe.js confirms the PaymentIntent in the browser; Stripe's webhook records the outcome" },
    ),
  ],
  { description: 'The outcome of the card' },
);

export const ChallengeQuery = documentedOnly(
  FormFields({ ...Object.fromEntries([...THREE_DS_FIELDS, 'mac'].map((n) => [n, Type.Optional(FormField(`Signed field ${n}`))])) }, 'The signed 3-D Secure step'),
);
export const ChallengeBody = documentedOnly(
  Type.Object({
    ...Object.fromEntries([...THREE_DS_FIELDS, 'mac'].map((n) => [n, Type.Optional(Type.String({ description: `Signed field ${n}` }))])),
    action: Type.String({ description: 'complete or fail' }),
  }),
  Type.Object({}, { additionalProperties: true }),
);

export const pageResponses = {
  200: htmlResponse('The page'),
  404: pageErrorResponse('Unknown session, or its environment has no card processor configured (production without the stripe connector): a page saying so'),
};
export const challengePageResponses = { 200: htmlResponse('The 3-D Secure page'), 400: pageErrorResponse('The signed fields are missing or altered: a page saying so') };
export const payResponses = { 200: described('The outcome', PayResultSchema), ...errorResponses(400, 403, 404, 409) };

/** The draft payload: `method` (cardPayments or blik). */
export function parseDraftPayload(claims: Json): DraftMethod {
  const p = new Problems();
  const method = new Reader(p, claims).oneOf('method', DRAFT_METHODS, true);
  p.throwIfAny();
  return method!;
}

/** What the form sends: a BLIK code when `blikCode` is there, else the card's three strings (each named when missing or too long). */
export function parsePayment(body: unknown): PaymentInput {
  const p = new Problems();
  const r = new Reader(p, typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Json) : {});
  if (r.has('elements')) return { kind: 'elements' };
  if (r.has('blikCode')) {
    const blikCode = r.string('blikCode', { required: true, max: 16 });
    p.throwIfAny();
    return { kind: 'blik', blikCode: blikCode! };
  }
  const cardNumber = r.string('cardNumber', { required: true, max: 64 });
  const cardExpiry = r.string('cardExpiry', { required: true, max: 16 });
  const cardCvc = r.string('cardCvc', { required: true, max: 8 });
  p.throwIfAny();
  return { kind: 'card', card: { cardNumber: cardNumber!, cardExpiry: cardExpiry!, cardCvc: cardCvc! } };
}

/** The 3-D Secure answer: the signed fields (checked by the service) and the action. */
export function parseChallengeAnswer(body: unknown): { fields: Record<string, string>; action: 'complete' | 'fail' } {
  const p = new Problems();
  const obj = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Json) : {};
  const action = new Reader(p, obj).oneOf('action', ['complete', 'fail'] as const, true);
  p.throwIfAny();
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) if (typeof v === 'string') fields[k] = v;
  return { fields, action: action! };
}
