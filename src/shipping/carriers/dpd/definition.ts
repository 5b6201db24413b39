/**
 * DPD: an international courier with a parcel shop network in all five countries.
 * Courier standard and business (B2B) delivery, delivery to parcel shops. Tracking numbers are 10
 * digits (`3`, 8-digit serial, mod-7 check digit, as air waybills have). No lockers, no drop-off
 * PIN; the merchant's own (DIRECT) contract only, so no rates through Kassa. Its sandbox hands
 * out one test account (customer number SWT-000001), which every store's sandbox uses.
 */
import type { AdditionalServiceCode, CarrierMethod } from '../contract.js';
import { numericScheme } from '../kit/tracking.js';
import { wordmarkSvg } from '../kit/logo.js';
import { defineCarrier } from '../kit/define.js';
import { dpdNetwork } from './network.js';
import { dpdRates } from './rates.js';

const methods = (courier: readonly AdditionalServiceCode[], shop: readonly AdditionalServiceCode[]): readonly CarrierMethod[] =>
  [
    { type: 'courier', subtypes: ['standard', 'standardB2B'], constraints: { parcelDimensionsRequired: false }, additionalServices: courier },
    { type: 'pickupPoint', subtypes: ['parcelShop'], constraints: { parcelDimensionsRequired: false }, additionalServices: shop },
  ];

const logo = wordmarkSvg({ wordmark: 'DPD', background: '#D0021B', foreground: '#FFFFFF', accent: '#7A0010' });

export const dpdDefinition = defineCarrier({
  code: 'dpd',
  name: 'DPD',
  logoSvg: () => logo,
  countries: ['EE', 'LV', 'LT', 'FI', 'PL'],
  supportedContractTypes: ['DIRECT'],
  hasServiceContract: false,
  shipmentIdPattern: /^(MPS\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/,
  methods: {
    EE: methods(['cod', 'ageVerification'], ['cod']),
    LV: methods(['cod', 'ageVerification'], ['cod']),
    LT: methods(['cod', 'ageVerification'], ['cod']),
    FI: methods(['ageVerification'], []),
    PL: methods(['cod', 'ageVerification'], ['cod']),
  },
  dropOffPin: 'never',
  parcelLimits: { maxWeightGrams: 31_500, maxLengthCm: 175 },
  trackingNumber: numericScheme({ length: 10, prefix: '3', algorithm: 'mod7', description: '10 digits: "3", 8-digit serial, mod-7 check digit' }),
  trackingUrl: (tn: string) => `https://tracking.dpd.example/parcel/${encodeURIComponent(tn)}`,
  // The simulator's test account (the mapper sends the customer number as customerNumber).
  sandboxTestAccount: { username: 'swift-sandbox', logisticsContractNumber: 'SWT-000001' },
  rates: dpdRates,
  pickupPointNetwork: dpdNetwork,
});
