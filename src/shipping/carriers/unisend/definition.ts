/**
 * Unisend: Lithuanian Post's parcel brand (formerly LP Express). Parcel lockers and courier
 * delivery in Lithuania, Latvia and Estonia; cash on delivery. Every parcel is sized XS–XL
 * (`lockerSize`), courier parcels too. The sender chooses how the parcel is handed over: a
 * courier collects it (`courierPickUp`, parcel types H2T/H2H) or the sender drops it at a locker
 * (`terminalDropOff`, T2T/T2H), the only carrier that takes `parcelHandoverMethod` (Montonio's reference).
 * At a locker the sender enters the parcel's own number, so Unisend issues no separate drop-off
 * PIN (the spec's three PIN carriers are Omniva, DPD and SmartPosti). Barcodes are S10 of
 * Lithuanian Post (`CE…LT`).
 */
import type { CarrierMethod } from '../contract.js';
import { wordmarkSvg } from '../kit/logo.js';
import { defineCarrier } from '../kit/define.js';
import { unisendBarcodeScheme } from './barcode.js';
import { unisendNetwork } from './network.js';
import { unisendRates } from './rates.js';

const NO_DIMENSIONS = { parcelDimensionsRequired: false } as const;

const baltic: readonly CarrierMethod[] = [
  { type: 'pickupPoint', subtypes: ['parcelMachine'], constraints: NO_DIMENSIONS, additionalServices: ['cod'] },
  { type: 'courier', subtypes: ['standard'], constraints: NO_DIMENSIONS, additionalServices: ['cod'] },
];

const logo = wordmarkSvg({ wordmark: 'Unisend', background: '#FFFFFF', foreground: '#1B1B1B', accent: '#F2A900' });

export const unisendDefinition = defineCarrier({
  code: 'unisend',
  name: 'Unisend',
  logoSvg: () => logo,
  countries: ['EE', 'LV', 'LT'],
  supportedContractTypes: ['DIRECT', 'SERVICE'],
  hasServiceContract: true,
  // The shipping request id of POST /shipping/initiate (a UUID).
  shipmentIdPattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  methods: { EE: baltic, LV: baltic, LT: baltic },
  // Terminal compartments (Lithuanian Post's own plugin: width × depth × height 18.5/35 × 61 ×
  // 8/8/17.5/36.5/74.5 cm), whole centimetres rounded down: the same for whole-cm parcels.
  lockerSizes: {
    XS: { heightCm: 8, widthCm: 18, depthCm: 61, maxWeightKg: 30 },
    S: { heightCm: 8, widthCm: 35, depthCm: 61, maxWeightKg: 30 },
    M: { heightCm: 17, widthCm: 35, depthCm: 61, maxWeightKg: 30 },
    L: { heightCm: 36, widthCm: 35, depthCm: 61, maxWeightKg: 30 },
    XL: { heightCm: 74, widthCm: 35, depthCm: 61, maxWeightKg: 30 },
  },
  dropOffPin: 'never',
  parcelHandoverMethods: ['courierPickUp', 'terminalDropOff'],
  parcelLimits: { maxWeightGrams: 30_000, maxLengthCm: 74 },
  trackingNumber: unisendBarcodeScheme,
  trackingUrl: (tn: string) => `https://www.post.lt/siuntu-sekimas?parcels=${encodeURIComponent(tn)}`,
  rates: unisendRates,
  pickupPointNetwork: unisendNetwork,
});
