import { describe, expect, it } from 'vitest';
import type { RegistrationRequest } from '../contract.js';
import { courier, pickupPoint, registration, RECEIVERS } from '../../../../test/support/carriers/fixtures.js';
import { golden, wire } from '../../../../test/support/carriers/golden.js';
import { dpdMapper, swiftPostalCodeValid, type SwiftResponse } from './mapper.js';
import { dpdSimulator } from './simulator.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);

const SCENARIOS: Record<string, RegistrationRequest> = {
  // A parcel shop in Poland with COD in złoty; 1201 g is 121 dag; two parcels, one measured.
  'parcel-shop-pl-cod': registration(pickupPoint('dpd-pl-ps-1', 'parcelShop', 'PL'), {
    additionalServices: [{ code: 'cod', amountMinor: 4999, currency: 'PLN' }],
    parcels: [
      { id: 'parcel-1', weightGrams: 1201, lengthCm: 35, widthCm: 25, heightCm: 8 },
      { id: 'parcel-2', weightGrams: 500, lengthCm: null, widthCm: null, heightCm: null },
    ],
  }),
  'courier-b2b-lt-age-check': registration(courier('dpd', 'LT', 'standardB2B'), {
    additionalServices: [{ code: 'ageVerification' }],
    receiver: { ...RECEIVERS.LT, companyName: 'Jonaitė ir Ko UAB' },
  }),
  // Finland has no COD with DPD; the fault names the service.
  'cod-not-offered-fi': registration(pickupPoint('dpd-fi-ps-1', 'parcelShop', 'FI'), {
    additionalServices: [{ code: 'ageVerification' }, { code: 'cod', amountMinor: 1000, currency: 'EUR' }],
  }),
  unavailable: registration(courier('dpd', 'EE'), { receiver: { ...RECEIVERS.EE, name: 'UNAVAILABLE' } }),
};

describe('DPD mapper and simulator (golden fixtures)', () => {
  it.each(Object.entries(SCENARIOS))('%s', (name, input) => {
    const request = wire(dpdMapper.buildRequest(input));
    expect(request).toEqual(golden(FIXTURES, `${name}.request`, request));
    const response = wire(dpdSimulator.handle(request, { sequenceStart: input.sequenceStart ?? 0 }));
    expect(response).toEqual(golden(FIXTURES, `${name}.response`, response));
    const result = dpdMapper.parseResponse(response, input);
    expect(result).toEqual(golden(FIXTURES, `${name}.result`, result));
  });
});

describe('DPD mapper', () => {
  const input = SCENARIOS['parcel-shop-pl-cod']!;

  it('sends decagrams rounded up, the volume string, digits-only postal codes and the product code', () => {
    const r = dpdMapper.buildRequest(input);
    expect(r.order.parcels).toEqual([
      { customerReferenceNumber1: 'parcel-1', weight: 121, volume: '035025008' },
      { customerReferenceNumber1: 'parcel-2', weight: 50, volume: null },
    ]);
    expect(r.order.generalShipmentData.product).toBe('PS');
    expect(r.order.generalShipmentData.recipient.zipCode).toBe('90004');
    expect(r.order.generalShipmentData.recipient.phone).toBe('+48-500600700');
    expect(r.order.productAndServiceData).toMatchObject({ parcelShopDelivery: { parcelShopId: 'dpd-pl-ps-1' }, cod: { amount: 4999, currency: 'PLN', inkasso: 'cash' }, ageCheck: false });
  });

  it('knows the digits-only postal codes of the five countries', () => {
    expect(swiftPostalCodeValid('LV', '1050')).toBe(true);
    expect(swiftPostalCodeValid('LV', 'LV-1050')).toBe(false);
    expect(swiftPostalCodeValid('PL', '00950')).toBe(true);
    expect(swiftPostalCodeValid('DE', '10115')).toBe(true);
  });

  it('issues a drop-off PIN per parcel with the account’s PIN service only', () => {
    const pins = (req: typeof input) => {
      const result = dpdMapper.parseResponse(dpdSimulator.handle(wire(dpdMapper.buildRequest(req)), { sequenceStart: 1 }), req);
      return result.ok && result.parcels.map((p) => p.dropOffPin);
    };
    expect(pins(input)).toEqual([expect.stringMatching(/^\d{6}$/), expect.stringMatching(/^\d{6}$/)]);
    expect(pins({ ...input, account: { ...input.account, dropOffPinServiceEnabled: false } })).toEqual([null, null]);
  });

  it('reads a short answer as a carrier error', () => {
    const short: SwiftResponse = {
      orderResult: { shipmentResponses: [{ identificationNumber: input.shipmentId, mpsId: 'MPS1', parcelInformation: [{ parcelLabelNumber: '3000012342' }], faults: [] }] },
      systemFault: null,
    };
    expect(dpdMapper.parseResponse(short, input)).toMatchObject({ ok: false, errors: [{ code: 'CARRIER_ERROR' }] });
  });
});
