import { describe, expect, it } from 'vitest';
import type { RegistrationRequest } from '../contract.js';
import { courier, pickupPoint, registration, RECEIVERS } from '../../../../test/support/carriers/fixtures.js';
import { golden, wire } from '../../../../test/support/carriers/golden.js';
import { manifestDay, toXml, venipakMapper, type VenipakResponse } from './mapper.js';
import { venipakSimulator } from './simulator.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);

const SCENARIOS: Record<string, RegistrationRequest> = {
  // Two packs to a Lithuanian locker with COD; the pickup point's code goes as the consignee's company_code.
  'parcel-machine-lt-cod': registration(pickupPoint('venipak-lt-pm-1', 'parcelMachine', 'LT'), {
    additionalServices: [{ code: 'cod', amountMinor: 2450, currency: 'EUR' }],
    parcels: [
      { id: 'parcel-1', weightGrams: 1200, lengthCm: 30, widthCm: 20, heightCm: 10 },
      { id: 'parcel-2', weightGrams: 350, lengthCm: null, widthCm: null, heightCm: null },
    ],
  }),
  'parcel-shop-lv': registration(pickupPoint('venipak-lv-ps-1', 'parcelShop', 'LV')),
  // Courier with an age check, on a DIRECT contract whose Venipak API id (17529) numbers the packs.
  'courier-ee-age-check': registration(courier('venipak', 'EE'), {
    additionalServices: [{ code: 'ageVerification' }],
    account: {
      contractId: 'c-ee',
      country: 'EE',
      isDirectContract: true,
      logisticsContractNumber: '17529',
      username: 'shop-api',
      returnsAllowed: false,
      defaultLockerSize: null,
      parcelHandoverMethod: null,
      dropOffPinServiceEnabled: false,
    },
  }),
  // FAIL in the name, a phone of zeros and a postal code that is not Latvian: three coded errors at once.
  'rejected-consignee': registration(courier('venipak', 'LV'), {
    receiver: { ...RECEIVERS.LV, name: 'FAIL Test', phoneNumber: '00000000', postalCode: '12345' },
  }),
  unavailable: registration(courier('venipak', 'LT'), { receiver: { ...RECEIVERS.LT, name: 'Shop UNAVAILABLE test' } }),
};

describe('Venipak mapper and simulator (golden fixtures)', () => {
  it.each(Object.entries(SCENARIOS))('%s', (name, input) => {
    const request = wire(venipakMapper.buildRequest(input));
    expect(request).toEqual(golden(FIXTURES, `${name}.request`, request));
    const response = wire(venipakSimulator.handle(request, { sequenceStart: input.sequenceStart ?? 0 }));
    expect(response).toEqual(golden(FIXTURES, `${name}.response`, response));
    const result = venipakMapper.parseResponse(response, input);
    expect(result).toEqual(golden(FIXTURES, `${name}.result`, result));
  });
});

describe('Venipak mapper', () => {
  const input = SCENARIOS['parcel-machine-lt-cod']!;

  it('numbers the packs itself: V + API id + E + 7-digit serial from the reserved sequence', () => {
    const r = venipakMapper.buildRequest(input);
    expect(r.description.manifest.shipment[0]!.pack.map((p) => p.pack_no)).toEqual(['V12345E0001234', 'V12345E0001235']);
    const own = venipakMapper.buildRequest(SCENARIOS['courier-ee-age-check']!);
    expect(own.description.manifest.shipment[0]!.pack[0]!.pack_no).toBe('V17529E0001234');
  });

  it('sends kg, m³, digits-only postal codes, international phones and COD with its currency', () => {
    const s = venipakMapper.buildRequest(input).description.manifest.shipment[0]!;
    expect(s.pack[0]).toMatchObject({ weight: 1.2, volume: 0.006 });
    expect(s.consignee).toMatchObject({ company_code: 'venipak-lt-pm-1', post_code: '44311', contact_tel: '+37061234567' });
    expect(s.attribute).toMatchObject({ cod: '24.50', cod_type: 'EUR', min_age: null, delivery_type: 'nwd' });
  });

  it('titles the manifest with the API id, the shipment’s day (UUIDv7) and a counter', () => {
    expect(manifestDay('01900000-0000-7000-8000-0000000000a1')).toBe('240610');
    expect(manifestDay('not-a-uuid')).toBe('000000');
    expect(venipakMapper.buildRequest(input).description.manifest.title).toBe('12345240610001');
  });

  it('renders the XML document of the import', () => {
    const xml = toXml(venipakMapper.buildRequest(input));
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><description type="1"><manifest title="12345240610001" name="Kassa"><shipment><sender>/);
    expect(xml).toContain('<pack><pack_no>V12345E0001234</pack_no><doc_no>parcel-1</doc_no><weight>1.2</weight><volume>0.006</volume></pack>');
    expect(xml).toContain('<cod>24.50</cod><cod_type>EUR</cod_type>');
  });

  it('reads an empty postal code error as a required field, and unknown codes or missing packs as carrier errors', () => {
    const noPostal = { ...SCENARIOS['parcel-shop-lv']!, receiver: { ...RECEIVERS.LV, postalCode: null } };
    const e24: VenipakResponse = { httpStatus: 200, answer: { type: 'error', error: [{ code: 24, shipment: 0, pack: '', text: 'post code' }] } };
    expect(venipakMapper.parseResponse(e24, noPostal)).toEqual({ ok: false, retryable: false, errors: [{ field: 'receiver.postalCode', code: 'REQUIRED_FIELD', message: 'post code' }] });
    const unknown: VenipakResponse = { httpStatus: 200, answer: { type: 'error', error: [{ code: 777, shipment: 0, pack: '', text: 'new rule' }] } };
    expect(venipakMapper.parseResponse(unknown, input)).toMatchObject({ ok: false, errors: [{ code: 'CARRIER_ERROR' }] });
    const partial: VenipakResponse = { httpStatus: 200, answer: { type: 'ok', text: [{ value: 'V12345E0001234', shipment: '123456789' }] } };
    expect(venipakMapper.parseResponse(partial, input)).toMatchObject({ ok: false, errors: [{ code: 'CARRIER_ERROR' }] });
  });
});
