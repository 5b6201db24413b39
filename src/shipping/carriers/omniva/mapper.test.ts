import { describe, expect, it } from 'vitest';
import type { RegistrationRequest } from '../contract.js';
import { courier, pickupPoint, registration } from '../../../../test/support/carriers/fixtures.js';
import { golden, wire } from '../../../../test/support/carriers/golden.js';
import { omnivaMapper, type OmnivaResponse } from './mapper.js';
import { omnivaSimulator } from './simulator.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);

const SCENARIOS: Record<string, RegistrationRequest> = {
  // Two parcels to a parcel machine with COD and age check; each parcel's drop-off PIN is its barcode.
  'parcel-machine-cod': registration(pickupPoint('omniva-ee-pm-1', 'parcelMachine', 'EE'), {
    additionalServices: [{ code: 'cod', amountMinor: 1250, currency: 'EUR' }, { code: 'ageVerification' }],
    parcels: [
      { id: 'parcel-1', weightGrams: 1200, lengthCm: 30, widthCm: 20, heightCm: 10 },
      { id: 'parcel-2', weightGrams: 350, lengthCm: null, widthCm: null, heightCm: null },
    ],
  }),
  // Courier in Latvia: postal code written without its prefix.
  'courier-lv': registration(courier('omniva', 'LV'), {
    receiver: {
      name: 'Jānis Bērziņš',
      companyName: 'Bērziņš SIA',
      streetAddress: 'Lielā iela 5',
      locality: 'Jelgava',
      postalCode: '3001',
      country: 'LV',
      phoneCountryCode: '371',
      phoneNumber: '29 123 456',
    },
  }),
  'rejected-receiver': registration(pickupPoint('omniva-lt-pm-1', 'parcelMachine', 'LT'), {
    receiver: { name: 'FAIL Test', phoneCountryCode: '+370', phoneNumber: '00000000' },
    sender: { name: 'Pavyzdys UAB', streetAddress: 'Gedimino pr. 9', locality: 'Vilnius', postalCode: '1103', country: 'LT', phoneCountryCode: '+370', phoneNumber: '52001234' },
  }),
  unavailable: registration(courier('omniva', 'EE'), {
    receiver: { name: 'UNAVAILABLE', streetAddress: 'Riia tn 15', locality: 'Tartu', postalCode: '51010', country: 'EE', phoneCountryCode: '+372', phoneNumber: '5551234' },
  }),
};

describe('Omniva mapper and simulator (golden fixtures)', () => {
  it.each(Object.entries(SCENARIOS))('%s', (name, input) => {
    const request = wire(omnivaMapper.buildRequest(input));
    expect(request).toEqual(golden(FIXTURES, `${name}.request`, request));
    const response = wire(omnivaSimulator.handle(request, { sequenceStart: input.sequenceStart ?? 0 }));
    expect(response).toEqual(golden(FIXTURES, `${name}.response`, response));
    const result = omnivaMapper.parseResponse(response, input);
    expect(result).toEqual(golden(FIXTURES, `${name}.result`, result));
  });
});

describe('Omniva mapper', () => {
  const input = SCENARIOS['parcel-machine-cod']!;

  it('sends one shipment per parcel, kg and metres, COD once', () => {
    const r = omnivaMapper.buildRequest(input);
    expect(r.shipments).toHaveLength(2);
    expect(r.shipments.map((s) => s.measurement)).toEqual([
      { weight: 1.2, length: 0.3, width: 0.2, height: 0.1 },
      { weight: 0.35, length: null, width: null, height: null },
    ]);
    expect(r.shipments[0]!.addOns).toEqual([{ code: 'COD', amount: '12.50', currency: 'EUR' }, { code: 'AGE_CHECK_18' }]);
    expect(r.shipments[1]!.addOns).toEqual([{ code: 'AGE_CHECK_18' }]);
    expect(r.shipments[0]!.receiverAddressee.address.offloadPostcode).toBe('omniva-ee-pm-1');
    expect(r.shipments[0]!.receiverAddressee.contactMobile).toBe('+372 5551234');
  });

  it('gives every parcel its barcode as the drop-off PIN, with or without the service or a size', async () => {
    for (const over of [{}, { account: { ...input.account, dropOffPinServiceEnabled: false, defaultLockerSize: null } }]) {
      const req = { ...input, ...over };
      const result = omnivaMapper.parseResponse(omnivaSimulator.handle(wire(omnivaMapper.buildRequest(req)), { sequenceStart: 7 }), req);
      if (!result.ok) throw new Error(JSON.stringify(result));
      for (const p of result.parcels) expect(p.dropOffPin).toBe(p.carrierParcelId);
    }
  });

  it('reads answers it cannot use as a carrier error', () => {
    const missing: OmnivaResponse = { resultCode: 'OK', groupId: 'BP1', savedShipments: [{ partnerShipmentId: `${input.shipmentId}/1`, barcode: 'CE000012344EE' }] };
    expect(omnivaMapper.parseResponse(missing, input)).toMatchObject({ ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR' }] });
    const unknown = { resultCode: 'VALIDATION_ERROR', messages: [{ field: 'nowhere', code: 'E999_NEW', text: 'new rule' }] } as unknown as OmnivaResponse;
    expect(omnivaMapper.parseResponse(unknown, input)).toEqual({ ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR', message: 'new rule' }] });
  });
});
