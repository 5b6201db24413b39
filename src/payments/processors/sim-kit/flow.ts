/**
 * The steps every simulator route takes: open a signed field set (request or intermediate step)
 * and check it against the order's store key; send the shopper back to Kassa with a signed
 * return; or on to the simulator's next step with a signed state.
 */
import type { FastifyReply } from 'fastify';
import type { Clock } from '../../../platform/clock.js';
import { isLocale, type Locale } from '../../../platform/locales.js';
import { RETURN_PURPOSE } from './adapter.js';
import type { OrderMerchant, SimulatorDirectory } from './directory.js';
import { sendInvalidRequest } from './page.js';
import { appendQuery, type SimRequest } from './protocol.js';
import { hasValidMac, signFields, toFields, type Fields } from './signing.js';

export interface SimulatorDeps {
  directory: SimulatorDirectory;
  publicUrl: string;
  /** Real time (card expiry dates are checked against the calendar, not a store's sandbox clock). */
  clock: Clock;
}

export interface Opened<R> {
  req: R;
  merchant: OrderMerchant;
  /** All fields received (the signed ones, the MAC and the shopper's inputs). */
  fields: Record<string, string>;
}

/** Opens a signed field set; undefined when the order is unknown, the MAC wrong or a field malformed. */
export async function openSigned<R extends SimRequest>(
  directory: SimulatorDirectory,
  purpose: string,
  names: readonly string[],
  parse: (f: Fields) => R | undefined,
  raw: unknown,
): Promise<Opened<R> | undefined> {
  const fields = toFields(raw);
  if (!fields.order) return undefined;
  const merchant = await directory.merchantOf(fields.order);
  if (!merchant || !hasValidMac(merchant.acceptedKeys, purpose, fields, names)) return undefined;
  const req = parse(fields);
  return req ? { req, merchant, fields } : undefined;
}

/** 400 page in the language the (unverified) request asked for, if it names one. */
export function rejectRequest(reply: FastifyReply, raw: unknown): FastifyReply {
  const locale = toFields(raw).locale;
  return sendInvalidRequest(reply, isLocale(locale) ? locale : ('en' satisfies Locale));
}

/** Kassa's return URL with the signed return fields. */
export function signedReturnUrl(merchant: OrderMerchant, req: SimRequest, fields: Fields, names: readonly string[]): string {
  return appendQuery(req.returnUrl, signFields(merchant.key, RETURN_PURPOSE, fields, names));
}

/** The simulator's next page, carrying its state signed for that step only. */
export function signedStepUrl(deps: SimulatorDeps, path: string, merchant: OrderMerchant, purpose: string, fields: Fields, names: readonly string[]): string {
  return appendQuery(`${deps.publicUrl}${path}`, signFields(merchant.key, purpose, fields, names));
}

export function redirect(reply: FastifyReply, url: string): FastifyReply {
  return reply.code(303).header('cache-control', 'no-store').header('location', url).send();
}
