/**
 * InPost: Poland's parcel locker network (Paczkomat), with courier delivery. Lockers have
 * three compartment templates (small A, medium B, large C), which InPost picks from the parcel's
 * measures, so InPost takes no `lockerSize`; courier parcels need their dimensions. Tracking
 * numbers are 24 digits (`620`, 20-digit serial, GS1 mod-10 check digit). No drop-off PIN (the
 * spec's three PIN carriers are Omniva, DPD and SmartPosti).
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
  countries: ['PL'],
  supportedContractTypes: ['DIRECT', 'SERVICE'],
  hasServiceContract: true,
  shipmentIdPattern: /^\d{9,10}$/,
  methods: {
    PL: [
      { type: 'pickupPoint', subtypes: ['parcelMachine'], constraints: NO_DIMENSIONS, additionalServices: ['cod'] },
      { type: 'courier', subtypes: ['standard', 'standardB2B'], constraints: DIMENSIONS, additionalServices: ['cod'] },
    ],
  },
  dropOffPin: 'never',
  parcelLimits: { maxWeightGrams: 25_000, maxLengthCm: 150 },
  trackingNumber: numericScheme({ length: 24, prefix: '620', algorithm: 'gs1-mod10', description: '24 digits: "620", 20-digit serial, GS1 mod-10 check digit' }),
  trackingUrl: (tn: string) => `https://inpost.pl/sledzenie-przesylek?number=${encodeURIComponent(tn)}`,
  rates: inpostRates,
  pickupPointNetwork: inpostNetwork,
});
