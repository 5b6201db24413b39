/**
 * InPost: a parcel locker network with courier delivery in Poland and Lithuania. Lockers come
 * in five compartment sizes; courier parcels need their dimensions. Tracking numbers are 24
 * digits (`620`, 20-digit serial, GS1 mod-10 check digit). The drop-off PIN is issued when the
 * account has the service and a locker size results.
 */
import { numericScheme } from '../kit/tracking.js';
import { wordmarkSvg } from '../kit/logo.js';
import { defineCarrier } from '../kit/define.js';
import { inpostNetwork } from './network.js';
import { inpostRates } from './rates.js';

const DIMENSIONS = { parcelDimensionsRequired: true } as const;
const NO_DIMENSIONS = { parcelDimensionsRequired: false } as const;

const logo = wordmarkSvg({ wordmark: 'InPost', background: '#FFCB05', foreground: '#1D1D1B', accent: '#1D1D1B' });

export const inpostDefinition = defineCarrier({
  code: 'inpost',
  name: 'InPost',
  logoSvg: () => logo,
  countries: ['PL', 'LT'],
  supportedContractTypes: ['DIRECT', 'SERVICE'],
  hasServiceContract: true,
  shipmentIdPattern: /^\d{9,10}$/,
  methods: {
    PL: [
      { type: 'pickupPoint', subtypes: ['parcelMachine'], constraints: NO_DIMENSIONS, additionalServices: ['cod'] },
      { type: 'courier', subtypes: ['standard', 'standardB2B'], constraints: DIMENSIONS, additionalServices: ['cod'] },
    ],
    LT: [
      { type: 'pickupPoint', subtypes: ['parcelMachine'], constraints: NO_DIMENSIONS, additionalServices: [] },
      { type: 'courier', subtypes: ['standard'], constraints: DIMENSIONS, additionalServices: ['cod'] },
    ],
  },
  lockerSizes: {
    XS: { heightCm: 4, widthCm: 23, depthCm: 40, maxWeightKg: 5 },
    S: { heightCm: 8, widthCm: 38, depthCm: 64, maxWeightKg: 25 },
    M: { heightCm: 19, widthCm: 38, depthCm: 64, maxWeightKg: 25 },
    L: { heightCm: 41, widthCm: 38, depthCm: 64, maxWeightKg: 25 },
    XL: { heightCm: 50, widthCm: 50, depthCm: 80, maxWeightKg: 25 },
  },
  dropOffPin: 'withService',
  parcelLimits: { maxWeightGrams: 25_000, maxLengthCm: 150 },
  trackingNumber: numericScheme({ length: 24, prefix: '620', algorithm: 'gs1-mod10', description: '24 digits: "620", 20-digit serial, GS1 mod-10 check digit' }),
  trackingUrl: (tn: string) => `https://inpost.example/sledzenie?numer=${encodeURIComponent(tn)}`,
  rates: inpostRates,
  pickupPointNetwork: inpostNetwork,
});
