/**
 * The card simulator's protocol: Kassa sends a signed payment request with the option to show
 * first (wallet or card); the processor sends back a signed result with the card's brand and last
 * four digits and whether 3-D Secure was used. Pure.
 */
import { Errors } from '../../../platform/errors.js';
import type { SimulatorMapper } from '../sim-kit/adapter.js';
import {
  BASE_REQUEST_FIELDS,
  BASE_RETURN_FIELDS,
  baseRequest,
  baseRequestFields,
  baseReturnFields,
  CANCEL_REASON,
  parseBaseRequest,
  returnOutcome,
  type DeclineReason,
  type SimRequest,
} from '../sim-kit/protocol.js';
import type { Fields } from '../sim-kit/signing.js';

export type CardMode = 'wallet' | 'card';
export const CARD_BRANDS = ['Visa', 'Mastercard', 'American Express', 'Card'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export interface CardRequest extends SimRequest {
  /** Which option the page shows first. */
  mode: CardMode;
}

export const CARD_REQUEST_FIELDS = [...BASE_REQUEST_FIELDS, 'mode'] as const;
/** The 3-D Secure challenge's state: the request and the card it is for. */
export const CARD_CHALLENGE_FIELDS = [...CARD_REQUEST_FIELDS, 'brand', 'last4'] as const;
export const CARD_RETURN_FIELDS = [...BASE_RETURN_FIELDS, 'paidWith', 'brand', 'last4', 'threeDs'] as const;

export interface CardUsed {
  paidWith: CardMode;
  brand: CardBrand;
  last4: string;
  threeDs: boolean;
}

export type CardDecision =
  | { action: 'approve'; card: CardUsed }
  | { action: 'decline'; reason: DeclineReason; card: CardUsed }
  | { action: 'cancel' };

export function cardReturnFields(r: CardRequest, d: CardDecision): Record<string, string> {
  const status = d.action === 'approve' ? 'approved' : d.action === 'decline' ? 'declined' : 'canceled';
  const reason = d.action === 'decline' ? d.reason : d.action === 'cancel' ? CANCEL_REASON : '';
  const card = d.action === 'cancel' ? undefined : d.card;
  return {
    ...baseReturnFields(r, status, reason),
    paidWith: card?.paidWith ?? '',
    brand: card?.brand ?? '',
    last4: card?.last4 ?? '',
    threeDs: card?.threeDs ? '1' : '0',
  };
}

export function parseMode(v: string | undefined): CardMode | undefined {
  return v === 'wallet' || v === 'card' ? v : undefined;
}

export function parseBrand(v: string | undefined): CardBrand | undefined {
  return CARD_BRANDS.find((b) => b === v);
}

export const cardMapper: SimulatorMapper<CardRequest> = {
  refPrefix: 'card',
  entryPath: '/simulators/card/pay',
  requestFieldNames: CARD_REQUEST_FIELDS,
  returnFieldNames: CARD_RETURN_FIELDS,

  buildRequest(input, ctx) {
    return { ...baseRequest(input, ctx), mode: input.choice.cardMode ?? 'wallet' };
  },

  requestFields(r) {
    return { ...baseRequestFields(r), mode: r.mode };
  },

  parseRequest(f: Fields) {
    const base = parseBaseRequest(f);
    const mode = parseMode(f.mode);
    return base && mode ? { ...base, mode } : undefined;
  },

  parseReturn: (processor, f) =>
    returnOutcome(processor, f, (paid) => {
      const paidWith = parseMode(paid.paidWith);
      const brand = parseBrand(paid.brand);
      if (!paidWith || !brand || !/^\d{4}$/.test(paid.last4 ?? '')) throw Errors.badRequest('the card return of a payment lacks the card used');
      return { metadata: { paidWith, cardBrand: brand, cardLast4: paid.last4 ?? '', threeDSecure: paid.threeDs === '1' } };
    }),
};
