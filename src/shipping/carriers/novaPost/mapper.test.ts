import { describe, expect, it } from 'vitest';
import type { RegistrationRequest } from '../contract.js';
import { COD_CURRENCY } from '../countries.js';
import { courier, pickupPoint, registration } from '../../../../test/support/carriers/fixtures.js';
import { golden, wire } from '../../../../test/support/carriers/golden.js';
import { novaPostDefinition } from './definition.js';
import { errorProperty, novaPostMapper, novaPostPhone, type NovaPostResponse } from './mapper.js';
import { novaPostSimulator } from './simulator.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);

const SCENARIOS: Record<string, RegistrationRequest> = {
  // A poshtomat in Lviv, sent from Kyiv; the phone written nationally with its trunk 0.
  'parcel-machine-ua': registration(pickupPoint('novaPost-ua-pm-1', 'parcelMachine', 'UA'), {
    receiver: { name: 'Olena Kovalenko', streetAddress: 'prosp. Svobody 15', locality: 'Lviv', postalCode: '79000', country: 'UA', phoneCountryCode: '+380', phoneNumber: '067 123 4567' },
  }),
  // Two parcels to a Nova Post branch in Poland, sent from Warsaw: two seats, two waybill numbers.
  'parcel-shop-pl-two-parcels': registration(pickupPoint('novaPost-pl-ps-1', 'parcelShop', 'PL'), {
    parcels: [
      { id: 'parcel-1', weightGrams: 1200, lengthCm: 30, widthCm: 20, heightCm: 10 },
      { id: 'parcel-2', weightGrams: 4500, lengthCm: null, widthCm: null, heightCm: null },
    ],
  }),
  // Courier in Lithuania: postal code without its prefix, the receiver a company.
  'courier-lt': registration(courier('novaPost', 'LT'), {
    receiver: {
      name: 'Ona Jonaitė',
      companyName: 'Jonaitė UAB',
      streetAddress: 'Laisvės al. 60',
      locality: 'Kaunas',
      postalCode: '44311',
      country: 'LT',
      phoneCountryCode: '+370',
      phoneNumber: '61234567',
    },
  }),
  'rejected-receiver': registration(pickupPoint('novaPost-ua-ps-1', 'parcelShop', 'UA'), {
    receiver: { name: 'FAIL Test', phoneCountryCode: '+380', phoneNumber: '0000000' },
    parcels: [{ id: 'parcel-1', weightGrams: 31_000, lengthCm: 130, widthCm: 20, heightCm: 10 }],
  }),
  unavailable: registration(courier('novaPost', 'UA'), {
    receiver: { name: 'UNAVAILABLE', streetAddress: 'prosp. Svobody 15', locality: 'Lviv', postalCode: '79000', country: 'UA', phoneCountryCode: '+380', phoneNumber: '671234567' },
  }),
};

describe('Nova Post mapper and simulator (golden fixtures)', () => {
  it.each(Object.entries(SCENARIOS))('%s', (name, input) => {
    const request = wire(novaPostMapper.buildRequest(input));
    expect(request).toEqual(golden(FIXTURES, `${name}.request`, request));
    const response = wire(novaPostSimulator.handle(request, { sequenceStart: input.sequenceStart ?? 0 }));
    expect(response).toEqual(golden(FIXTURES, `${name}.response`, response));
    const result = novaPostMapper.parseResponse(response, input);
    expect(result).toEqual(golden(FIXTURES, `${name}.result`, result));
  });
});

describe('Nova Post mapper', () => {
  it('sends phones as digits with the country code, without the national trunk 0', () => {
    expect(novaPostPhone('+380', '067 123 4567')).toBe('380671234567');
    expect(novaPostPhone('48', '500 600 700')).toBe('48500600700');
  });

  it('delivers pickup points to the branch or poshtomat and couriers to the door', () => {
    const pm = novaPostMapper.buildRequest(SCENARIOS['parcel-machine-ua']!).methodProperties;
    expect(pm).toMatchObject({ ServiceType: 'WarehouseWarehouse', RecipientWarehouseIndex: 'novaPost-ua-pm-1', RecipientAddressName: null, SeatsAmount: 1, Weight: 1.2 });
    const c = novaPostMapper.buildRequest(SCENARIOS['courier-lt']!).methodProperties;
    expect(c).toMatchObject({ ServiceType: 'WarehouseDoors', RecipientWarehouseIndex: null, RecipientAddressName: 'Laisvės al. 60', RecipientPostcode: 'LT-44311', RecipientType: 'Organization' });
  });

  it('reads the property an error text names', () => {
    expect(errorProperty('RecipientsPhone: receiver phone number is all zeros')).toBe('RecipientsPhone');
    expect(errorProperty('OptionsSeat[0].weight: too heavy')).toBe('OptionsSeat[0].weight');
    expect(errorProperty('no property here')).toBeUndefined();
  });

  it('reads answers it cannot use as a carrier error', () => {
    const input = SCENARIOS['parcel-machine-ua']!;
    const bad = {
      success: true,
      data: [{ Ref: 'x', IntDocNumber: '123', SeatNumber: 1, CostOnSite: 0, EstimatedDeliveryDate: '', TypeDocument: 'InternetDocument' }],
      errors: [],
      warnings: [],
      info: [],
      messageCodes: [],
      errorCodes: [],
      warningCodes: [],
      infoCodes: [],
    } satisfies NovaPostResponse;
    expect(novaPostMapper.parseResponse(bad, input)).toMatchObject({ ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR' }] });
    const unknown = { ...bad, success: false, data: [], errors: ['Something new'], errorCodes: ['20000299999'] } satisfies NovaPostResponse;
    expect(novaPostMapper.parseResponse(unknown, input)).toEqual({ ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR', message: 'Something new' }] });
  });
});

describe('Nova Post definition', () => {
  it('offers no additional service, so no cash on delivery where Kassa has no COD currency', () => {
    for (const country of novaPostDefinition.countries) {
      for (const m of novaPostDefinition.methods[country] ?? []) {
        expect(m.additionalServices, `${country} ${m.type}`).toEqual([]);
        if (!COD_CURRENCY[country]) expect(m.additionalServices).not.toContain('cod');
      }
    }
  });

  it('issues valid 14-digit express waybill numbers starting with 20', () => {
    const s = novaPostDefinition.trackingNumber;
    const tn = s.generate(1234, 'UA');
    expect(tn).toMatch(/^20\d{12}$/);
    expect(s.isValid(tn)).toBe(true);
    expect(novaPostDefinition.trackingUrl(tn)).toBe(`https://novaposhta.ua/tracking/?cargo_number=${tn}`);
  });
});
