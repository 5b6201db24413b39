/**
 * Wire schemas of the back office's Shipping pages (HTML) and the readers of their fields. The
 * contract form is turned into the operator route's JSON body and read by its own reader
 * (parseContractInput), so the page and POST /operator/stores/:uuid/carrier-contracts apply the same rules.
 */
import { Type } from 'typebox';
import { isUuid } from '../../platform/ids.js';
import { Errors } from '../../platform/errors.js';
import type { Env } from '../../platform/env.js';
import { documentedOnly, errorResponses, fileResponse, FormField, FormFields, htmlResponse, pageErrorResponse, redirectResponse } from '../../platform/schemas.js';
import { SHIPMENT_STATUSES } from '../../shipping/shipments/states.js';
import { PAGE_FIELDS, PageQuery, type Fields } from '../schema.js';

const { lang, store, env } = PAGE_FIELDS;
const csrf = FormField('The form token');

export { PageQuery };
export const ShipmentsQuery = documentedOnly(
  FormFields(
    {
      lang,
      store,
      env,
      q: Type.Optional(FormField("A shipment UUID, the merchant's reference or a parcel's tracking number")),
      status: Type.Optional(FormField(`One of ${SHIPMENT_STATUSES.join(', ')}`)),
      afterAt: Type.Optional(FormField('Keyset: created_at of the last shipment of the previous page')),
      afterId: Type.Optional(FormField('Keyset: UUID of the last shipment of the previous page')),
    },
    'The search and the page',
  ),
);
export const ShipmentParams = Type.Object({ shipmentId: Type.String({ description: "Shipment UUID (an unknown, malformed or other store's one gets the not-found page)" }) });
export const LabelFileParams = Type.Object({ labelFileId: Type.String({ description: "Label file UUID (an unknown, malformed or other store's one gets the not-found page)" }) });
export const ContractParams = Type.Object({ contractId: Type.String({ description: "Carrier contract UUID (another store's or environment's gets the not-found page)" }) });
export const WebhookParams = Type.Object({ webhookId: Type.String({ description: "A shipping webhook of the store and environment (another's gets the not-found page)" }) });
export const DeliveryParams = Type.Object({ notificationId: Type.String({ description: "A webhook delivery of the store's (another's gets the not-found page)" }) });

export const LabelFileBody = documentedOnly(
  FormFields(
    {
      csrf,
      shipment: FormField('The selected shipments (the checkbox repeated, one UUID each)'),
      pageSize: Type.Optional(FormField('A6 (one label a page, the default) or A4 (four a page)')),
      store,
      env,
      lang,
    },
    'Create a label file of the selected shipments',
  ),
);
export const ContractBody = documentedOnly(
  FormFields(
    {
      csrf,
      carrierCode: FormField('The carrier'),
      country: FormField('The country of the contract'),
      isDirectContract: Type.Optional(FormField('true: the merchant’s own contract; false: Kassa’s service contract; empty: the carrier’s default')),
      username: Type.Optional(FormField("The carrier account's username (with password)")),
      password: Type.Optional(FormField("The carrier account's password (sealed; never shown again)")),
      logisticsContractNumber: Type.Optional(FormField('The carrier’s contract number')),
      returnsAllowed: Type.Optional(FormField('Checkbox: returns allowed')),
      daysAllowedForReturns: Type.Optional(FormField('Days allowed for returns (1-365, with returns allowed)')),
      parcelHandoverMethod: Type.Optional(FormField('COURIER or LOCKER (carriers that take it)')),
      defaultLockerSize: Type.Optional(FormField('XS, S, M, L or XL (carriers with parcel lockers)')),
      dropOffPinService: Type.Optional(FormField('Checkbox: drop-off PIN service')),
      store,
      env,
      lang,
    },
    'Add a carrier contract',
  ),
);
export const ActionBody = documentedOnly(FormFields({ csrf, store, env, lang }, 'The form'));

const page = (what: string) => ({
  200: htmlResponse(what),
  303: redirectResponse('Not signed in: to the sign-in page'),
  400: pageErrorResponse('A malformed field: a page saying so'),
  404: pageErrorResponse('Not one of the user’s stores or objects: the not-found page'),
});
export const ShipmentsResponses = page("The store's shipments, newest first, one page");
export const ShipmentResponses = page('One shipment: parcels, status history, tracking, label files, deliveries');
export const LabelFileResponses = page('A label file: its status and, once ready, the download link');
export const ProvidersResponses = page("The store's carrier contracts (Providers)");
export const WebhooksResponses = page("The store's shipping webhooks with their deliveries");
export const DownloadResponses = {
  200: fileResponse('The labels (PDF), rendered on the fly', 'application/pdf'),
  303: redirectResponse('Not signed in: to the sign-in page'),
  404: pageErrorResponse('Not one of the user’s label files, or not ready: the not-found page'),
  409: pageErrorResponse('A shipment of the file can no longer be printed'),
};
const action = (done: string, refused: string) => ({
  303: redirectResponse(done),
  400: pageErrorResponse(refused),
  403: htmlResponse('The form token is missing or wrong, or the user is a viewer'),
  404: pageErrorResponse('Not one of the user’s objects: the not-found page'),
  409: htmlResponse('Refused by the current state: the page with why'),
  415: errorResponses(415)[415]!,
});
export const LabelFileActionResponses = action("Created: to the label file's page", 'Refused by the label-file rules: the shipments page with why');
export const ContractActionResponses = action('Done: back to the Providers page', 'Refused by the contract rules: the Providers page with every bad field named');
export const WebhookActionResponses = action('Deleted: back to the webhooks page', 'Refused: the page with why');
export const ResendResponses = action('Queued: back to the page', 'Refused: the page with why');

// created_at as microseconds since the epoch (exact, unlike a JavaScript Date).
const CURSOR_AT = /^\d{1,16}$/;

export interface ShipmentsSearch {
  id?: string;
  text?: string;
  status?: string;
  after?: { createdAt: string; id: string };
}

/** The shipments search, or undefined when a field is malformed. */
export function readShipmentsSearch(f: Fields): ShipmentsSearch | undefined {
  const s: ShipmentsSearch = {};
  const q = f.q?.trim();
  if (q) {
    if (q.length > 200 || hasBadText(q)) return undefined;
    if (isUuid(q)) s.id = q.toLowerCase();
    else s.text = q;
  }
  if (f.status) {
    if (!(SHIPMENT_STATUSES as readonly string[]).includes(f.status)) return undefined;
    s.status = f.status;
  }
  if (f.afterAt || f.afterId) {
    if (!f.afterAt || !f.afterId || !CURSOR_AT.test(f.afterAt) || !isUuid(f.afterId)) return undefined;
    s.after = { createdAt: f.afterAt, id: f.afterId.toLowerCase() };
  }
  return s;
}

// With the `u` flag, [\uD800-\uDFFF] matches only lone surrogates: a valid pair is one code point.
const BAD_TEXT = /[\u0000\uD800-\uDFFF]/u;
/** NUL and lone surrogates never reach SQL. */
export const hasBadText = (s: string): boolean => BAD_TEXT.test(s);

/** The checked shipments of a form: the repeated `shipment` field, as the browser sends it. */
export function selectedShipments(body: unknown): unknown[] {
  const v = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).shipment : undefined;
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/** The label-file form as POST /label-files' body (its reader checks it). */
export function labelFileRequest(body: unknown, f: Fields): Record<string, unknown> {
  return { shipmentIds: selectedShipments(body), ...(f.pageSize ? { pageSize: f.pageSize } : { pageSize: 'A6' }) };
}

const BOOLEAN: Record<string, boolean> = { true: true, false: false };

/**
 * The contract form as the operator route's JSON body, for the environment shown: empty fields are
 * absent, checkboxes booleans, a number field a number when it is one (else the text, which the
 * reader names), credentials when either is filled (the reader then requires both).
 */
export function contractRequest(f: Fields, env: Env): Record<string, unknown> {
  for (const [k, v] of Object.entries(f)) if (hasBadText(v)) throw Errors.validation(k, 'must not contain NUL or unpaired surrogate characters');
  const body: Record<string, unknown> = { env };
  const text = (k: string) => (f[k] !== undefined && f[k] !== '' ? f[k] : undefined);
  for (const k of ['carrierCode', 'country', 'parcelHandoverMethod', 'defaultLockerSize', 'logisticsContractNumber']) {
    const v = text(k);
    if (v !== undefined) body[k] = v;
  }
  const direct = text('isDirectContract');
  if (direct !== undefined) body.isDirectContract = BOOLEAN[direct] ?? direct;
  for (const k of ['returnsAllowed', 'dropOffPinService']) if (text(k) !== undefined) body[k] = true;
  const days = text('daysAllowedForReturns');
  if (days !== undefined) body.daysAllowedForReturns = /^\d{1,6}$/.test(days) ? Number(days) : days;
  const username = text('username');
  const password = text('password');
  if (username !== undefined || password !== undefined) body.credentials = { ...(username !== undefined ? { username } : {}), ...(password !== undefined ? { password } : {}) };
  return body;
}

export const ResendQuery = documentedOnly(FormFields({ back: Type.Optional(FormField('The page to go back to (a shipment of the area, or its webhooks)')) }, 'Where to go back'));

const BACK = /^\/dashboard\/shipping\/(webhooks|shipments\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** Where a resend goes back to: one of the area's pages (never another host), else the webhooks. */
export function readBack(f: Fields): string {
  return f.back && BACK.test(f.back) ? f.back : '/dashboard/shipping/webhooks';
}
