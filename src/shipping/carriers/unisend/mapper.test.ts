import { describe, expect, it } from 'vitest';
import type { RegistrationRequest } from '../contract.js';
import { courier, pickupPoint, registration, RECEIVERS } from '../../../../test/support/carriers/fixtures.js';
import { golden, wire } from '../../../../test/support/carriers/golden.js';
import { unisendMapper, unisendSize, type UnisendResponse } from './mapper.js';
import { unisendSimulator } from './simulator.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);

const SCENARIOS: Record<string, RegistrationRequest> = {
  // Locker to locker: the sender drops an S parcel at a terminal (T2T); COD in EUR.
  'terminal-drop-off-to-locker': registration(pickupPoint('unisend-lt-pm-1', 'parcelMachine', 'LT'), {
    additionalServices: [{ code: 'cod', amountMinor: 1999, currency: 'EUR' }],
    parcelHandoverMethod: 'terminalDropOff',
    lockerSize: 'S',
    parcels: [{ id: 'parcel-1', weightGrams: 2050, lengthCm: 40, widthCm: 30, heightCm: 5 }],
  }),
  // Courier delivery in Latvia; the contract says a courier collects (COURIER → H2H); two parcels,
  // each sized by its measures (no size asked for).
  'courier-pick-up-lv': registration(courier('unisend', 'LV'), {
    account: {
      contractId: 'c-lv',
      country: 'LV',
      isDirectContract: false,
      logisticsContractNumber: null,
      username: 'kassa-lv',
      returnsAllowed: false,
      defaultLockerSize: 'M',
      parcelHandoverMethod: 'COURIER',
      dropOffPinServiceEnabled: false,
    },
    parcels: [
      { id: 'parcel-1', weightGrams: 900, lengthCm: 30, widthCm: 20, heightCm: 5 },
      { id: 'parcel-2', weightGrams: 4000, lengthCm: 60, widthCm: 30, heightCm: 30 },
    ],
  }),
  // An M parcel too big for its compartment, and an age check Unisend does not offer.
  'rejected-size-and-service': registration(pickupPoint('unisend-ee-pm-1', 'parcelMachine', 'EE'), {
    additionalServices: [{ code: 'ageVerification' }],
    lockerSize: 'M',
    parcels: [{ id: 'parcel-1', weightGrams: 3000, lengthCm: 50, widthCm: 40, heightCm: 30 }],
  }),
  unavailable: registration(courier('unisend', 'EE'), { receiver: { ...RECEIVERS.EE, name: 'Shop UNAVAILABLE test' } }),
};

describe('Unisend mapper and simulator (golden fixtures)', () => {
  it.each(Object.entries(SCENARIOS))('%s', (name, input) => {
    const request = wire(unisendMapper.buildRequest(input));
    expect(request).toEqual(golden(FIXTURES, `${name}.request`, request));
    const response = wire(unisendSimulator.handle(request, { sequenceStart: input.sequenceStart ?? 0 }));
    expect(response).toEqual(golden(FIXTURES, `${name}.response`, response));
    const result = unisendMapper.parseResponse(response, input);
    expect(result).toEqual(golden(FIXTURES, `${name}.result`, result));
  });
});

describe('Unisend mapper', () => {
  const input = SCENARIOS['terminal-drop-off-to-locker']!;
  const type = (over: Partial<RegistrationRequest>, base: RegistrationRequest = input) => unisendMapper.buildRequest({ ...base, ...over }).parcels[0]!.parcel.type;

  it('sends plan TERMINAL, the size, grams, the terminal and COD as a decimal', () => {
    const p = unisendMapper.buildRequest(input).parcels[0]!;
    expect(p.plan).toEqual({ code: 'TERMINAL' });
    expect(p.parcel).toEqual({ type: 'T2T', size: 'S', weight: 2050, partCount: 1 });
    expect(p.receiver.address.terminalId).toBe('unisend-lt-pm-1');
    expect(p.receiver.contacts.phone).toBe('+37061234567');
    expect(p.services).toEqual([{ code: 'cod', value: '19.99' }]);
  });

  it('takes the handover from the shipment, else the contract, else terminal drop-off', () => {
    const account = input.account;
    expect(type({ parcelHandoverMethod: 'courierPickUp' })).toBe('H2T');
    expect(type({ parcelHandoverMethod: null, account: { ...account, parcelHandoverMethod: 'COURIER' } })).toBe('H2T');
    expect(type({ parcelHandoverMethod: null, account: { ...account, parcelHandoverMethod: 'LOCKER' } })).toBe('T2T');
    expect(type({ parcelHandoverMethod: null, account: { ...account, parcelHandoverMethod: null } })).toBe('T2T');
    const toDoor = SCENARIOS['courier-pick-up-lv']!;
    expect(type({ parcelHandoverMethod: 'terminalDropOff' }, toDoor)).toBe('T2H');
    expect(type({}, toDoor)).toBe('H2H');
  });

  it('sizes a parcel: as asked if it fits, else the smallest it fits; none when it fits none', () => {
    const p = (l: number | null, w: number | null, h: number | null) => ({ id: 'p', weightGrams: 1, lengthCm: l, widthCm: w, heightCm: h });
    expect(unisendSize(p(30, 15, 5), null)).toBe('XS');
    expect(unisendSize(p(60, 30, 30), null)).toBe('L');
    expect(unisendSize(p(null, null, null), null)).toBe('M');
    expect(unisendSize(p(75, 30, 30), null)).toBeNull();
    expect(unisendSize(p(30, 15, 5), 'XL')).toBe('XL');
    expect(unisendSize(p(60, 30, 30), 'S')).toBeNull();
  });

  it('issues no separate drop-off PIN (the sender enters the parcel number); reads a missing barcode as a carrier error', async () => {
    const response = unisendSimulator.handle(unisendMapper.buildRequest(input), { sequenceStart: 7 });
    const result = unisendMapper.parseResponse(wire(response), input);
    expect(result.ok && result.parcels[0]!.dropOffPin).toBeNull();
    const bad: UnisendResponse = { httpStatus: 200, body: { requestId: 'r', status: 'SUCCESSFUL', items: [{ idRef: `${input.shipmentId}/1`, status: 'OK', barcode: 'CE000000012LT' }] } };
    expect(unisendMapper.parseResponse(bad, input)).toMatchObject({ ok: false, errors: [{ code: 'CARRIER_ERROR' }] });
  });
});
