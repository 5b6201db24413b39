/**
 * DPD: an international courier with parcel shops and pickup lockers in all five countries.
 * Courier standard and business (B2B) delivery, delivery to pickup points (lockers and shops,
 * DPD's one Pickup product). Tracking numbers are 14 digits (`05` depot prefix, 11-digit serial,
 * a Luhn check digit of Kassa's: DPD prints its ISO 7064 check character beside the number, not
 * in it). No locker sizes; a drop-off PIN when the account has the service. The merchant's own
 * (DIRECT) contract only, so no rates through Kassa; its sandbox hands out one test account
 * (customer number SWT-000001), which every store's sandbox uses.
 */
import type { AdditionalServiceCode, CarrierMethod } from '../contract.js';
import { numericScheme } from '../kit/tracking.js';
import { wordmarkSvg } from '../kit/logo.js';
import { defineCarrier } from '../kit/define.js';
import { dpdNetwork } from './network.js';
import { dpdRates } from './rates.js';

const methods = (courier: readonly AdditionalServiceCode[], shop: readonly AdditionalServiceCode[]): readonly CarrierMethod[] => [
  { type: 'courier', subtypes: ['standard', 'standardB2B'], constraints: { parcelDimensionsRequired: false }, additionalServices: courier },
  { type: 'pickupPoint', subtypes: ['parcelMachine', 'parcelShop'], constraints: { parcelDimensionsRequired: false }, additionalServices: shop },
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
  // A label-free drop-off code with the PIN service on the account (Montonio's reference: DPD
  // needs the service enabled); DPD has no locker sizes, so no size is needed.
  dropOffPin: 'withService',
  parcelLimits: { maxWeightGrams: 31_500, maxLengthCm: 175 },
  trackingNumber: numericScheme({
    length: 14,
    prefix: '05',
    algorithm: 'luhn-mod10',
    description: '14 digits: "05" (the depot), 11-digit serial, a Luhn check digit (Kassa\'s; DPD prints its ISO 7064 check character beside the number)',
  }),
  trackingUrl: (tn: string) => `https://tracking.dpd.de/status/en_US/parcel/${encodeURIComponent(tn)}`,
  // The simulator's test account (the mapper sends the customer number as customerNumber).
  sandboxTestAccount: { username: 'swift-sandbox', logisticsContractNumber: 'SWT-000001' },
  rates: dpdRates,
  pickupPointNetwork: dpdNetwork,
});
