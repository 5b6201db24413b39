/**
 * The Stripe simulator's documented test cards (Stripe's own: docs.stripe.com/testing) and its
 * checks of the card form, and the refund outcomes chosen by the refund amount's cents
 * (docs/sandbox.md). Pure: today's month is passed in.
 *
 * | card number          | outcome                                                     |
 * | 4242 4242 4242 4242  | succeeds                                                    |
 * | 4000 0000 0000 0002  | card_declined / generic_decline (DECLINED)                  |
 * | 4000 0000 0000 3220  | requires_action: 3-D Secure challenge, then per the page    |
 * | 4000 0000 0000 9995  | card_declined / insufficient_funds (INSUFFICIENT_FUNDS)     |
 * | any other Luhn-valid | succeeds                                                    |
 */
import { REFUND_MAGIC_CENTS } from '../sim-kit/refunds.js';

export type CardBrand = 'Visa' | 'Mastercard' | 'American Express' | 'Card';
export type DeclineReason = 'DECLINED' | 'INSUFFICIENT_FUNDS';

export interface CardUsed {
  paidWith: 'wallet' | 'card';
  brand: CardBrand;
  last4: string;
  threeDs: boolean;
}

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  challenge: '4000000000003220',
  insufficientFunds: '4000000000009995',
} as const;

/** The card held by the simulated wallet. */
export const WALLET_CARD: Omit<CardUsed, 'threeDs' | 'paidWith'> = { brand: 'Visa', last4: '4242' };

export function cardDigits(input: string): string {
  return input.replace(/[\s-]+/g, '');
}

export function luhnValid(input: string): boolean {
  const s = cardDigits(input);
  if (!/^\d{12,19}$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    let d = Number(s[s.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Card';
}

export interface YearMonth {
  year: number;
  month: number;
}

/** MM/YY, MM / YY, MMYY or MM/YYYY; undefined when malformed. */
export function parseExpiry(input: string): YearMonth | undefined {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!m) return undefined;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { year, month } : undefined;
}

export type CardFormResult =
  | { ok: false; invalidNumber: boolean; invalidExpiry: boolean; invalidCvc: boolean }
  | { ok: true; outcome: 'approve' | 'challenge'; brand: CardBrand; last4: string }
  | { ok: true; outcome: 'decline'; reason: DeclineReason; brand: CardBrand; last4: string };

export function checkCard(input: { number: string; expiry: string; cvc: string }, today: YearMonth): CardFormResult {
  const digits = cardDigits(input.number);
  const expiry = parseExpiry(input.expiry);
  const invalidNumber = !luhnValid(digits);
  const invalidExpiry = !expiry || expiry.year * 12 + expiry.month < today.year * 12 + today.month || expiry.year > today.year + 20;
  const brand = cardBrand(digits);
  const invalidCvc = !(brand === 'American Express' ? /^\d{4}$/ : /^\d{3}$/).test(input.cvc.trim());
  if (invalidNumber || invalidExpiry || invalidCvc) return { ok: false, invalidNumber, invalidExpiry, invalidCvc };
  const last4 = digits.slice(-4);
  switch (digits) {
    case TEST_CARDS.declined:
      return { ok: true, outcome: 'decline', reason: 'DECLINED', brand, last4 };
    case TEST_CARDS.insufficientFunds:
      return { ok: true, outcome: 'decline', reason: 'INSUFFICIENT_FUNDS', brand, last4 };
    case TEST_CARDS.challenge:
      return { ok: true, outcome: 'challenge', brand, last4 };
    default:
      return { ok: true, outcome: 'approve', brand, last4 };
  }
}

/** The same Luhn check in the browser, so a mistyped number is caught without leaving the page. */
export const LUHN_SCRIPT = `(function(){
var form=document.getElementById('cardForm');if(!form)return;
var num=document.getElementById('cardNumber'),err=document.getElementById('cardNumberError');
function luhn(v){var s=v.replace(/[\\s-]+/g,'');if(!/^\\d{12,19}$/.test(s))return false;var sum=0;for(var i=0;i<s.length;i++){var d=+s.charAt(s.length-1-i);if(i%2===1){d*=2;if(d>9)d-=9;}sum+=d;}return sum%10===0;}
form.addEventListener('submit',function(e){if(!luhn(num.value)){e.preventDefault();err.hidden=false;num.setAttribute('aria-invalid','true');num.setAttribute('aria-describedby','cardNumberError');num.focus();}});
num.addEventListener('input',function(){if(!err.hidden){err.hidden=true;num.removeAttribute('aria-invalid');}});
})();`;

/** What a test card does when a PaymentIntent is confirmed with it (kept on the PaymentMethod, never the number). */
export type CardOutcome = 'approve' | 'challenge' | 'generic_decline' | 'insufficient_funds';

export function cardOutcome(digits: string): CardOutcome {
  switch (cardDigits(digits)) {
    case TEST_CARDS.declined:
      return 'generic_decline';
    case TEST_CARDS.insufficientFunds:
      return 'insufficient_funds';
    case TEST_CARDS.challenge:
      return 'challenge';
    default:
      return 'approve';
  }
}

/** Stripe's lowercase brand of Kassa's brand name (PaymentMethod.card.brand). */
export const STRIPE_BRANDS: Readonly<Record<CardBrand, string>> = { Visa: 'visa', Mastercard: 'mastercard', 'American Express': 'amex', Card: 'unknown' };

/** Kassa's brand name of Stripe's lowercase brand (the card metadata's cardBrand). */
export function brandDisplay(stripeBrand: string | null | undefined): CardBrand {
  return (Object.keys(STRIPE_BRANDS) as CardBrand[]).find((b) => STRIPE_BRANDS[b] === stripeBrand) ?? 'Card';
}

/**
 * What the simulated Stripe does with a refund, by the amount's cents (docs/sandbox.md):
 * .51 failed/declined, .52 failed/expired_or_canceled_card, .53 failed/lost_or_stolen_card,
 * .54 refused with amount_too_large, .55 failed/unknown, .57 an outage on the first call of its
 * idempotency key, then a success; anything else succeeds.
 */
export type RefundBehaviour =
  | { kind: 'succeed' }
  | { kind: 'fail'; failureReason: 'declined' | 'expired_or_canceled_card' | 'lost_or_stolen_card' | 'unknown' }
  | { kind: 'too_large' }
  | { kind: 'outage_once' };

export function refundBehaviour(amountMinor: number): RefundBehaviour {
  switch (amountMinor % 100) {
    case REFUND_MAGIC_CENTS.declined:
      return { kind: 'fail', failureReason: 'declined' };
    case REFUND_MAGIC_CENTS.expiredCard:
      return { kind: 'fail', failureReason: 'expired_or_canceled_card' };
    case REFUND_MAGIC_CENTS.lostCard:
      return { kind: 'fail', failureReason: 'lost_or_stolen_card' };
    case REFUND_MAGIC_CENTS.exceeds:
      return { kind: 'too_large' };
    case REFUND_MAGIC_CENTS.other:
      return { kind: 'fail', failureReason: 'unknown' };
    case REFUND_MAGIC_CENTS.outageOnce:
      return { kind: 'outage_once' };
    default:
      return { kind: 'succeed' };
  }
}
