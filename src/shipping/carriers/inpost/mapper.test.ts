import { describe, expect, it } from 'vitest';
import type { RegistrationRequest } from '../contract.js';
import { courier, pickupPoint, registration, RECEIVERS } from '../../../../test/support/carriers/fixtures.js';
import { golden, wire } from '../../../../test/support/carriers/golden.js';
import { flattenDetails, inpostMapper } from './mapper.js';
import { inpostSimulator } from './simulator.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);

const SCENARIOS: Record<string, RegistrationRequest> = {
  // A locker in Poland: 50 × 30 × 6 cm fits template small (A); lockerSize is not InPost's and is ignored.
  'locker-pl': registration(pickupPoint('inpost-pl-pm-1', 'parcelMachine', 'PL'), {
    additionalServices: [{ code: 'cod', amountMinor: 12999, currency: 'PLN' }],
    lockerSize: 'XL',
    parcels: [{ id: 'parcel-1', weightGrams: 2500, lengthCm: 50, widthCm: 30, heightCm: 6 }],
  }),
  // Courier, dimensions in millimetres, no template.
  'courier-b2b-pl': registration(courier('inpost', 'PL', 'standardB2B'), {
    receiver: { ...RECEIVERS.PL, companyName: 'Kowalski i Syn', postalCode: '90004' },
  }),
  // A postal code of another country, a parcel no template takes, ageVerification (not offered).
  'invalid-pl-locker': registration(pickupPoint('inpost-pl-pm-1', 'parcelMachine', 'PL'), {
    additionalServices: [{ code: 'ageVerification' }],
    parcels: [{ id: 'parcel-1', weightGrams: 2500, lengthCm: 70, widthCm: 30, heightCm: 10 }],
    receiver: { ...RECEIVERS.PL, postalCode: 'LT-44311' },
  }),
  unavailable: registration(courier('inpost', 'PL'), { receiver: { ...RECEIVERS.PL, name: 'UNAVAILABLE' } }),
};

describe('InPost mapper and simulator (golden fixtures)', () => {
  it.each(Object.entries(SCENARIOS))('%s', (name, input) => {
    const request = wire(inpostMapper.buildRequest(input));
    expect(request).toEqual(golden(FIXTURES, `${name}.request`, request));
    const response = wire(inpostSimulator.handle(request, { sequenceStart: input.sequenceStart ?? 0 }));
    expect(response).toEqual(golden(FIXTURES, `${name}.response`, response));
    const result = inpostMapper.parseResponse(response, input);
    expect(result).toEqual(golden(FIXTURES, `${name}.result`, result));
  });
});

describe('InPost mapper', () => {
  const input = SCENARIOS['locker-pl']!;

  it('sends the template, millimetres, kg and the target point', () => {
    const r = inpostMapper.buildRequest(input);
    expect(r.service).toBe('inpost_locker_standard');
    expect(r.custom_attributes).toEqual({ target_point: 'inpost-pl-pm-1' });
    expect(r.parcels).toEqual([{ id: 'parcel-1', template: 'small', dimensions: { length: 500, width: 300, height: 60, unit: 'mm' }, weight: { amount: 2.5, unit: 'kg' } }]);
    expect(r.cod).toEqual({ amount: 129.99, currency: 'PLN' });
    expect(r.receiver.phone_prefix).toBe('+48');
  });

  it('picks the smallest template the parcel fits, small when its measures are unknown; none for couriers', () => {
    const withSides = (lengthCm: number, widthCm: number, heightCm: number) => ({ ...input, parcels: [{ ...input.parcels[0]!, lengthCm, widthCm, heightCm }] });
    expect(inpostMapper.buildRequest(withSides(60, 38, 15)).parcels[0]!.template).toBe('medium');
    expect(inpostMapper.buildRequest(withSides(38, 41, 64)).parcels[0]!.template).toBe('large');
    expect(inpostMapper.buildRequest(withSides(65, 30, 10)).parcels[0]!.template).toBeNull();
    expect(inpostMapper.buildRequest({ ...input, parcels: [{ ...input.parcels[0]!, lengthCm: null, widthCm: null, heightCm: null }] }).parcels[0]!.template).toBe('small');
    const courierInput = SCENARIOS['courier-b2b-pl']!;
    expect(inpostMapper.buildRequest(courierInput).parcels[0]!.template).toBeNull();
  });

  it('flattens nested validation details', () => {
    expect(flattenDetails({ receiver: { address: { post_code: ['invalid_post_code'] } }, parcels: { '0': { weight: ['too_heavy'] } } })).toEqual([
      ['receiver.address.post_code', 'invalid_post_code'],
      ['parcels.0.weight', 'too_heavy'],
    ]);
  });
});
