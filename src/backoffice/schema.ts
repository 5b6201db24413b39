/**
 * Wire schemas of the back office (/dashboard, HTML) and of the operator route that adds its
 * users, and the hand-written readers of their fields.
 */
import { Type } from 'typebox';
import { ENVS, type Env } from '../platform/env.js';
import { isUuid } from '../platform/ids.js';
import { described, documentedOnly, errorResponses, FormField, FormFields, htmlResponse, nullable, pageErrorResponse, redirectResponse, stringEnum } from '../platform/schemas.js';
import { Problems, Reader, isObject } from '../platform/validate.js';
import { ORDER_STATUSES } from '../payments/orders/states.js';
import { ROLES, type Role } from './store.js';
import type { OrderFilter } from '../payments/orders/store.js';
import { MIN_REFUND_MINOR } from '../payments/refunds/schema.js';

export const FORM_CONSUMES = ['application/x-www-form-urlencoded'];

const lang = Type.Optional(FormField('Page language (de, en, et, fi, lt, lv, pl, ru); default Accept-Language, else en'));
const store = Type.Optional(FormField("The store's UUID (one of the user's); default the first"));
const env = Type.Optional(FormField('sandbox or production (default production)'));
/** The fields every signed-in page and form carries (a page query, or hidden fields of a form). */
export const PAGE_FIELDS = { lang, store, env };
/** The query of a page that takes nothing else. */
export const PageQuery = documentedOnly(FormFields(PAGE_FIELDS, 'The page query'));

export const LoginQuery = documentedOnly(FormFields({ lang }, 'The page query'));
export const LoginBody = documentedOnly(FormFields({ email: FormField('Email'), password: FormField('Password'), csrf: FormField('The form token'), lang }, 'The sign-in form'));
export const LogoutBody = documentedOnly(FormFields({ csrf: FormField('The form token') }, 'The sign-out form'));
export const OverviewQuery = PageQuery;
export const OrdersQuery = documentedOnly(
  FormFields(
    {
      lang,
      store,
      env,
      q: Type.Optional(FormField("The merchant's reference, or an order UUID")),
      status: Type.Optional(FormField(`One of ${ORDER_STATUSES.join(', ')}`)),
      from: Type.Optional(FormField('Created on or after (YYYY-MM-DD)')),
      to: Type.Optional(FormField('Created on or before (YYYY-MM-DD)')),
      afterAt: Type.Optional(FormField('Keyset: created_at of the last order of the previous page')),
      afterId: Type.Optional(FormField('Keyset: UUID of the last order of the previous page')),
    },
    'The search and the page',
  ),
);

export const OrderParams = Type.Object({ orderUuid: Type.String({ description: "Order UUID (an unknown, malformed or other store's one gets the not-found page)" }) });
export const OrderQuery = PageQuery;

const page = (what: string) => ({
  200: htmlResponse(what),
  303: redirectResponse('Not signed in: to the sign-in page'),
  400: pageErrorResponse('A malformed field: a page saying so'),
  404: pageErrorResponse('Not one of the user’s stores: the not-found page'),
});
export const LoginPageResponses = { 200: htmlResponse('The sign-in page'), ...errorResponses(400) };
export const LoginResponses = {
  303: redirectResponse('Signed in: to the overview'),
  400: pageErrorResponse('Malformed form'),
  401: htmlResponse('Wrong email or password (the same answer whether or not the email exists)'),
  403: htmlResponse('The form token is missing or wrong'),
  415: errorResponses(415)[415]!,
  429: htmlResponse('Too many failed sign-ins for this email or address'),
};
export const LogoutResponses = {
  303: redirectResponse('Signed out: to the sign-in page'),
  400: pageErrorResponse('Malformed form'),
  403: htmlResponse('The form token is missing or wrong'),
  415: errorResponses(415)[415]!,
};
export const OverviewResponses = page('The overview');
export const OrdersResponses = page('The orders, newest first, one page');
export const OrderResponses = page('One order: payment attempts, refunds, notifications and their attempts');

export const BackofficeUserBody = Type.Object(
  {
    storeUuid: Type.String({ description: 'The store the user sees' }),
    email: Type.String({ description: 'The sign-in email' }),
    password: Type.String({ description: 'At least 10 characters' }),
    role: Type.Optional(stringEnum(ROLES, 'owner (may refund and resend) or viewer; default owner')),
  },
  { description: 'A back-office user of a store' },
);
export const BackofficeUserSchema = Type.Object({
  userId: Type.String(),
  email: Type.String(),
  storeUuid: Type.String(),
  role: stringEnum(ROLES),
});
export const BackofficeUserResponses = { 201: described('The user and its role in the store', BackofficeUserSchema), ...errorResponses(400, 401, 404) };

export function readUser(body: unknown): { storeId: string; email: string; password: string; role: Role } {
  const p = new Problems();
  const r = new Reader(p, isObject(body) ? body : {});
  const storeId = r.string('storeUuid', { required: true });
  if (storeId !== undefined && !isUuid(storeId)) p.add('storeUuid', 'must be a UUID');
  const email = r.string('email', { required: true, max: 254, pattern: /^[^\s@]+@[^\s@]+$/, patternHint: 'must be an email address' });
  const password = r.string('password', { required: true, min: 10, max: 200 });
  const role = r.oneOf('role', ROLES) ?? 'owner';
  p.throwIfAny();
  return { storeId: storeId!, email: email!, password: password!, role };
}

import type { Fields } from '../platform/schemas.js';
export { fieldsOf, type Fields } from '../platform/schemas.js';

export function readEnv(f: Fields): Env | undefined {
  if (f.env === undefined || f.env === '') return 'production';
  return (ENVS as readonly string[]).includes(f.env) ? (f.env as Env) : undefined;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
function validDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
  return y >= 1 && days !== undefined && d >= 1 && d <= days;
}
// created_at as microseconds since the epoch (exact, unlike a JavaScript Date).
const CURSOR_AT = /^\d{1,16}$/;

/** The orders page's search: the orders filter without the store, environment and page size. */
export type OrdersSearch = Omit<OrderFilter, 'storeId' | 'env' | 'limit'>;

/** The keyset of a list's next page (`afterAt`, µs since the epoch, and `afterId`): undefined for the first page, null when malformed. */
export function readKeyset(f: Fields): { at: string; id: string } | undefined | null {
  if (!f.afterAt && !f.afterId) return undefined;
  if (!f.afterAt || !f.afterId || !CURSOR_AT.test(f.afterAt) || !isUuid(f.afterId)) return null;
  return { at: f.afterAt, id: f.afterId.toLowerCase() };
}

/** The orders search, or undefined when a field is malformed. */
export function readOrdersSearch(f: Fields): OrdersSearch | undefined {
  const s: OrdersSearch = {};
  const q = f.q?.trim();
  if (q) {
    if (q.length > 200) return undefined;
    if (isUuid(q)) s.uuid = q.toLowerCase();
    else s.reference = q;
  }
  if (f.status) {
    if (!(ORDER_STATUSES as readonly string[]).includes(f.status)) return undefined;
    s.status = f.status;
  }
  for (const k of ['from', 'to'] as const) {
    const v = f[k];
    if (!v) continue;
    if (!validDate(v)) return undefined;
    s[k] = v;
  }
  const after = readKeyset(f);
  if (after === null) return undefined;
  if (after) s.after = { createdAt: after.at, id: after.id };
  return s;
}

export const NotificationParams = Type.Object({
  orderUuid: Type.String({ description: 'Order UUID' }),
  notificationId: Type.String({ description: "The order's (or one of its refunds') notification" }),
});
export const RefundBody = documentedOnly(
  FormFields(
    {
      csrf: FormField('The form token'),
      amount: FormField('The amount to refund, e.g. 10.50 (at least 0.05)'),
      idempotencyKey: FormField('Made with the form: a re-sent form does not refund twice'),
      store,
      env,
      lang,
    },
    'The refund form',
  ),
);
export const ResendBody = documentedOnly(FormFields({ csrf: FormField('The form token'), store, env, lang }, 'The resend form'));
export const ActionResponses = {
  303: redirectResponse("Done: back to the order's page"),
  400: pageErrorResponse("Refused by the refund rules: the order's page with why"),
  403: htmlResponse('The form token is missing or wrong, or the user is a viewer'),
  404: pageErrorResponse('Not one of the user’s orders: the not-found page'),
  409: htmlResponse("The notification is already waiting to be sent: the order's page with why"),
  415: errorResponses(415)[415]!,
};

/** The refund form's amount (minor units) and key, or the problems as one message. */
export function readRefundForm(f: Fields): { amountMinor: number; idempotencyKey: string } | { problem: string } {
  const p = new Problems();
  const r = new Reader(p, f);
  const amountMinor = r.amount('amount', { required: true, min: MIN_REFUND_MINOR, minText: '0.05' });
  const idempotencyKey = r.string('idempotencyKey', { required: true, max: 100 });
  if (!p.ok) {
    try {
      p.throwIfAny();
    } catch (err) {
      return { problem: (err as Error).message };
    }
  }
  return { amountMinor: amountMinor!, idempotencyKey: idempotencyKey! };
}

const storeUuidQuery = Type.Optional(Type.String({ format: 'uuid', description: "Only this store's users" }));
export const BackofficeUsersQuery = documentedOnly(Type.Object({ storeUuid: storeUuidQuery }, { additionalProperties: true }));
export const BackofficeUserListSchema = Type.Object({
  users: Type.Array(
    Type.Object({
      userId: Type.String(),
      email: Type.String(),
      createdAt: Type.String(),
      memberships: Type.Array(Type.Object({ storeUuid: Type.String(), storeName: Type.String(), role: stringEnum(ROLES) })),
      sessions: Type.Integer({ description: 'Sessions not expired' }),
    }),
  ),
});
export const RemoveUserBody = Type.Object(
  {
    email: Type.String({ description: 'The user' }),
    storeUuid: Type.Optional(Type.String({ description: 'Remove only the membership of this store (the user too when it was the last)' })),
  },
  { description: 'Whom to remove' },
);
export const RemovedUserSchema = Type.Object({
  email: Type.String(),
  removed: stringEnum(['membership', 'user'], 'membership: the store is no longer the user’s; user: the user and every session are gone'),
  storeUuid: nullable(Type.String()),
});
export const SetPasswordBody = Type.Object({ email: Type.String({ description: 'The user' }), password: Type.String({ description: 'At least 10 characters' }) }, { description: 'The new password' });
export const PasswordSetSchema = Type.Object({ email: Type.String(), sessionsEnded: Type.Boolean({ description: 'Always true: every session of the user ended' }) });

const EMAIL = { required: true, max: 254, pattern: /^[^\s@]+@[^\s@]+$/, patternHint: 'must be an email address' } as const;

export function readRemoveUser(body: unknown): { email: string; storeId: string | undefined } {
  const p = new Problems();
  const r = new Reader(p, isObject(body) ? body : {});
  const email = r.string('email', EMAIL);
  const storeId = r.string('storeUuid');
  if (storeId !== undefined && !isUuid(storeId)) p.add('storeUuid', 'must be a UUID');
  p.throwIfAny();
  return { email: email!, storeId: storeId?.toLowerCase() };
}

export function readSetPassword(body: unknown): { email: string; password: string } {
  const p = new Problems();
  const r = new Reader(p, isObject(body) ? body : {});
  const email = r.string('email', EMAIL);
  const password = r.string('password', { required: true, min: 10, max: 200 });
  p.throwIfAny();
  return { email: email!, password: password! };
}
