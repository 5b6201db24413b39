/**
 * Omniva: the region's post. Parcel machines, post offices and courier in Estonia, Latvia and
 * Lithuania. Tracking numbers are UPU S10 with Omniva's parcel service indicator (`CE123456785EE`). Its parcel machines take a parcel by its
 * barcode, so the drop-off PIN is the barcode itself, always; no locker sizes (the machine picks
 * the compartment).
 */
import type { CarrierMethod } from '../contract.js';
import { s10Scheme } from '../kit/tracking.js';
import { wordmarkSvg } from '../kit/logo.js';
import { defineCarrier } from '../kit/define.js';
import { omnivaNetwork } from './network.js';
import { omnivaRates } from './rates.js';

/** Where it takes parcels, and the posting countries its S10 numbers carry. */
const COUNTRIES = ['EE', 'LV', 'LT'] as const;

const NO_DIMENSIONS = { parcelDimensionsRequired: false } as const;

const methods = (
  pickupSubtypes: readonly ('parcelMachine' | 'postOffice')[],
  pickupServices: CarrierMethod['additionalServices'],
  courierSubtypes: readonly ('standard' | 'standardB2B')[],
  courierServices: CarrierMethod['additionalServices'],
): readonly CarrierMethod[] => [
  { type: 'pickupPoint', subtypes: pickupSubtypes, constraints: NO_DIMENSIONS, additionalServices: pickupServices },
  { type: 'courier', subtypes: courierSubtypes, constraints: NO_DIMENSIONS, additionalServices: courierServices },
];

const logo = wordmarkSvg({ wordmark: 'Omniva', background: '#F26B21', foreground: '#FFFFFF', accent: '#FFD2B8' });

export const omnivaDefinition = defineCarrier({
  code: 'omniva',
  name: 'Omniva',
  logoSvg: () => logo,
  countries: COUNTRIES,
  supportedContractTypes: ['DIRECT', 'SERVICE'],
  hasServiceContract: true,
  shipmentIdPattern: /^BP\d{10}$/,
  methods: {
    // Post offices are Omniva's in Estonia only (Latvia's and Lithuania's posts are other companies).
    EE: methods(['parcelMachine', 'postOffice'], ['cod', 'ageVerification'], ['standard', 'standardB2B'], ['cod', 'ageVerification']),
    LV: methods(['parcelMachine'], ['cod'], ['standard'], ['cod']),
    LT: methods(['parcelMachine'], ['cod', 'ageVerification'], ['standard'], ['cod']),
  },
  // The drop-off PIN is the parcel's barcode, issued with no service on the account (Montonio's
  // reference, as quoted in docs/decisions.md: for Omniva `dropOffPin` is a copy of `carrierParcelId`).
  dropOffPin: 'always',
  parcelLimits: { maxWeightGrams: 30_000, maxLengthCm: 150 },
  trackingNumber: s10Scheme({ serviceIndicator: 'CE', countries: COUNTRIES }),
  trackingUrl: (tn: string) => `https://www.omniva.ee/private/track-and-trace?barcode=${encodeURIComponent(tn)}`,
  rates: omnivaRates,
  pickupPointNetwork: omnivaNetwork,
});
