/**
 * Omniva: the region's post. Parcel machines, post offices and courier in Estonia, Latvia and
 * Lithuania. Tracking numbers are UPU S10 (`CC123456785EE`); the drop-off PIN (door code) is
 * issued only when the account has the service and a locker size results.
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

const methods = (pickupServices: CarrierMethod['additionalServices'], courierSubtypes: readonly ('standard' | 'standardB2B')[], courierServices: CarrierMethod['additionalServices']): readonly CarrierMethod[] =>
  [
    { type: 'pickupPoint', subtypes: ['parcelMachine', 'postOffice'], constraints: NO_DIMENSIONS, additionalServices: pickupServices },
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
    EE: methods(['cod', 'ageVerification'], ['standard', 'standardB2B'], ['cod', 'ageVerification']),
    LV: methods(['cod'], ['standard'], ['cod']),
    LT: methods(['cod', 'ageVerification'], ['standard'], ['cod']),
  },
  lockerSizes: {
    XS: { heightCm: 6, widthCm: 38, depthCm: 64, maxWeightKg: 30 },
    S: { heightCm: 9, widthCm: 38, depthCm: 64, maxWeightKg: 30 },
    M: { heightCm: 19, widthCm: 38, depthCm: 64, maxWeightKg: 30 },
    L: { heightCm: 39, widthCm: 38, depthCm: 64, maxWeightKg: 30 },
    XL: { heightCm: 60, widthCm: 38, depthCm: 64, maxWeightKg: 30 },
  },
  dropOffPin: 'withService',
  parcelLimits: { maxWeightGrams: 30_000, maxLengthCm: 150 },
  trackingNumber: s10Scheme({ serviceIndicator: 'CC', countries: COUNTRIES }),
  trackingUrl: (tn: string) => `https://track.omniva.example/?barcode=${encodeURIComponent(tn)}`,
  rates: omnivaRates,
  pickupPointNetwork: omnivaNetwork,
});
