/**
 * The fields every simulator request and return carries, and how each family's mapper extends
 * them. Requests travel as a signed query string to the simulator's page; returns as a signed
 * query string to Kassa's return URL. Pure: no I/O.
 */
import { isUuid, UUID_PATTERN } from '../../../platform/ids.js';
import { isLocale, type Locale } from '../../../platform/locales.js';
import { CURRENCIES, type Currency } from '../../../platform/money.js';
import { Errors } from '../../../platform/errors.js';
import type { AttemptOutcome } from '../../orders/service.js';
import type { BeginPayment } from '../contract.js';
import type { Fields } from './signing.js';

/** What a family's mapper provides (pure functions and field lists). */
export interface SimulatorMapper<R extends SimRequest> {
  /** Prefix of the simulator's transaction ids (`bank_…`). */
  readonly refPrefix: string;
  /** Path of the simulator's first page. */
  readonly entryPath: string;
  readonly requestFieldNames: readonly string[];
  readonly returnFieldNames: readonly string[];
  buildRequest(input: BeginPayment, ctx: RequestContext): R;
  requestFields(r: R): Record<string, string>;
  parseRequest(f: Fields): R | undefined;
  parseReturn(processor: string, f: Fields): AttemptOutcome;
}

/** What the simulator needs to show and settle any payment. */
export interface SimRequest {
  /** The simulator's transaction id (Kassa keeps it on the payment intent). */
  ref: string;
  order: string;
  amountMinor: number;
  currency: Currency;
  locale: Locale;
  payee: string;
  description: string;
  /** Kassa's URL the simulator returns the shopper to. */
  returnUrl: string;
}

export interface RequestContext {
  ref: string;
  payee: string;
}

export const BASE_REQUEST_FIELDS = ['ref', 'order', 'amount', 'currency', 'locale', 'payee', 'description', 'return'] as const;
export const BASE_RETURN_FIELDS = ['ref', 'order', 'status', 'reason'] as const;

export type ReturnStatus = 'approved' | 'declined' | 'canceled';
const STATUSES: readonly ReturnStatus[] = ['approved', 'declined', 'canceled'];

/** Why a simulator declined (the intent's failureReason; the hosted page translates each). */
export const DECLINE_REASONS = ['DECLINED', 'INSUFFICIENT_FUNDS', 'AUTHENTICATION_FAILED', 'CODE_EXPIRED', 'CREDIT_DECLINED', 'REJECTED_IN_APP'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];
export const CANCEL_REASON = 'CANCELED_BY_SHOPPER';

export function baseRequest(input: BeginPayment, ctx: RequestContext): SimRequest {
  return {
    ref: ctx.ref,
    order: input.orderId,
    amountMinor: input.amountMinor,
    currency: input.currency,
    locale: input.locale,
    payee: ctx.payee,
    description: input.description,
    returnUrl: input.returnUrl,
  };
}

export function baseRequestFields(r: SimRequest): Record<string, string> {
  return {
    ref: r.ref,
    order: r.order,
    amount: String(r.amountMinor),
    currency: r.currency,
    locale: r.locale,
    payee: r.payee,
    description: r.description,
    return: r.returnUrl,
  };
}

const REF_RE = new RegExp(`^[a-z]+_${UUID_PATTERN}$`);

export function parseMinor(v: string | undefined): number | undefined {
  if (v === undefined || !/^[1-9]\d{0,13}$/.test(v)) return undefined;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Reads the common request fields; undefined when any is missing or malformed. */
export function parseBaseRequest(f: Fields): SimRequest | undefined {
  const amountMinor = parseMinor(f.amount);
  const currency = CURRENCIES.find((c) => c === f.currency);
  const { ref, order, locale, payee, description } = f;
  const returnUrl = f.return;
  if (!ref || !REF_RE.test(ref) || !isUuid(order) || amountMinor === undefined || !currency || !isLocale(locale)) return undefined;
  if (payee === undefined || description === undefined || !returnUrl || !/^https?:\/\//.test(returnUrl)) return undefined;
  return { ref, order, amountMinor, currency, locale, payee, description, returnUrl };
}

export interface BaseReturn {
  ref: string;
  order: string;
  status: ReturnStatus;
  reason: string;
}

export function baseReturnFields(r: SimRequest, status: ReturnStatus, reason: DeclineReason | typeof CANCEL_REASON | ''): Record<string, string> {
  return { ref: r.ref, order: r.order, status, reason };
}

/** Reads the common return fields; a malformed return is the caller's 400. */
export function parseBaseReturn(f: Fields): BaseReturn {
  const status = STATUSES.find((s) => s === f.status);
  if (!f.ref || !REF_RE.test(f.ref) || !isUuid(f.order) || !status) throw Errors.badRequest('the processor return is malformed');
  const reason = f.reason ?? '';
  if (status === 'declined' && !(DECLINE_REASONS as readonly string[]).includes(reason)) {
    throw Errors.badRequest('the processor return has an unknown decline reason');
  }
  return { ref: f.ref, order: f.order, status, reason };
}

/** What a family's mapper reads off a paid return (payer, metadata). */
export type PaidDetails = Omit<Extract<AttemptOutcome, { kind: 'paid' }>, 'kind' | 'processor' | 'processorReference'>;

/**
 * A return's outcome: declined or cancelled as reported, or paid with the details the family
 * reads from its own fields (`paid` throws a 400 when they are missing).
 */
export function returnOutcome(processor: string, f: Fields, paid: (f: Fields) => PaidDetails = () => ({})): AttemptOutcome {
  const base = parseBaseReturn(f);
  if (base.status !== 'approved') return unpaidOutcome(processor, base);
  return { kind: 'paid', processor, processorReference: base.ref, ...paid(f) };
}

/** The mapper of a family whose request is the base request, its return the base fields plus `extraReturnFields`. */
export function baseMapper(o: { refPrefix: string; entryPath: string; extraReturnFields?: readonly string[]; paid?: (f: Fields) => PaidDetails }): SimulatorMapper<SimRequest> {
  return {
    refPrefix: o.refPrefix,
    entryPath: o.entryPath,
    requestFieldNames: BASE_REQUEST_FIELDS,
    returnFieldNames: [...BASE_RETURN_FIELDS, ...(o.extraReturnFields ?? [])],
    buildRequest: (input, ctx) => baseRequest(input, ctx),
    requestFields: (r) => baseRequestFields(r),
    parseRequest: (f) => parseBaseRequest(f),
    parseReturn: (processor, f) => returnOutcome(processor, f, o.paid),
  };
}

/** The outcome of a declined or cancelled return (a paid one is built by the family's mapper). */
export function unpaidOutcome(processor: string, r: BaseReturn): AttemptOutcome {
  return r.status === 'canceled' ? { kind: 'canceled', processor, processorReference: r.ref, reason: CANCEL_REASON } : { kind: 'declined', processor, processorReference: r.ref, reason: r.reason };
}

/** The Kassa URL with the signed return fields appended to its query. */
export function appendQuery(url: string, fields: Fields): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(fields)) u.searchParams.set(k, v);
  return u.toString();
}

/** Splits an amount into `parts` integer instalments; the remainder goes on the first one. */
export function splitMinor(amountMinor: number, parts: number): number[] {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0 || !Number.isInteger(parts) || parts < 1) {
    throw new RangeError('splitMinor needs a non-negative integer amount and a positive whole number of parts');
  }
  const base = Math.floor(amountMinor / parts);
  const first = amountMinor - base * (parts - 1);
  return [first, ...Array.from({ length: parts - 1 }, () => base)];
}
