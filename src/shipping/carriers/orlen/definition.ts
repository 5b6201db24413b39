/**
 * ORLEN Paczka: Polish parcel network (formerly Paczka w RUCHu). Parcel machines and pickup at
 * ORLEN stations and partner shops, in Poland only; no home delivery in the Montonio clients.
 * A pack has a box size S, M or L chosen by the sender (from the parcel's measures here), up to
 * 20 kg. Pack codes are 13 digits (`PackCode_RUCH`). Cash on delivery in PLN. No drop-off PIN.
 */
import type { CarrierMethod } from '../contract.js';
import { numericScheme } from '../kit/tracking.js';
import { wordmarkSvg } from '../kit/logo.js';
import { defineCarrier } from '../kit/define.js';
import { orlenNetwork } from './network.js';
import { orlenRates } from './rates.js';

const PL_METHODS: readonly CarrierMethod[] = [{ type: 'pickupPoint', subtypes: ['parcelMachine', 'parcelShop'], constraints: { parcelDimensionsRequired: false }, additionalServices: ['cod'] }];

const logo = wordmarkSvg({ wordmark: 'ORLEN Paczka', background: '#E30613', foreground: '#FFFFFF', accent: '#FFB3B8' });

export const orlenDefinition = defineCarrier({
  code: 'orlen',
  name: 'ORLEN Paczka',
  logoSvg: () => logo,
  countries: ['PL'],
  supportedContractTypes: ['DIRECT', 'SERVICE'],
  hasServiceContract: true,
  // Packs are cancelled one by one (PutCustomerPackCanceled): the first pack's code.
  shipmentIdPattern: /^21\d{11}$/,
  methods: { PL: PL_METHODS },
  dropOffPin: 'never',
  parcelLimits: { maxWeightGrams: 20_000, maxLengthCm: 60 },
  // 13 digits as ORLEN's pack codes; the prefix and the check digit are Kassa's (none published).
  trackingNumber: numericScheme({ length: 13, prefix: '21', algorithm: 'gs1-mod10', description: '13 digits: "21", 10-digit serial, GS1 mod-10 check digit' }),
  trackingUrl: (tn: string) => `https://www.orlenpaczka.pl/sledz-paczke/?numer=${encodeURIComponent(tn)}`,
  rates: orlenRates,
  pickupPointNetwork: orlenNetwork,
});
