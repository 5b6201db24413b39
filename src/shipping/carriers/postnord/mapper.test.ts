import { describe, expect, it } from 'vitest';
import type { RegistrationRequest } from '../contract.js';
import { COD_CURRENCY } from '../countries.js';
import { courier, pickupPoint, registration } from '../../../../test/support/carriers/fixtures.js';
import { golden, wire } from '../../../../test/support/carriers/golden.js';
import { postnordDefinition } from './definition.js';
import { postnordMapper, postnordPhone, type PostnordResponse } from './mapper.js';
import { postnordSimulator } from './simulator.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);

const SCENARIOS: Record<string, RegistrationRequest> = {
  // A service point in Uppsala, sent from Stockholm; the postal code written without its space.
  'parcel-shop-se': registration(pickupPoint('postnord-se-ps-1', 'parcelShop', 'SE'), {
    receiver: {
      name: 'Anna Andersson',
      streetAddress: 'Kungsgatan 12',
      locality: 'Uppsala',
      postalCode: '75321',
      country: 'SE',
      phoneCountryCode: '+46',
      phoneNumber: '070-123 45 67',
      email: 'anna@example.com',
    },
  }),
  // Two parcels to a parcel locker in Aarhus.
  'parcel-machine-dk-two-parcels': registration(pickupPoint('postnord-dk-pm-1', 'parcelMachine', 'DK'), {
    parcels: [
      { id: 'parcel-1', weightGrams: 1200, lengthCm: 30, widthCm: 20, heightCm: 10 },
      { id: 'parcel-2', weightGrams: 800, lengthCm: null, widthCm: null, heightCm: null },
    ],
  }),
  // A business parcel to a company in Bergen.
  'courier-b2b-no': registration(courier('postnord', 'NO', 'standardB2B'), {
    receiver: {
      name: 'Ola Nordmann',
      companyName: 'Nordmann AS',
      streetAddress: 'Torgallmenningen 8',
      locality: 'Bergen',
      postalCode: '5014',
      country: 'NO',
      phoneCountryCode: '+47',
      phoneNumber: '41234567',
    },
  }),
  'rejected-receiver': registration(courier('postnord', 'SE'), {
    receiver: { name: 'FAIL Test', locality: 'Uppsala', postalCode: '7532', country: 'SE', phoneCountryCode: '+46', phoneNumber: '0000000' },
    parcels: [{ id: 'parcel-1', weightGrams: 36_000, lengthCm: 40, widthCm: 30, heightCm: 20 }],
  }),
  unavailable: registration(courier('postnord', 'DK'), {
    receiver: { name: 'UNAVAILABLE', streetAddress: 'Søndergade 20', locality: 'Aarhus C', postalCode: '8000', country: 'DK', phoneCountryCode: '+45', phoneNumber: '20123456' },
  }),
};

describe('PostNord mapper and simulator (golden fixtures)', () => {
  it.each(Object.entries(SCENARIOS))('%s', (name, input) => {
    const request = wire(postnordMapper.buildRequest(input));
    expect(request).toEqual(golden(FIXTURES, `${name}.request`, request));
    const response = wire(postnordSimulator.handle(request, { sequenceStart: input.sequenceStart ?? 0 }));
    expect(response).toEqual(golden(FIXTURES, `${name}.response`, response));
    const result = postnordMapper.parseResponse(response, input);
    expect(result).toEqual(golden(FIXTURES, `${name}.result`, result));
  });
});

describe('PostNord mapper', () => {
  it('books service points and lockers as MyPack Collect with the point as delivery party, couriers as MyPack Home or Parcel', () => {
    const ps = postnordMapper.buildRequest(SCENARIOS['parcel-shop-se']!).shipment[0]!;
    expect(ps.service).toEqual({ basicServiceCode: '19', additionalServiceCode: [] });
    expect(ps.parties.deliveryParty).toEqual({ partyIdentification: { partyId: 'postnord-se-ps-1', partyIdType: '156' } });
    expect(ps.parties.consignee.party.address.postalCode).toBe('753 21');
    expect(ps.parties.consignee.party.contact.smsNo).toBe('+46701234567');
    const b2b = postnordMapper.buildRequest(SCENARIOS['courier-b2b-no']!).shipment[0]!;
    expect(b2b.service.basicServiceCode).toBe('18');
    expect(b2b.parties.deliveryParty).toBeUndefined();
    expect(postnordMapper.buildRequest(registration(courier('postnord', 'FI'))).shipment[0]!.service.basicServiceCode).toBe('17');
  });

  it('sends phones in E.164 without the national trunk 0', () => {
    expect(postnordPhone('46', '070-123 45 67')).toBe('+46701234567');
    expect(postnordPhone('+45', '20 12 34 56')).toBe('+4520123456');
  });

  it('reads answers it cannot use as a carrier error', () => {
    const input = SCENARIOS['parcel-shop-se']!;
    const noItem: PostnordResponse = { bookingResponse: { bookingId: 'B1', idInformation: [{ status: 'OK', ids: [{ idType: 'shipmentId', value: '70000000000000001' }] }] } };
    expect(postnordMapper.parseResponse(noItem, input)).toMatchObject({ ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR' }] });
    const unknown = { message: 'x', compositeFault: { faults: [{ faultCode: 'NEW_RULE', explanationText: 'new rule', paramValues: [] }] } } as unknown as PostnordResponse;
    expect(postnordMapper.parseResponse(unknown, input)).toEqual({ ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR', message: 'new rule' }] });
  });
});

describe('PostNord definition', () => {
  it('offers no additional service, so no cash on delivery where Kassa has no COD currency', () => {
    for (const country of postnordDefinition.countries) {
      for (const m of postnordDefinition.methods[country] ?? []) {
        expect(m.additionalServices, `${country} ${m.type}`).toEqual([]);
        if (!COD_CURRENCY[country]) expect(m.additionalServices).not.toContain('cod');
      }
    }
  });

  it('issues S10 item ids of the posting country, tracked on the Swedish page or the group page', () => {
    const s = postnordDefinition.trackingNumber;
    const se = s.generate(1234, 'SE');
    expect(se).toMatch(/^UA\d{9}SE$/);
    expect(s.isValid(se)).toBe(true);
    expect(postnordDefinition.trackingUrl(se)).toBe(`https://www.postnord.se/vara-verktyg/spara-brev-paket-och-pall?shipmentId=${se}`);
    const dk = s.generate(1234, 'DK');
    expect(postnordDefinition.trackingUrl(dk)).toBe(`https://www.postnord.com/track-and-trace?shipmentId=${dk}`);
  });
});
