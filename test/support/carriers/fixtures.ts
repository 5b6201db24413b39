/** Unified registration requests the carriers' tests share (test support: not built into dist/). */
import type { CarrierAccount, CountryCode, RegistrationMethod, RegistrationRequest, SenderParty } from '../../../src/shipping/carriers/contract.js';

export const SHIPMENT_ID = '01900000-0000-7000-8000-0000000000a1';

export const ACCOUNT: CarrierAccount = {
  contractId: '01900000-0000-7000-8000-0000000000c1',
  country: 'EE',
  isDirectContract: true,
  logisticsContractNumber: 'LC-40021',
  username: 'shop-api',
  returnsAllowed: true,
  defaultLockerSize: 'M',
  parcelHandoverMethod: null,
  dropOffPinServiceEnabled: true,
};

export const SENDERS: Readonly<Record<CountryCode, SenderParty>> = {
  EE: {
    name: 'Näidispood OÜ',
    companyName: 'Näidispood OÜ',
    streetAddress: 'Pärnu mnt 10',
    locality: 'Tallinn',
    postalCode: '10148',
    country: 'EE',
    phoneCountryCode: '+372',
    phoneNumber: '6001234',
    email: 'ladu@naidispood.example',
  },
  LV: { name: 'Paraugveikals SIA', streetAddress: 'Brīvības iela 72', locality: 'Rīga', postalCode: 'LV-1011', country: 'LV', phoneCountryCode: '+371', phoneNumber: '67001234' },
  LT: { name: 'Pavyzdys UAB', streetAddress: 'Gedimino pr. 9', locality: 'Vilnius', postalCode: 'LT-01103', country: 'LT', phoneCountryCode: '+370', phoneNumber: '52001234' },
  FI: { name: 'Esimerkki Oy', streetAddress: 'Mannerheimintie 12', locality: 'Helsinki', postalCode: '00100', country: 'FI', phoneCountryCode: '+358', phoneNumber: '912345678' },
  PL: { name: 'Przykład Sp. z o.o.', streetAddress: 'ul. Marszałkowska 104', locality: 'Warszawa', postalCode: '00-017', country: 'PL', phoneCountryCode: '+48', phoneNumber: '221234567' },
  SE: { name: 'Exempelbutiken AB', streetAddress: 'Drottninggatan 53', locality: 'Stockholm', postalCode: '111 21', country: 'SE', phoneCountryCode: '+46', phoneNumber: '812345678' },
  DK: { name: 'Eksempelbutik ApS', streetAddress: 'Vesterbrogade 12', locality: 'København V', postalCode: '1620', country: 'DK', phoneCountryCode: '+45', phoneNumber: '33123456' },
  NO: { name: 'Eksempelbutikk AS', streetAddress: 'Storgata 10', locality: 'Oslo', postalCode: '0155', country: 'NO', phoneCountryCode: '+47', phoneNumber: '22123456' },
  UA: { name: 'TOV Pryklad', streetAddress: 'vul. Khreshchatyk 22', locality: 'Kyiv', postalCode: '01001', country: 'UA', phoneCountryCode: '+380', phoneNumber: '441234567' },
};

export const RECEIVERS = {
  EE: {
    name: 'Mari Maasikas',
    firstName: 'Mari',
    lastName: 'Maasikas',
    streetAddress: 'Riia tn 15',
    locality: 'Tartu',
    postalCode: '51010',
    country: 'EE',
    phoneCountryCode: '+372',
    phoneNumber: '5551234',
    email: 'mari@example.com',
  },
  LV: { name: 'Jānis Bērziņš', streetAddress: 'Lielā iela 5', locality: 'Jelgava', postalCode: 'LV-3001', country: 'LV', phoneCountryCode: '+371', phoneNumber: '29123456' },
  LT: { name: 'Ona Jonaitė', streetAddress: 'Laisvės al. 60', locality: 'Kaunas', postalCode: 'LT-44311', country: 'LT', phoneCountryCode: '+370', phoneNumber: '61234567' },
  FI: { name: 'Matti Virtanen', streetAddress: 'Hämeenkatu 20', locality: 'Tampere', postalCode: '33200', country: 'FI', phoneCountryCode: '+358', phoneNumber: '401234567' },
  PL: { name: 'Jan Kowalski', streetAddress: 'ul. Piotrkowska 100', locality: 'Łódź', postalCode: '90-004', country: 'PL', phoneCountryCode: '+48', phoneNumber: '500600700' },
  SE: { name: 'Anna Andersson', streetAddress: 'Kungsgatan 12', locality: 'Uppsala', postalCode: '753 21', country: 'SE', phoneCountryCode: '+46', phoneNumber: '701234567' },
  DK: { name: 'Mette Nielsen', streetAddress: 'Søndergade 20', locality: 'Aarhus C', postalCode: '8000', country: 'DK', phoneCountryCode: '+45', phoneNumber: '20123456' },
  NO: { name: 'Ola Nordmann', streetAddress: 'Torgallmenningen 8', locality: 'Bergen', postalCode: '5014', country: 'NO', phoneCountryCode: '+47', phoneNumber: '41234567' },
  UA: { name: 'Olena Kovalenko', streetAddress: 'prosp. Svobody 15', locality: 'Lviv', postalCode: '79000', country: 'UA', phoneCountryCode: '+380', phoneNumber: '671234567' },
} as const satisfies Record<CountryCode, RegistrationRequest['receiver']>;

/** A registration request: one 1.2 kg parcel of 30×20×10 cm to `method`, sender and receiver of its country. */
export function registration(method: RegistrationMethod, over: Partial<RegistrationRequest> = {}): RegistrationRequest {
  const country = method.countryCode;
  return {
    shipmentId: SHIPMENT_ID,
    merchantReference: 'ORDER-1001',
    orderComment: null,
    account: { ...ACCOUNT, country },
    shippingMethod: method,
    additionalServices: [],
    lockerSize: null,
    parcelHandoverMethod: null,
    parcels: [{ id: '01900000-0000-7000-8000-0000000000b1', weightGrams: 1200, lengthCm: 30, widthCm: 20, heightCm: 10 }],
    receiver: { ...RECEIVERS[country] },
    sender: { ...SENDERS[country] },
    sequenceStart: 1234,
    ...over,
  };
}

export const pickupPoint = (id: string, subtype: 'parcelMachine' | 'postOffice' | 'parcelShop', countryCode: CountryCode): RegistrationMethod => ({ type: 'pickupPoint', id, subtype, countryCode });
export const courier = (carrier: string, countryCode: CountryCode, subtype: 'standard' | 'standardB2B' = 'standard'): RegistrationMethod => ({
  type: 'courier',
  id: `${carrier}-${countryCode.toLowerCase()}-courier-${subtype}`,
  subtype,
  countryCode,
});
