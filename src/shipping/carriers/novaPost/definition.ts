/**
 * Nova Post: Nova Poshta's international arm. In Ukraine, Nova Poshta's branches and poshtomats
 * (parcel lockers) and its courier; in Poland and the Baltics, Nova Post's own European branches
 * (and, in Poland, its first lockers) and courier delivery. The original service sells it as
 * "Montonio International Shipping" (carrier code `novaPost`) with Montonio's own contract and
 * rates only; its pickup points are `parcelMachine` and `parcelShop` (branches are listed as
 * parcel shops), and its courier is `standard`.
 *
 * No cash on delivery: Nova Poshta collects it in UAH, which Kassa's money cannot hold, and
 * Kassa does not model Nova Post's European COD. No lockerSize (the poshtomat picks the cell),
 * no drop-off PIN. Tracking numbers are Nova Poshta express waybill numbers (14 digits, `20…`).
 */
import type { CarrierMethod } from '../contract.js';
import { wordmarkSvg } from '../kit/logo.js';
import { defineCarrier } from '../kit/define.js';
import { novaPostNetwork } from './network.js';
import { novaPostRates } from './rates.js';
import { novaPostTrackingScheme } from './tracking.js';

const NO_DIMENSIONS = { parcelDimensionsRequired: false } as const;

const methods = (pickupSubtypes: readonly ('parcelMachine' | 'parcelShop')[]): readonly CarrierMethod[] => [
  { type: 'pickupPoint', subtypes: pickupSubtypes, constraints: NO_DIMENSIONS, additionalServices: [] },
  { type: 'courier', subtypes: ['standard'], constraints: NO_DIMENSIONS, additionalServices: [] },
];

const logo = wordmarkSvg({ wordmark: 'Nova Post', background: '#DA291C', foreground: '#FFFFFF', accent: '#FFC8C2' });

/** Nova Poshta's document `Ref`: a GUID. */
export const NOVA_POST_REF = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const novaPostDefinition = defineCarrier({
  code: 'novaPost',
  name: 'Nova Post',
  logoSvg: () => logo,
  countries: ['EE', 'LV', 'LT', 'PL', 'UA'],
  supportedContractTypes: ['SERVICE'],
  hasServiceContract: true,
  shipmentIdPattern: NOVA_POST_REF,
  methods: {
    EE: methods(['parcelShop']),
    LV: methods(['parcelShop']),
    LT: methods(['parcelShop']),
    PL: methods(['parcelMachine', 'parcelShop']),
    UA: methods(['parcelMachine', 'parcelShop']),
  },
  dropOffPin: 'never',
  parcelLimits: { maxWeightGrams: 30_000, maxLengthCm: 120 },
  trackingNumber: novaPostTrackingScheme(),
  trackingUrl: (tn: string) => `https://novaposhta.ua/tracking/?cargo_number=${encodeURIComponent(tn)}`,
  rates: novaPostRates,
  pickupPointNetwork: novaPostNetwork,
});
