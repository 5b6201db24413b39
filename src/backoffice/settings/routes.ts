/**
 * The Settings area (/dashboard/settings), in the frame's store and environment:
 *   GET  /dashboard/settings                           the page (a viewer sees it read-only)
 *   POST /dashboard/settings/methods                   bank payments on/off per country (this environment)
 *   POST /dashboard/settings/options                   bank-payment refunds, tokens without exp
 *   POST /dashboard/settings/address                   the sender address
 *   POST /dashboard/settings/payout-account            IBAN and account holder
 *   POST /dashboard/settings/keys/roll                 a new secret, shown once; the previous one overlaps
 *   POST /dashboard/settings/keys/revoke-previous      ends the overlap now
 * Every post goes through ctx.formAction (session, CSRF token, owner) and the same services and
 * readers as the operator API (StoreService, KeyService, stores/readers.ts).
 */
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { COUNTRIES, type CountryCode } from '../../payments/methods/catalogue/banks.js';
import { Errors } from '../../platform/errors.js';
import { FormField, FormFields, documentedOnly, errorResponses, htmlResponse, pageErrorResponse, redirectResponse, Security } from '../../platform/schemas.js';
import { Problems, Reader } from '../../platform/validate.js';
import { readPayoutAccount, readShippingAddress } from '../../stores/readers.js';
import type { StorePatch } from '../../stores/service.js';
import type { AreaRoutes } from '../context.js';
import type { OfficeContext } from '../context.js';
import { q, type Frame } from '../layout.js';
import { fieldsOf, FORM_CONSUMES, PAGE_FIELDS, type Fields } from '../schema.js';
import { DEFAULT_OVERLAP_MINUTES } from '../../stores/keys.js';
import type { ApiError } from '../../platform/errors.js';
import { ADDRESS_FIELDS, OVERLAP_CHOICES, PAYOUT_FIELDS, settingsPage, type SettingsForm, type SettingsView } from './pages.js';

const tags = ['pages'];
const security = Security.none;
const { lang, store, env } = PAGE_FIELDS;
const csrf = FormField('The form token');

const SettingsQuery = documentedOnly(FormFields({ lang, store, env, saved: Type.Optional(FormField('1 after a change was saved')) }, 'The page query'));
const body = (fields: Record<string, ReturnType<typeof FormField>>, what: string) => documentedOnly(FormFields({ csrf, store, env, lang, ...fields }, what));
const MethodsBody = body(Object.fromEntries(COUNTRIES.map((c) => [`country.${c}`, Type.Optional(FormField(`"on" when bank payments are on in ${c}`))])), 'Bank payments per country');
const OptionsBody = body(
  { bankRefundsEnabled: Type.Optional(FormField('"on" to allow bank-payment refunds')), allowTokensWithoutExp: Type.Optional(FormField('"on" to accept production Bearer tokens without exp')) },
  'Store options',
);
const AddressBody = body(Object.fromEntries(ADDRESS_FIELDS.map(([k, req]) => [`shippingAddress.${k}`, req ? FormField(k) : Type.Optional(FormField(`${k} (optional)`))])), 'The sender address');
const PayoutBody = body(Object.fromEntries(PAYOUT_FIELDS.map(([k]) => [`payoutAccount.${k}`, FormField(k)])), 'The payout account');
const RollBody = body({ overlapMinutes: Type.Optional(FormField(`Minutes the previous secret stays valid: ${OVERLAP_CHOICES.map(([m]) => m).join(', ')}`)) }, 'Roll the secret');
const RevokeBody = body({}, 'End the overlap');

const PageResponses = {
  200: htmlResponse('The settings of the store in the environment'),
  303: redirectResponse('Not signed in: to the sign-in page'),
  400: pageErrorResponse('A malformed field: a page saying so'),
  404: pageErrorResponse('Not one of the user’s stores: the not-found page'),
};
const SaveResponses = {
  303: redirectResponse('Saved: back to the settings page'),
  400: pageErrorResponse('Refused: the settings page with each problem under its field, nothing changed'),
  403: htmlResponse('The form token is missing or wrong, or the user is a viewer'),
  404: pageErrorResponse('Not one of the user’s stores: the not-found page'),
  415: errorResponses(415)[415]!,
};
const RollResponses = {
  ...SaveResponses,
  200: htmlResponse('Rolled: the settings page showing the new secret this once'),
  409: htmlResponse('A previous secret is still valid: the settings page saying until when'),
};

/** The nested object the operator API's readers take, from the form's `prefix.key` fields. */
function nested(f: Fields, prefix: string, keys: readonly (readonly [string, boolean])[]): Record<string, unknown> {
  return { [prefix]: Object.fromEntries(keys.map(([k]) => [k, f[`${prefix}.${k}`] ?? ''])) };
}

export const settingsRoutes: AreaRoutes = async (app, ctx: OfficeContext) => {
  const { stores, storeKeys, processors } = ctx.services;

  async function view(frame: Frame, extra: Omit<SettingsView, 'store' | 'keys'> = {}): Promise<SettingsView> {
    const [s, keys] = await Promise.all([stores.get(frame.storeId), storeKeys.list(frame.storeId)]);
    if (!s) throw Errors.notFound(`Store ${frame.storeId}`);
    // Production offers only what the operator's connectors reach: say which methods it cannot take.
    const unavailable = frame.env === 'production' ? await processors.productionGaps(s.enabledMethods) : [];
    return { store: s, keys: keys ?? [], unavailable, ...extra };
  }
  const show = async (reply: FastifyReply, status: number, frame: Frame, extra: Omit<SettingsView, 'store' | 'keys'> = {}) =>
    ctx.page(reply, status, frame, settingsPage(frame, await view(frame, extra)));
  const saved = (reply: FastifyReply, frame: Frame) => ctx.redirect(reply, `/dashboard/settings?${q(frame, { saved: '1' })}`);
  /** A form's refusal: the page again with what was typed and each problem under its field. */
  const refuse = (reply: FastifyReply, frame: Frame, form: SettingsForm, f: Fields, p: Problems) =>
    show(reply, 400, frame, { refused: { form, values: f, problems: new Map(p.byField.map((x) => [x.field, x.problem])) } });
  /** Refusals that are not about one field (an overlap still open, an overlap not offered): the page saying why. */
  const errorsOn = (reply: FastifyReply) => ({
    onError: (err: ApiError, _f: Fields, frame: Frame) => show(reply, err.statusCode, frame, { error: err.message }),
  });

  app.get(
    '/dashboard/settings',
    { schema: { tags, security, summary: "The store's settings and API keys (HTML)", operationId: 'dashboardSettings', querystring: SettingsQuery, response: PageResponses } },
    async (req, reply) => {
      const f = fieldsOf(req.query);
      const s = await ctx.signedIn(req, reply, f, 'settings');
      if ('answer' in s) return s.answer;
      return show(reply, 200, s.frame, { saved: f.saved === '1' });
    },
  );

  const post = (
    path: string,
    operationId: string,
    summary: string,
    schema: unknown,
    responses: Record<number, unknown>,
    act: (reply: FastifyReply, f: Fields, frame: Frame) => Promise<FastifyReply>,
  ) =>
    app.post(`/dashboard/settings${path}`, { schema: { tags, security, summary, operationId, consumes: FORM_CONSUMES, body: schema as never, response: responses as never } }, async (req, reply) =>
      ctx.formAction(req, reply, 'settings', (f, frame) => act(reply, f, frame), errorsOn(reply)),
    );

  post('/methods', 'dashboardSettingsMethods', 'Switch bank payments on or off per country in this environment (owner)', MethodsBody, SaveResponses, async (reply, f, frame) => {
    const changes = Object.fromEntries(COUNTRIES.map((c) => [c, f[`country.${c}`] === 'on'])) as Record<CountryCode, boolean>;
    if (!(await stores.setCountries(frame.storeId, frame.env, 'paymentInitiation', changes))) throw Errors.notFound(`Store ${frame.storeId}`);
    return saved(reply, frame);
  });

  post('/options', 'dashboardSettingsOptions', 'Bank-payment refunds and production tokens without exp on or off (owner)', OptionsBody, SaveResponses, async (reply, f, frame) => {
    await stores.update(frame.storeId, { bankRefundsEnabled: f.bankRefundsEnabled === 'on', allowTokensWithoutExp: f.allowTokensWithoutExp === 'on' });
    return saved(reply, frame);
  });

  /** A form read by one of the operator API's readers: refused with each problem under its field, else saved as `patch`. */
  const saveRead = async <T>(
    reply: FastifyReply,
    f: Fields,
    frame: Frame,
    form: SettingsForm,
    prefix: string,
    fields: readonly (readonly [string, boolean])[],
    read: (r: Reader) => T | null | undefined,
    patch: (value: T) => StorePatch,
  ) => {
    const p = new Problems();
    const value = read(new Reader(p, nested(f, prefix, fields)));
    if (!p.ok || !value) return refuse(reply, frame, form, f, p);
    await stores.update(frame.storeId, patch(value));
    return saved(reply, frame);
  };

  post('/address', 'dashboardSettingsAddress', "The store's sender address (owner; the operator API's rules)", AddressBody, SaveResponses, (reply, f, frame) =>
    saveRead(
      reply,
      f,
      frame,
      'address',
      'shippingAddress',
      ADDRESS_FIELDS,
      (r) => readShippingAddress(r, false),
      (shippingAddress) => ({ shippingAddress }),
    ),
  );

  post('/payout-account', 'dashboardSettingsPayoutAccount', "The store's payout account (owner; the operator API's rules)", PayoutBody, SaveResponses, (reply, f, frame) =>
    saveRead(
      reply,
      f,
      frame,
      'payout',
      'payoutAccount',
      PAYOUT_FIELDS,
      (r) => readPayoutAccount(r, false),
      (payoutAccount) => ({ payoutAccount }),
    ),
  );

  post('/keys/roll', 'dashboardSettingsRollKey', "Roll this environment's secret; the new one is shown once, the previous one overlaps (owner)", RollBody, RollResponses, async (reply, f, frame) => {
    const minutes = OVERLAP_CHOICES.find(([m]) => String(m) === (f.overlapMinutes || String(DEFAULT_OVERLAP_MINUTES)))?.[0];
    if (minutes === undefined) throw Errors.validation('overlapMinutes', `must be one of ${OVERLAP_CHOICES.map(([m]) => m).join(', ')}`);
    const rolled = await storeKeys.roll(frame.storeId, frame.env, minutes);
    return show(reply, 200, frame, { rolled });
  });

  post('/keys/revoke-previous', 'dashboardSettingsRevokePrevious', "Stop this environment's previous secret now (owner)", RevokeBody, SaveResponses, async (reply, _f, frame) => {
    await storeKeys.revokePrevious(frame.storeId, frame.env);
    return saved(reply, frame);
  });
};
