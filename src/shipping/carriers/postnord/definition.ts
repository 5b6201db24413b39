/**
 * PostNord: the Swedish-Danish post. Service points ("ombud", "pakkeshop", "hentested",
 * "noutopiste") and parcel lockers, home delivery (MyPack Home) and business parcels (Parcel) in
 * Sweden, Denmark, Norway and Finland. Not offered by the original service (the WooCommerce plugin
 * knows no PostNord); Kassa offers it on the merchant's own contract or on its own.
 *
 * No additional services: cash on delivery would be collected in SEK, DKK or NOK, which Kassa's
 * money cannot hold, and Kassa does not model PostNord's Finnish COD or its age check. No
 * lockerSize (the locker picks the compartment), no drop-off PIN. Item ids are UPU S10 with a
 * `U` service indicator and the posting country (`UA123456785SE`), as PostNord prints them.
 */
import type { CarrierMethod } from '../contract.js';
import { s10Scheme } from '../kit/tracking.js';
import { wordmarkSvg } from '../kit/logo.js';
import { defineCarrier } from '../kit/define.js';
import { postnordNetwork } from './network.js';
import { postnordRates } from './rates.js';

/** Where it delivers, and the posting countries its item ids carry. */
const COUNTRIES = ['SE', 'DK', 'NO', 'FI'] as const;

const NO_DIMENSIONS = { parcelDimensionsRequired: false } as const;

const METHODS: readonly CarrierMethod[] = [
  { type: 'pickupPoint', subtypes: ['parcelShop', 'parcelMachine'], constraints: NO_DIMENSIONS, additionalServices: [] },
  { type: 'courier', subtypes: ['standard', 'standardB2B'], constraints: NO_DIMENSIONS, additionalServices: [] },
];

const logo = wordmarkSvg({ wordmark: 'PostNord', background: '#00A0D6', foreground: '#FFFFFF', accent: '#BDE8F7' });

export const postnordDefinition = defineCarrier({
  code: 'postnord',
  name: 'PostNord',
  logoSvg: () => logo,
  countries: COUNTRIES,
  supportedContractTypes: ['DIRECT', 'SERVICE'],
  hasServiceContract: true,
  shipmentIdPattern: /^70\d{15}$/,
  methods: { SE: METHODS, DK: METHODS, NO: METHODS, FI: METHODS },
  dropOffPin: 'never',
  parcelLimits: { maxWeightGrams: 35_000, maxLengthCm: 150 },
  trackingNumber: s10Scheme({ serviceIndicator: 'UA', countries: COUNTRIES }),
  // Sweden's own page; the group's page serves the other countries.
  trackingUrl: (tn: string) =>
    tn.endsWith('SE')
      ? `https://www.postnord.se/vara-verktyg/spara-brev-paket-och-pall?shipmentId=${encodeURIComponent(tn)}`
      : `https://www.postnord.com/track-and-trace?shipmentId=${encodeURIComponent(tn)}`,
  rates: postnordRates,
  pickupPointNetwork: postnordNetwork,
});
