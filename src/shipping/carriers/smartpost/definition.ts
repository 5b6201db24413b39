/**
 * Smartpost: a parcel locker network with courier delivery in Estonia, Latvia, Lithuania and
 * Finland. Tracking numbers are 14 digits (`37`, 11-digit serial, Luhn check digit). Parcel
 * machines take `lockerSize`; a drop-off code is issued for the resulting size when the account
 * has the drop-off code service (no size, no code).
 */
import type { AdditionalServiceCode, CarrierMethod } from '../contract.js';
import { numericScheme } from '../kit/tracking.js';
import { wordmarkSvg } from '../kit/logo.js';
import { defineCarrier } from '../kit/define.js';
import { smartpostNetwork } from './network.js';
import { smartpostRates } from './rates.js';

const baltic = (services: readonly AdditionalServiceCode[]): readonly CarrierMethod[] => [
  { type: 'pickupPoint', subtypes: ['parcelMachine'], constraints: { parcelDimensionsRequired: false }, additionalServices: services },
  { type: 'courier', subtypes: ['standard'], constraints: { parcelDimensionsRequired: false }, additionalServices: services },
];

const logo = wordmarkSvg({ wordmark: 'SmartPosti', background: '#0B3D91', foreground: '#FFFFFF', accent: '#F7A600' });

export const smartpostDefinition = defineCarrier({
  code: 'smartpost',
  name: 'SmartPosti',
  logoSvg: () => logo,
  countries: ['EE', 'LV', 'LT', 'FI'],
  supportedContractTypes: ['DIRECT', 'SERVICE'],
  hasServiceContract: true,
  shipmentIdPattern: /^PN-\d{12}$/,
  methods: {
    EE: baltic(['cod']),
    LV: baltic(['cod']),
    LT: baltic(['cod']),
    // Finland: no cash on delivery; courier parcels are priced by volume, so dimensions are required.
    FI: [
      { type: 'pickupPoint', subtypes: ['parcelMachine', 'postOffice'], constraints: { parcelDimensionsRequired: false }, additionalServices: ['ageVerification'] },
      { type: 'courier', subtypes: ['standard'], constraints: { parcelDimensionsRequired: true }, additionalServices: ['ageVerification'] },
    ],
  },
  lockerSizes: {
    XS: { heightCm: 6, widthCm: 36, depthCm: 60, maxWeightKg: 35 },
    S: { heightCm: 12, widthCm: 36, depthCm: 60, maxWeightKg: 35 },
    M: { heightCm: 20, widthCm: 36, depthCm: 60, maxWeightKg: 35 },
    L: { heightCm: 38, widthCm: 36, depthCm: 60, maxWeightKg: 35 },
    XL: { heightCm: 60, widthCm: 36, depthCm: 60, maxWeightKg: 35 },
  },
  // A drop-off code for the compartment size, when the account has the service; with no size at
  // all, none is issued (Montonio's shipments guide, § Marketplaces and drop-off codes).
  dropOffPin: 'withService',
  parcelLimits: { maxWeightGrams: 35_000, maxLengthCm: 200 },
  trackingNumber: numericScheme({ length: 14, prefix: '37', algorithm: 'luhn-mod10', description: '14 digits: "37", 11-digit serial, Luhn check digit' }),
  trackingUrl: (tn: string) => `https://www.posti.fi/en/tracking#/lahetys/${encodeURIComponent(tn)}`,
  rates: smartpostRates,
  pickupPointNetwork: smartpostNetwork,
});
