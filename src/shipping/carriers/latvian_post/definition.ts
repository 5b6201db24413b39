/**
 * Latvian Post (Latvijas Pasts, code `latvian_post` as Montonio's clients hard-code it): the
 * Latvian national post. Parcel lockers and post offices in Latvia, partner parcel lockers in
 * Lithuania and Estonia, and its express courier (Express Pasts) in all three. Tracking numbers
 * are UPU S10 items posted in Latvia (`CE123456785LV`), whatever the destination. One of the
 * spec's three `lockerSize` carriers (Montonio's reference names Unisend, Latvian Post and
 * SmartPosti): the size goes to the parcel lockers as their compartment (Small, Medium, Large). No
 * drop-off PIN.
 */
import type { AdditionalServiceCode, CarrierMethod, PickupPointType } from '../contract.js';
import { s10Scheme } from '../kit/tracking.js';
import { wordmarkSvg } from '../kit/logo.js';
import { defineCarrier } from '../kit/define.js';
import type { TrackingNumberScheme } from '../contract.js';
import { latvianPostNetwork } from './network.js';
import { latvianPostRates } from './rates.js';

const NO_DIMENSIONS = { parcelDimensionsRequired: false } as const;

const methods = (pickup: readonly PickupPointType[], pickupServices: readonly AdditionalServiceCode[], courierServices: readonly AdditionalServiceCode[]): readonly CarrierMethod[] => [
  { type: 'pickupPoint', subtypes: pickup, constraints: NO_DIMENSIONS, additionalServices: pickupServices },
  { type: 'courier', subtypes: ['standard'], constraints: NO_DIMENSIONS, additionalServices: courierServices },
];

/**
 * S10 numbers of items posted in Latvia: the posting administration is always LV, so the
 * destination (`country`) does not change the number.
 */
export function postedInLatvia(serviceIndicator: string): TrackingNumberScheme {
  const base = s10Scheme({ serviceIndicator, countries: ['LV'] });
  return { ...base, description: `${base.description}; posted in Latvia for every destination`, generate: (seq) => base.generate(seq, 'LV') };
}

const logo = wordmarkSvg({ wordmark: 'Latvian Post', background: '#1F4E9C', foreground: '#FFFFFF', accent: '#F2C230' });

export const latvianPostDefinition = defineCarrier({
  code: 'latvian_post',
  name: 'Latvian Post',
  logoSvg: () => logo,
  countries: ['LV', 'LT', 'EE'],
  supportedContractTypes: ['DIRECT', 'SERVICE'],
  hasServiceContract: true,
  // The API answers a tracking number per parcel and no group id: the first parcel's number.
  shipmentIdPattern: /^CE\d{9}LV$/,
  methods: {
    LV: methods(['parcelMachine', 'postOffice'], ['cod'], ['cod']),
    LT: methods(['parcelMachine'], ['cod'], ['cod']),
    EE: methods(['parcelMachine'], [], ['cod']),
  },
  // Compartments of its lockers: the largest is WC's parcel-machine maximum (38 × 38 × 58 cm,
  // class-montonio-latvian-post-parcel-machines.php); the smaller heights are Kassa's assumption.
  lockerSizes: {
    XS: { heightCm: 6, widthCm: 38, depthCm: 58, maxWeightKg: 30 },
    S: { heightCm: 9, widthCm: 38, depthCm: 58, maxWeightKg: 30 },
    M: { heightCm: 19, widthCm: 38, depthCm: 58, maxWeightKg: 30 },
    L: { heightCm: 29, widthCm: 38, depthCm: 58, maxWeightKg: 30 },
    XL: { heightCm: 38, widthCm: 38, depthCm: 58, maxWeightKg: 30 },
  },
  dropOffPin: 'never',
  parcelLimits: { maxWeightGrams: 30_000, maxLengthCm: 150 },
  trackingNumber: postedInLatvia('CE'),
  trackingUrl: (tn: string) => `https://track.pasts.lv/consignment/tracking?type=pasts&button=find&id=${encodeURIComponent(tn)}`,
  rates: latvianPostRates,
  pickupPointNetwork: latvianPostNetwork,
});
