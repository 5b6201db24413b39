/**
 * Venipak: a Lithuanian courier network with its own lockers and partner pickup shops, delivering
 * in Lithuania, Latvia and Estonia. Parcel machines, parcel shops and courier delivery; cash on
 * delivery with every method, an age check (`min_age`) with the courier. No sender-chosen locker
 * sizes and no drop-off PIN at registration (Venipak's label-free PIN is a separate call per
 * pack, `ws/get_label_free_pin`). Pack numbers are `V` + 5-digit API id + `E` + 7-digit serial,
 * assigned by the sender, without a check digit.
 */
import type { CarrierMethod } from '../contract.js';
import { wordmarkSvg } from '../kit/logo.js';
import { defineCarrier } from '../kit/define.js';
import { venipakNetwork } from './network.js';
import { VENIPAK_SANDBOX_API_ID, venipakPackNumberScheme } from './pack-number.js';
import { venipakRates } from './rates.js';

const NO_DIMENSIONS = { parcelDimensionsRequired: false } as const;

const baltic: readonly CarrierMethod[] = [
  { type: 'pickupPoint', subtypes: ['parcelMachine', 'parcelShop'], constraints: NO_DIMENSIONS, additionalServices: ['cod'] },
  { type: 'courier', subtypes: ['standard'], constraints: NO_DIMENSIONS, additionalServices: ['cod', 'ageVerification'] },
];

const logo = wordmarkSvg({ wordmark: 'Venipak', background: '#1F2A44', foreground: '#FFFFFF', accent: '#E4002B' });

export const venipakDefinition = defineCarrier({
  code: 'venipak',
  name: 'Venipak',
  logoSvg: () => logo,
  countries: ['EE', 'LV', 'LT'],
  supportedContractTypes: ['DIRECT', 'SERVICE'],
  hasServiceContract: true,
  // Venipak's shipment id (`siunt_id` in its tracking answers).
  shipmentIdPattern: /^\d{9}$/,
  methods: { EE: baltic, LV: baltic, LT: baltic },
  dropOffPin: 'never',
  parcelLimits: { maxWeightGrams: 30_000, maxLengthCm: 150 },
  trackingNumber: venipakPackNumberScheme(VENIPAK_SANDBOX_API_ID),
  trackingUrl: (tn: string) => `https://venipak.com/tracking/track/${encodeURIComponent(tn)}`,
  rates: venipakRates,
  pickupPointNetwork: venipakNetwork,
});
