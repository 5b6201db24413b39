/**
 * The payment methods, one definition each: every per-method fact Kassa holds (system name,
 * currencies, label and logo, service fee, settlement channel, switches). The exhaustive tables
 * the rest of the code reads (`PAYMENT_METHODS`, `METHOD_CURRENCIES`, `METHOD_LABELS`,
 * `METHOD_CHANNEL`, fees.ts `FEE_SCHEDULE`, countries.ts `PER_COUNTRY_METHODS`, …) are derived
 * from `METHOD_DEFINITIONS`; `PaymentMethodName` is its keys.
 *
 * Adding a method is one entry here. It is then a compile error until every table keyed by
 * method knows it: the processor (processors/<family>/, one family per method), the order
 * options reader (orders/schema.ts `METHOD_OPTIONS`), the hosted page's section
 * (hosted-pages/pages.ts `methodSection`) and the method's title in every locale (i18n.ts,
 * `method<Name>`).
 *
 * Source: spec/payments.md, "Payment method system names". Data only: no I/O, no side effects.
 */
import type { Channel } from '../../../ledger/chart.js';

/** Currency codes used by the payments interface. */
export type CurrencyCode = 'EUR' | 'PLN';

/** A service fee: a percentage (basis points) plus a fixed part, in the payment's currency, never below a minimum. */
export interface FeeRule {
  basisPoints: number; // 1 bp = 0.01 %
  fixedMinor: number;
  minimumMinor: number;
}

/** A method's logo (logos.ts draws it): background colour and a white mark in the 8..56 × 8..56 icon box. */
export interface MethodLogo {
  background: string;
  icon: string;
}

export interface PaymentMethodDefinition {
  /** Supported currencies (spec table, "Supported currencies"). */
  currencies: readonly CurrencyCode[];
  /** Short label, drawn on the method's logo. */
  label: string;
  logo: MethodLogo;
  /** The service's processing fee (fees.ts). */
  fee: FeeRule;
  /** The settlement channel (the ledger's balance) the method's money reaches the store through. */
  channel: Channel;
  /** Switched on and off per country (countries.ts), not only for the whole store. */
  perCountry: boolean;
  /** A merchant must switch it on in the back office before using it (`requiredToBeEnabled` in the methods list). */
  requiredToBeEnabled: boolean;
  /** An order may name an embedded checkout session (`sessionUuid`). */
  embeddedSession: boolean;
  /** An order may take over a draft payment intent (`paymentIntentUuid`, POST /payment-intents/draft). */
  embeddedIntent: boolean;
}

const W = '#FFFFFF';

/** In spec table order (the order of every list of methods). */
export const METHOD_DEFINITIONS = {
  paymentInitiation: {
    currencies: ['EUR', 'PLN'],
    label: 'Bank',
    // Bank building: roof, three columns, base.
    logo: {
      background: '#1F4E79',
      icon:
        `<polygon points="32,12 52,24 12,24" fill="${W}"/>` +
        `<rect x="16" y="27" width="5" height="16" fill="${W}"/>` +
        `<rect x="29.5" y="27" width="5" height="16" fill="${W}"/>` +
        `<rect x="43" y="27" width="5" height="16" fill="${W}"/>` +
        `<rect x="12" y="46" width="40" height="5" fill="${W}"/>`,
    },
    fee: { basisPoints: 50, fixedMinor: 0, minimumMinor: 10 },
    channel: 'bankPayments',
    perCountry: true,
    requiredToBeEnabled: false,
    embeddedSession: false,
    embeddedIntent: false,
  },
  cardPayments: {
    currencies: ['EUR', 'PLN'],
    label: 'Card',
    // Card: outline, magnetic stripe, chip.
    logo: {
      background: '#2B2D42',
      icon:
        `<rect x="10" y="16" width="44" height="30" rx="4" fill="none" stroke="${W}" stroke-width="3"/>` +
        `<rect x="10" y="22" width="44" height="6" fill="${W}"/>` +
        `<rect x="15" y="33" width="9" height="7" rx="1.5" fill="${W}"/>`,
    },
    fee: { basisPoints: 150, fixedMinor: 10, minimumMinor: 10 },
    channel: 'cardPayments',
    perCountry: false,
    requiredToBeEnabled: true,
    embeddedSession: true,
    embeddedIntent: true,
  },
  mobilePay: {
    currencies: ['EUR'],
    label: 'MobilePay',
    // Phone: outline, screen, home button.
    logo: {
      background: '#5A78FF',
      icon:
        `<rect x="20" y="8" width="24" height="48" rx="4" fill="none" stroke="${W}" stroke-width="3"/>` +
        `<rect x="24" y="14" width="16" height="30" fill="${W}"/>` +
        `<circle cx="32" cy="50" r="2.5" fill="${W}"/>`,
    },
    fee: { basisPoints: 150, fixedMinor: 10, minimumMinor: 10 },
    // A card wallet: settles through the card acquirer.
    channel: 'cardPayments',
    perCountry: false,
    requiredToBeEnabled: true,
    embeddedSession: false,
    embeddedIntent: false,
  },
  blik: {
    currencies: ['PLN'],
    label: 'BLIK',
    // Code pad: rounded square with a six-digit-code dot row.
    logo: {
      background: '#000000',
      icon:
        `<rect x="10" y="14" width="44" height="36" rx="6" fill="none" stroke="${W}" stroke-width="3"/>` +
        `<circle cx="18" cy="32" r="2.5" fill="${W}"/><circle cx="24.5" cy="32" r="2.5" fill="${W}"/>` +
        `<circle cx="31" cy="32" r="2.5" fill="${W}"/><circle cx="37.5" cy="32" r="2.5" fill="${W}"/>` +
        `<circle cx="44" cy="32" r="2.5" fill="#E6007E"/>`,
    },
    fee: { basisPoints: 120, fixedMinor: 0, minimumMinor: 10 },
    channel: 'blik',
    perCountry: false,
    requiredToBeEnabled: false,
    embeddedSession: false,
    embeddedIntent: true,
  },
  bnpl: {
    currencies: ['EUR'],
    label: 'Pay later',
    // Clock: pay later.
    logo: {
      background: '#6A1B9A',
      icon:
        `<circle cx="32" cy="32" r="20" fill="none" stroke="${W}" stroke-width="3"/>` +
        `<line x1="32" y1="32" x2="32" y2="19" stroke="${W}" stroke-width="3" stroke-linecap="round"/>` +
        `<line x1="32" y1="32" x2="42" y2="37" stroke="${W}" stroke-width="3" stroke-linecap="round"/>`,
    },
    fee: { basisPoints: 300, fixedMinor: 0, minimumMinor: 50 },
    channel: 'financing',
    perCountry: false,
    requiredToBeEnabled: false,
    embeddedSession: false,
    embeddedIntent: false,
  },
  hirePurchase: {
    currencies: ['EUR'],
    label: 'Instalments',
    // Rising bars: payment in instalments.
    logo: {
      background: '#00695C',
      icon:
        `<rect x="12" y="38" width="10" height="14" rx="1.5" fill="${W}"/>` +
        `<rect x="27" y="28" width="10" height="24" rx="1.5" fill="${W}"/>` +
        `<rect x="42" y="16" width="10" height="36" rx="1.5" fill="${W}"/>`,
    },
    fee: { basisPoints: 250, fixedMinor: 0, minimumMinor: 50 },
    channel: 'financing',
    perCountry: false,
    requiredToBeEnabled: false,
    embeddedSession: false,
    embeddedIntent: false,
  },
} as const satisfies Record<string, PaymentMethodDefinition>;

for (const d of Object.values(METHOD_DEFINITIONS)) {
  Object.freeze(d.currencies);
  Object.freeze(d.logo);
  Object.freeze(d.fee);
  Object.freeze(d);
}
Object.freeze(METHOD_DEFINITIONS);

type Definitions = typeof METHOD_DEFINITIONS;

/** Payment method system names, as used as keys of `paymentMethods`. */
export type PaymentMethodName = keyof Definitions;

/** All payment method system names, in spec table order. */
export const PAYMENT_METHODS: readonly PaymentMethodName[] = Object.freeze(Object.keys(METHOD_DEFINITIONS) as PaymentMethodName[]);

/** A table with one entry per method, each a fact of its definition. */
export function methodTable<T>(fact: (d: PaymentMethodDefinition, method: PaymentMethodName) => T): Readonly<Record<PaymentMethodName, T>> {
  return Object.freeze(Object.fromEntries(PAYMENT_METHODS.map((m) => [m, fact(METHOD_DEFINITIONS[m], m)]))) as Record<PaymentMethodName, T>;
}

type Switch = 'perCountry' | 'requiredToBeEnabled' | 'embeddedSession' | 'embeddedIntent';

/** The methods whose definition says `true` for the switch `S`, as a union of their names. */
export type MethodsWith<S extends Switch> = { [M in PaymentMethodName]: Definitions[M][S] extends true ? M : never }[PaymentMethodName];

/** The methods whose definition has the switch `s` on, in spec table order. */
export function methodsWith<S extends Switch>(s: S): readonly MethodsWith<S>[] {
  return Object.freeze(PAYMENT_METHODS.filter((m) => METHOD_DEFINITIONS[m][s]) as MethodsWith<S>[]);
}

/** Supported currencies per payment method (spec table, "Supported currencies"). */
export const METHOD_CURRENCIES: Readonly<Record<PaymentMethodName, readonly CurrencyCode[]>> = methodTable((d) => d.currencies);

/** Human-readable short labels (used on method logos). */
export const METHOD_LABELS: Readonly<Record<PaymentMethodName, string>> = methodTable((d) => d.label);

/** The settlement channel of each method: the ledger's balance its payments, fees and refunds move. */
export const METHOD_CHANNEL: Readonly<Record<PaymentMethodName, Channel>> = methodTable((d) => d.channel);

export function isPaymentMethodName(value: string): value is PaymentMethodName {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}
