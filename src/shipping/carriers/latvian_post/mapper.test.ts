import { describe, expect, it } from 'vitest';
import type { RegistrationRequest } from '../contract.js';
import { courier, pickupPoint, registration } from '../../../../test/support/carriers/fixtures.js';
import { golden, wire } from '../../../../test/support/carriers/golden.js';
import { latvianPostMapper } from './mapper.js';
import { latvianPostSimulator } from './simulator.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);

const SCENARIOS: Record<string, RegistrationRequest> = {
  // Two parcels to an LV parcel locker with cash on delivery (on the first parcel only).
  'parcel-machine-lv-cod': registration(pickupPoint('latvian_post-lv-pm-1', 'parcelMachine', 'LV'), {
    additionalServices: [{ code: 'cod', amountMinor: 1250, currency: 'EUR' }],
    parcels: [
      { id: 'parcel-1', weightGrams: 1200, lengthCm: 30, widthCm: 20, heightCm: 10 },
      { id: 'parcel-2', weightGrams: 350, lengthCm: null, widthCm: null, heightCm: null },
    ],
  }),
  // Post office pickup in Latvia.
  'post-office-lv': registration(pickupPoint('latvian_post-lv-po-1', 'postOffice', 'LV')),
  // Express courier to Lithuania: postal code written with its prefix, sent as digits.
  'courier-lt': registration(courier('latvian_post', 'LT'), {
    receiver: { name: 'Ona Jonaitė', streetAddress: 'Laisvės al. 60', locality: 'Kaunas', postalCode: 'LT-44311', country: 'LT', phoneCountryCode: '+370', phoneNumber: '612 34567' },
  }),
  // A parcel too big for the LT partner lockers (35×36×61 cm), a rejected name and a zero phone.
  'rejected-lt-locker': registration(pickupPoint('latvian_post-lt-pm-1', 'parcelMachine', 'LT'), {
    receiver: { name: 'FAIL Test', phoneCountryCode: '+370', phoneNumber: '00000000' },
    parcels: [{ id: 'parcel-1', weightGrams: 2000, lengthCm: 40, widthCm: 38, heightCm: 38 }],
  }),
  unavailable: registration(courier('latvian_post', 'LV'), {
    receiver: { name: 'UNAVAILABLE', streetAddress: 'Lielā iela 5', locality: 'Jelgava', postalCode: 'LV-3001', country: 'LV', phoneCountryCode: '+371', phoneNumber: '29123456' },
  }),
};

describe('Latvian Post mapper and simulator (golden fixtures)', () => {
  it.each(Object.entries(SCENARIOS))('%s', (name, input) => {
    const request = wire(latvianPostMapper.buildRequest(input));
    expect(request).toEqual(golden(FIXTURES, `${name}.request`, request));
    const response = wire(latvianPostSimulator.handle(request, { sequenceStart: input.sequenceStart ?? 0 }));
    expect(response).toEqual(golden(FIXTURES, `${name}.response`, response));
    const result = latvianPostMapper.parseResponse(response, input);
    expect(result).toEqual(golden(FIXTURES, `${name}.result`, result));
  });
});

describe('Latvian Post mapper', () => {
  const input = SCENARIOS['parcel-machine-lv-cod']!;

  it('sends one entry per parcel: kg and metres, LV locker as station_id, COD once as a decimal', () => {
    const r = latvianPostMapper.buildRequest(input);
    const [first, second] = Object.values(r.parcels);
    expect(Object.keys(r.parcels)).toEqual([`${input.shipmentId}/1`, `${input.shipmentId}/2`]);
    expect(first).toMatchObject({
      type: 'Ie',
      station_id: 'latvian_post-lv-pm-1',
      terminal_id: null,
      package_weight: 1.2,
      length: 0.3,
      width: 0.2,
      height: 0.1,
      post_payment: 1,
      post_payment_sum: '12.50',
      phone: '29123456',
      zipcode: 'LV-3001',
      multiparcel: 1,
    });
    expect(second).toMatchObject({ post_payment: 0, post_payment_sum: null, length: null });
  });

  it('sends LT partner lockers as terminal_id with a size, and LT postal codes as digits', () => {
    const r = latvianPostMapper.buildRequest(SCENARIOS['rejected-lt-locker']!);
    expect(Object.values(r.parcels)[0]).toMatchObject({ type: 'Be', terminal_id: 'latvian_post-lt-pm-1', size: 'Medium', station_id: null, country_id: 2 });
    expect(r.sender.zipcode).toBe('01103');
  });

  it('numbers every parcel as posted in Latvia', () => {
    const scheme = latvianPostSimulator.handle(latvianPostMapper.buildRequest(SCENARIOS['courier-lt']!), { sequenceStart: 7 });
    expect(scheme).toEqual({ status: 200, body: { [`${input.shipmentId}/1`]: 'CE000000076LV' } });
  });

  it('reads answers it cannot use as a carrier error', () => {
    expect(latvianPostMapper.parseResponse({ status: 200, body: { [`${input.shipmentId}/1`]: 'CE000000076LV' } }, input)).toMatchObject({
      ok: false,
      retryable: false,
      errors: [{ code: 'CARRIER_ERROR' }],
    });
    expect(latvianPostMapper.parseResponse({ status: 200, body: { elsewhere: { nowhere: 'new rule' } } }, input)).toEqual({
      ok: false,
      retryable: false,
      errors: [{ code: 'CARRIER_ERROR', message: 'new rule' }],
    });
    expect(latvianPostMapper.parseResponse({ status: 401, body: { error: 'Unknown user' } }, input)).toEqual({
      ok: false,
      retryable: false,
      errors: [{ code: 'CARRIER_ERROR', message: 'Unknown user' }],
    });
  });
});
