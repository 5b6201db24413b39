import { describe, expect, it } from 'vitest';
import type { RegistrationRequest } from '../contract.js';
import { pickupPoint, registration } from '../../../../test/support/carriers/fixtures.js';
import { golden, wire } from '../../../../test/support/carriers/golden.js';
import { boxFor, orlenMapper } from './mapper.js';
import { orlenSimulator } from './simulator.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);

const SCENARIOS: Record<string, RegistrationRequest> = {
  // Two packs to a parcel machine with cash on delivery in PLN (first pack only); the first
  // pack's measures choose box M, the second has none and takes the contract's size M.
  'parcel-machine-cod': registration(pickupPoint('orlen-pl-pm-1', 'parcelMachine', 'PL'), {
    additionalServices: [{ code: 'cod', amountMinor: 4999, currency: 'PLN' }],
    parcels: [
      { id: 'parcel-1', weightGrams: 1200, lengthCm: 30, widthCm: 20, heightCm: 15 },
      { id: 'parcel-2', weightGrams: 350, lengthCm: null, widthCm: null, heightCm: null },
    ],
  }),
  // Pickup at an ORLEN station: the 30×20×10 cm parcel is too high for S (9 cm) and goes as M.
  'parcel-shop': registration(pickupPoint('orlen-pl-ps-1', 'parcelShop', 'PL')),
  // Too heavy, too big for any box, COD in EUR, and a rejected name.
  rejected: registration(pickupPoint('orlen-pl-pm-1', 'parcelMachine', 'PL'), {
    receiver: { name: 'FAIL Test', phoneCountryCode: '+48', phoneNumber: '500600700' },
    additionalServices: [{ code: 'cod', amountMinor: 1000, currency: 'EUR' }],
    parcels: [{ id: 'parcel-1', weightGrams: 21_000, lengthCm: 50, widthCm: 45, heightCm: 40 }],
  }),
  unavailable: registration(pickupPoint('orlen-pl-pm-1', 'parcelMachine', 'PL'), {
    receiver: { name: 'UNAVAILABLE', phoneCountryCode: '+48', phoneNumber: '500600700' },
  }),
};

describe('ORLEN Paczka mapper and simulator (golden fixtures)', () => {
  it.each(Object.entries(SCENARIOS))('%s', (name, input) => {
    const request = wire(orlenMapper.buildRequest(input));
    expect(request).toEqual(golden(FIXTURES, `${name}.request`, request));
    const response = wire(orlenSimulator.handle(request, { sequenceStart: input.sequenceStart ?? 0 }));
    expect(response).toEqual(golden(FIXTURES, `${name}.response`, response));
    const result = orlenMapper.parseResponse(response, input);
    expect(result).toEqual(golden(FIXTURES, `${name}.result`, result));
  });
});

describe('ORLEN Paczka mapper', () => {
  it('picks the smallest box the parcel fits', () => {
    expect(boxFor(30, 20, 8)).toBe('S');
    expect(boxFor(60, 38, 19)).toBe('M');
    expect(boxFor(41, 38, 60)).toBe('L');
    expect(boxFor(45, 45, 45)).toBeNull();
    expect(boxFor(null, 20, 8)).toBeNull();
  });

  it('sends COD in grosze on the first pack, the point as DestinationCode, a 9-digit phone', () => {
    const r = orlenMapper.buildRequest(SCENARIOS['parcel-machine-cod']!);
    const [a, b] = r.BusinessPackList.BusinessPack;
    expect(a).toMatchObject({
      DestinationCode: 'orlen-pl-pm-1',
      BoxSize: 'M',
      CashOnDelivery: true,
      AmountCashOnDelivery: '4999',
      PhoneNumber: '500600700',
      PostCode: '90-004',
      FirstName: 'Jan',
      LastName: 'Kowalski',
    });
    expect(b).toMatchObject({ BoxSize: 'M', CashOnDelivery: false, AmountCashOnDelivery: null });
  });

  it('reads unknown Err codes and missing pack codes as carrier errors', () => {
    const input = SCENARIOS['parcel-shop']!;
    const row = { Pack: 0, Err: '999', ErrDes: 'nowy błąd', PackCode_RUCH: null, DestinationCode: null, PackPrice: null };
    expect(orlenMapper.parseResponse({ GenerateLabelBusinessPackListTwoResult: { rows: [row] }, LabelData: null }, input)).toEqual({
      ok: false,
      retryable: false,
      errors: [{ code: 'CARRIER_ERROR', message: 'nowy błąd' }],
    });
    expect(orlenMapper.parseResponse({ GenerateLabelBusinessPackListTwoResult: { rows: [{ ...row, Err: '000' }] }, LabelData: null }, input)).toMatchObject({
      ok: false,
      errors: [{ code: 'CARRIER_ERROR' }],
    });
  });
});
