/**
 * The sandbox's sample sender: a store with no default shipping address still ships in the
 * sandbox (zero set-up, as sandbox payouts go to a sample account), from a sample warehouse in the
 * store's country. Production never uses it: there a shipment without `sender` needs the store's
 * own address. Every sample says what it is in its name, so a label printed from the sandbox can
 * never be mistaken for a real sender.
 */
import type { Env } from '../../platform/env.js';
import type { StoreAddress } from '../../stores/service.js';

type SampleCountry = 'EE' | 'LV' | 'LT' | 'FI' | 'PL';

const NAME = 'Kassa sandbox sample sender';

export const SAMPLE_SENDERS: Readonly<Record<SampleCountry, StoreAddress>> = Object.freeze({
  EE: {
    name: NAME,
    companyName: null,
    streetAddress: 'Näidise tn 1',
    locality: 'Tallinn',
    region: null,
    postalCode: '10111',
    country: 'EE',
    phoneCountryCode: '+372',
    phoneNumber: '6000000',
    email: null,
  },
  LV: {
    name: NAME,
    companyName: null,
    streetAddress: 'Parauga iela 1',
    locality: 'Rīga',
    region: null,
    postalCode: 'LV-1050',
    country: 'LV',
    phoneCountryCode: '+371',
    phoneNumber: '67000000',
    email: null,
  },
  LT: {
    name: NAME,
    companyName: null,
    streetAddress: 'Pavyzdžio g. 1',
    locality: 'Vilnius',
    region: null,
    postalCode: 'LT-01100',
    country: 'LT',
    phoneCountryCode: '+370',
    phoneNumber: '52000000',
    email: null,
  },
  FI: {
    name: NAME,
    companyName: null,
    streetAddress: 'Esimerkkikatu 1',
    locality: 'Helsinki',
    region: null,
    postalCode: '00100',
    country: 'FI',
    phoneCountryCode: '+358',
    phoneNumber: '910000000',
    email: null,
  },
  PL: {
    name: NAME,
    companyName: null,
    streetAddress: 'ul. Przykładowa 1',
    locality: 'Warszawa',
    region: null,
    postalCode: '00-950',
    country: 'PL',
    phoneCountryCode: '+48',
    phoneNumber: '220000000',
    email: null,
  },
});

/** The sample sender of a store's sandbox: in the store's country, else Estonia. Never for production. */
export function sampleSender(env: Env, storeCountry: string): StoreAddress | null {
  if (env !== 'sandbox') return null;
  return SAMPLE_SENDERS[storeCountry as SampleCountry] ?? SAMPLE_SENDERS.EE;
}
