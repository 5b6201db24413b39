import { describe, expect, it } from 'vitest';
import type { RegistrationRequest } from '../contract.js';
import { courier, pickupPoint, registration, RECEIVERS } from '../../../../test/support/carriers/fixtures.js';
import { golden, wire } from '../../../../test/support/carriers/golden.js';
import { smartpostMapper, type SmartpostResponse } from './mapper.js';
import { smartpostSimulator } from './simulator.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);

const SCENARIOS: Record<string, RegistrationRequest> = {
  // A parcel machine; an S compartment, the account has the drop-off code service; COD in cents.
  'parcel-machine-drop-off-code': registration(pickupPoint('smartpost-ee-pm-1', 'parcelMachine', 'EE'), {
    additionalServices: [{ code: 'cod', amountMinor: 4999, currency: 'EUR' }],
    lockerSize: 'S',
    parcels: [{ id: 'parcel-1', weightGrams: 2050, lengthCm: 40, widthCm: 30, heightCm: 10 }],
  }),
  // Finnish courier with age check; no size and no service, so no drop-off code.
  'courier-fi': registration(courier('smartpost', 'FI'), {
    additionalServices: [{ code: 'ageVerification' }],
    account: {
      contractId: 'c-fi',
      country: 'FI',
      isDirectContract: false,
      logisticsContractNumber: null,
      username: 'kassa-fi',
      returnsAllowed: false,
      defaultLockerSize: null,
      parcelHandoverMethod: 'COURIER',
      dropOffPinServiceEnabled: false,
    },
  }),
  'courier-fi-no-dimensions': registration(courier('smartpost', 'FI'), {
    parcels: [{ id: 'parcel-1', weightGrams: 36_000, lengthCm: null, widthCm: null, heightCm: null }],
  }),
  unavailable: registration(courier('smartpost', 'LV'), { receiver: { ...RECEIVERS.LV, name: 'Shop UNAVAILABLE test' } }),
};

describe('Smartpost mapper and simulator (golden fixtures)', () => {
  it.each(Object.entries(SCENARIOS))('%s', (name, input) => {
    const request = wire(smartpostMapper.buildRequest(input));
    expect(request).toEqual(golden(FIXTURES, `${name}.request`, request));
    const response = wire(smartpostSimulator.handle(request, { sequenceStart: input.sequenceStart ?? 0 }));
    expect(response).toEqual(golden(FIXTURES, `${name}.response`, response));
    const result = smartpostMapper.parseResponse(response, input);
    expect(result).toEqual(golden(FIXTURES, `${name}.result`, result));
  });
});

describe('Smartpost mapper', () => {
  const input = SCENARIOS['parcel-machine-drop-off-code']!;

  it('sends grams, centimetres, cents, the locker size and whether a drop-off code is wanted', () => {
    const r = smartpostMapper.buildRequest(input);
    expect(r.order.product).toBe('PN_LOCKER');
    expect(r.order.dropOffCode).toBe(true);
    expect(r.order.destinationPlaceId).toBe('smartpost-ee-pm-1');
    expect(r.order.parcels).toEqual([{ ref: 'parcel-1', grossWeightG: 2050, lengthCm: 40, widthCm: 30, heightCm: 10, lockerSize: 'S' }]);
    expect(r.order.extras).toEqual([{ code: 'COD', amountCents: 4999, currency: 'EUR' }]);
    expect(r.order.recipient.phone).toEqual({ prefix: '+372', number: '5551234' });
  });

  it('issues a drop-off PIN only with the service and a size (the request’s, else the contract’s default)', () => {
    const pin = (over: Partial<RegistrationRequest>) => {
      const req = { ...input, ...over };
      const result = smartpostMapper.parseResponse(smartpostSimulator.handle(wire(smartpostMapper.buildRequest(req)), { sequenceStart: 7 }), req);
      if (!result.ok) throw new Error(JSON.stringify(result));
      return result.parcels[0]!.dropOffPin;
    };
    expect(pin({})).toMatch(/^\d{6}$/);
    expect(pin({ lockerSize: null })).toMatch(/^\d{6}$/); // the contract's default M
    expect(pin({ lockerSize: null, account: { ...input.account, defaultLockerSize: null } })).toBeNull();
    expect(pin({ account: { ...input.account, dropOffPinServiceEnabled: false } })).toBeNull();
  });

  it('reads a tracking code that fails its check digit as a carrier error', () => {
    const bad: SmartpostResponse = { status: 'CREATED', orderId: 'PN-1', parcels: [{ ref: 'parcel-1', trackingCode: '37000000012340', dropOffCode: '123456' }] };
    expect(smartpostMapper.parseResponse(bad, input)).toMatchObject({ ok: false, errors: [{ code: 'CARRIER_ERROR' }] });
  });
});
