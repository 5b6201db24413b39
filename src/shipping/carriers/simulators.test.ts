/**
 * The sandbox carriers' behaviour through their adapters (mapper → simulator → mapper): the
 * documented magic inputs, the realistic checks, drop-off PIN rules and determinism.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CarrierAdapter, CarrierDefinition, CountryCode, RegistrationMethod, RegistrationRequest, RegistrationResult } from './contract.js';
import { SimulatedCarrier } from './kit/adapter.js';
import { courier, pickupPoint, registration } from '../../../test/support/carriers/fixtures.js';
import { builtInCarriers } from './registry.js';
import { omnivaDefinition } from './omniva/definition.js';
import { omnivaMapper } from './omniva/mapper.js';
import { omnivaSimulator } from './omniva/simulator.js';

const TAGS = { parcelMachine: 'pm', postOffice: 'po', parcelShop: 'ps' } as const;

function firstMethod(def: CarrierDefinition, type: 'courier' | 'pickupPoint', country?: CountryCode): RegistrationMethod {
  for (const c of country ? [country] : def.countries) {
    const m = def.methods[c]?.find((x) => x.type === type);
    if (!m) continue;
    if (m.type === 'courier') return courier(def.code, c, m.subtypes[0]);
    const subtype = m.subtypes[0]!;
    return pickupPoint(`${def.code}-${c.toLowerCase()}-${TAGS[subtype]}-1`, subtype, c);
  }
  throw new Error(`${def.code} has no ${type}`);
}

function errorsOf(result: RegistrationResult): { field?: string; code: string }[] {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result)}`);
  return result.errors.map(({ field, code }) => (field === undefined ? { code } : { field, code }));
}

const adapters = builtInCarriers();

describe.each(adapters.map((a) => [a.definition.code, a] as const))('%s sandbox', (_, adapter: CarrierAdapter) => {
  const def = adapter.definition;
  const toPoint = registration(firstMethod(def, 'pickupPoint'));
  // A carrier without home delivery (ORLEN Paczka) is checked through its pickup points; the
  // fixtures' receivers carry a whole address either way.
  const hasCourier = def.countries.some((c) => def.methods[c]?.some((m) => m.type === 'courier'));
  const byCourier = hasCourier ? registration(firstMethod(def, 'courier')) : toPoint;
  const register = (input: RegistrationRequest) => adapter.register(input);

  it('registers a valid shipment with realistic tracking numbers and links', async () => {
    for (const input of [toPoint, byCourier]) {
      const twoParcels = { ...input, parcels: [...input.parcels, { id: 'second', weightGrams: 400, lengthCm: 20, widthCm: 15, heightCm: 5 }] };
      const result = await register(twoParcels);
      expect(result.ok, JSON.stringify(result)).toBe(true);
      if (!result.ok) return;
      expect(result.carrierShipmentId).not.toBe('');
      expect(result.parcels).toHaveLength(2);
      for (const p of result.parcels) {
        expect(def.trackingNumber.isValid(p.carrierParcelId)).toBe(true);
        expect(p.trackingLink).toBe(def.trackingUrl(p.carrierParcelId));
      }
      expect(new Set(result.parcels.map((p) => p.carrierParcelId)).size).toBe(2);
    }
  });

  it('takes back a registration it issued (one parcel or several); an id it could not have issued is an unknown shipment', async () => {
    for (const input of [toPoint, byCourier, { ...byCourier, parcels: [...byCourier.parcels, { id: 'second', weightGrams: 400, lengthCm: 20, widthCm: 15, heightCm: 5 }] }]) {
      const result = await register(input);
      if (!result.ok) throw new Error(JSON.stringify(result));
      expect(def.shipmentIdPattern.test(result.carrierShipmentId)).toBe(true);
      expect(await adapter.cancel({ carrierShipmentId: result.carrierShipmentId, account: input.account })).toEqual({ ok: true });
    }
    const unknown = await adapter.cancel({ carrierShipmentId: 'XX-not-ours', account: toPoint.account });
    expect(unknown).toEqual({ ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR', message: `${def.name} has no shipment XX-not-ours` }] });
  });

  it('is deterministic, numbering from the contract’s sequence or else from the shipment id', async () => {
    expect(await register(toPoint)).toEqual(await register(toPoint));
    const first = await register({ ...toPoint, sequenceStart: 42 });
    // The fixtures' sender posts from the destination country (the S10 number carries it).
    expect(first.ok && first.parcels[0]!.carrierParcelId).toBe(def.trackingNumber.generate(42, toPoint.shippingMethod.countryCode));
    const a = await register({ ...toPoint, sequenceStart: null });
    const b = await register({ ...toPoint, sequenceStart: null, shipmentId: '01900000-0000-7000-8000-0000000000a2' });
    expect(a.ok && b.ok && a.parcels[0]!.carrierParcelId !== b.parcels[0]!.carrierParcelId).toBe(true);
  });

  it('magic: a receiver name containing FAIL is rejected, naming the field', async () => {
    expect(errorsOf(await register({ ...toPoint, receiver: { ...toPoint.receiver, name: 'Please FAIL this' } }))).toEqual([{ field: 'receiver.name', code: 'INVALID_FIELD' }]);
  });

  it('magic: a sender name containing FAIL is rejected, naming the field', async () => {
    expect(errorsOf(await register({ ...byCourier, sender: { ...byCourier.sender, name: 'FAIL Shop' } }))).toEqual([{ field: 'sender.name', code: 'INVALID_FIELD' }]);
  });

  it('magic: a phone number of zeros is invalid', async () => {
    expect(errorsOf(await register({ ...toPoint, receiver: { ...toPoint.receiver, phoneNumber: '000 0000' } }))).toEqual([{ field: 'receiver.phoneNumber', code: 'INVALID_PHONE' }]);
    expect(errorsOf(await register({ ...byCourier, sender: { ...byCourier.sender, phoneNumber: '12' } }))).toEqual([{ field: 'sender.phoneNumber', code: 'INVALID_PHONE' }]);
  });

  it('magic: UNAVAILABLE in the receiver name is a retryable outage', async () => {
    const result = await register({ ...byCourier, receiver: { ...byCourier.receiver, name: 'UNAVAILABLE' } });
    expect(result).toMatchObject({ ok: false, retryable: true, errors: [{ code: 'CARRIER_UNAVAILABLE' }] });
  });

  it('rejects a postal code outside the country’s format', async () => {
    expect(errorsOf(await register({ ...byCourier, receiver: { ...byCourier.receiver, postalCode: '1234567' } }))).toEqual([{ field: 'receiver.postalCode', code: 'INVALID_POSTAL_CODE' }]);
    expect(errorsOf(await register({ ...toPoint, sender: { ...toPoint.sender, postalCode: 'XX' } }))).toEqual([{ field: 'sender.postalCode', code: 'INVALID_POSTAL_CODE' }]);
  });

  it.runIf(hasCourier)('needs the courier receiver’s address', async () => {
    const r = byCourier.receiver;
    expect(errorsOf(await register({ ...byCourier, receiver: { name: r.name, phoneCountryCode: r.phoneCountryCode, phoneNumber: r.phoneNumber, country: r.country } }))).toEqual([
      { field: 'receiver.streetAddress', code: 'REQUIRED_FIELD' },
      { field: 'receiver.locality', code: 'REQUIRED_FIELD' },
      { field: 'receiver.postalCode', code: 'REQUIRED_FIELD' },
    ]);
    // A pickup point receiver needs only a name and a phone.
    const { name, phoneCountryCode, phoneNumber } = toPoint.receiver;
    expect((await register({ ...toPoint, receiver: { name, phoneCountryCode, phoneNumber } })).ok).toBe(true);
  });

  it('enforces its parcel limits', async () => {
    const heavy = { ...byCourier, parcels: [{ ...byCourier.parcels[0]!, weightGrams: def.parcelLimits.maxWeightGrams + 10 }] };
    expect(errorsOf(await register(heavy))).toEqual([{ field: 'parcels[0].weight', code: 'PARCEL_TOO_HEAVY' }]);
    const long = { ...byCourier, parcels: [{ ...byCourier.parcels[0]!, lengthCm: def.parcelLimits.maxLengthCm + 1 }] };
    expect(errorsOf(await register(long))).toEqual([{ field: 'parcels[0]', code: 'PARCEL_TOO_LARGE' }]);
  });

  it.runIf(hasCourier)('refuses a country it does not serve', async () => {
    const elsewhere = (['EE', 'LV', 'LT', 'FI', 'PL'] as const).find((c) => !def.countries.includes(c));
    if (!elsewhere) return;
    expect(errorsOf(await register({ ...byCourier, receiver: { ...byCourier.receiver, country: elsewhere, postalCode: null } }))).toContainEqual({ field: 'receiver.country', code: 'INVALID_FIELD' });
  });

  it('refuses an additional service the method does not offer there', async () => {
    for (const country of def.countries) {
      const method = def.methods[country]!.find((m) => !m.additionalServices.includes('ageVerification'));
      if (!method) continue;
      const input = registration(firstMethod(def, method.type, country), { additionalServices: [{ code: 'ageVerification' }] });
      expect(errorsOf(await register(input))).toEqual([{ field: 'shippingMethod.additionalServices[0]', code: 'SERVICE_NOT_AVAILABLE' }]);
      return;
    }
  });

  it('reports every problem at once', async () => {
    const input = { ...byCourier, receiver: { ...byCourier.receiver, name: 'FAIL', phoneNumber: '0' }, parcels: [{ ...byCourier.parcels[0]!, weightGrams: 99_000 }] };
    expect(errorsOf(await register(input)).map((e) => e.field)).toEqual(['receiver.name', 'receiver.phoneNumber', 'parcels[0].weight']);
  });

  it('registers any plausible shipment (property)', async () => {
    const digits = fc.stringMatching(/^[1-9]\d{6,9}$/);
    const name = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== '' && !s.includes('FAIL') && !s.includes('UNAVAILABLE'));
    const parcel = fc.record({
      id: fc.uuid(),
      weightGrams: fc.integer({ min: 1, max: 5000 }),
      lengthCm: fc.integer({ min: 1, max: 30 }),
      widthCm: fc.integer({ min: 1, max: 20 }),
      heightCm: fc.integer({ min: 1, max: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(name, digits, fc.array(parcel, { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 1_000_000 }), async (n, phone, parcels, seq) => {
        for (const base of [toPoint, byCourier]) {
          const result = await register({ ...base, receiver: { ...base.receiver, name: n, phoneNumber: phone }, parcels, sequenceStart: seq });
          expect(result.ok, JSON.stringify(result)).toBe(true);
          if (result.ok) expect(result.parcels).toHaveLength(parcels.length);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('drop-off PIN rules', () => {
  const adapter = (code: string) => adapters.find((a) => a.definition.code === code)!;
  const pins = async (code: string, over: Partial<RegistrationRequest>, type: 'courier' | 'pickupPoint' = 'pickupPoint'): Promise<(string | null)[]> => {
    const a = adapter(code);
    const result = await a.register({ ...registration(firstMethod(a.definition, type)), ...over });
    if (!result.ok) throw new Error(JSON.stringify(result));
    return result.parcels.map((p) => p.dropOffPin);
  };
  const account = (dropOffPinServiceEnabled: boolean, defaultLockerSize: 'M' | null = 'M') => ({ ...registration(courier('x', 'EE')).account, dropOffPinServiceEnabled, defaultLockerSize });

  it('SmartPosti: only with the service and a resulting locker size', async () => {
    expect((await pins('smartpost', { account: account(true) }))[0]).toMatch(/^\d{6}$/);
    expect(await pins('smartpost', { account: account(false) })).toEqual([null]);
    // No size at all: registers, without a door code.
    expect(await pins('smartpost', { account: account(true, null) })).toEqual([null]);
    // A courier shipment takes no default size, but an explicit one.
    expect(await pins('smartpost', { account: account(true) }, 'courier')).toEqual([null]);
    expect((await pins('smartpost', { account: account(true), lockerSize: 'L' }, 'courier'))[0]).toMatch(/^\d{6}$/);
  });

  it('DPD: with the service, no size needed (DPD has none)', async () => {
    expect((await pins('dpd', { account: account(true, null) }))[0]).toMatch(/^\d{6}$/);
    expect((await pins('dpd', { account: account(true, null) }, 'courier'))[0]).toMatch(/^\d{6}$/);
    expect(await pins('dpd', { account: account(false), lockerSize: 'S' })).toEqual([null]);
  });

  it('Omniva: always, and the PIN is the parcel’s barcode', async () => {
    for (const type of ['pickupPoint', 'courier'] as const) {
      const a = adapter('omniva');
      const result = await a.register({ ...registration(firstMethod(a.definition, type)), account: account(false, null) });
      if (!result.ok) throw new Error(JSON.stringify(result));
      for (const p of result.parcels) expect(p.dropOffPin).toBe(p.carrierParcelId);
    }
  });

  it('the others never issue one', async () => {
    for (const a of adapters.filter((x) => x.definition.dropOffPin === 'never')) {
      expect(await pins(a.definition.code, { account: account(true), lockerSize: 'XL' }), a.definition.code).toEqual([null]);
    }
  });
});

describe('locker sizes and dimensions', () => {
  const adapter = (code: string) => adapters.find((a) => a.definition.code === code)!;

  it('a parcel must fit the compartment it goes through (the lockerSize carriers)', async () => {
    for (const a of adapters.filter((x) => x.definition.lockerSizes)) {
      // A parcel of the XL compartment's own measures: too large for S, fits XL.
      const xl = a.definition.lockerSizes!.XL;
      const input = registration(firstMethod(a.definition, 'pickupPoint'), {
        lockerSize: 'S',
        parcels: [{ id: 'big', weightGrams: 1000, lengthCm: xl.depthCm, widthCm: xl.widthCm, heightCm: xl.heightCm }],
      });
      expect(errorsOf(await a.register(input))).toEqual([{ field: 'parcels[0]', code: 'PARCEL_TOO_LARGE' }]);
      expect((await a.register({ ...input, lockerSize: 'XL' })).ok).toBe(true);
    }
  });

  it('courier methods that need dimensions refuse parcels without them', async () => {
    const noDims = [{ id: 'p', weightGrams: 1000, lengthCm: null, widthCm: null, heightCm: null }];
    const inpost = adapter('inpost');
    expect(errorsOf(await inpost.register(registration(courier('inpost', 'PL'), { parcels: noDims })))).toEqual([{ field: 'parcels[0]', code: 'DIMENSIONS_REQUIRED' }]);
    const smartpost = adapter('smartpost');
    expect(errorsOf(await smartpost.register(registration(courier('smartpost', 'FI'), { parcels: noDims })))).toEqual([{ field: 'parcels[0]', code: 'DIMENSIONS_REQUIRED' }]);
    expect((await smartpost.register(registration(courier('smartpost', 'EE'), { parcels: noDims }))).ok).toBe(true);
  });
});

describe('methods a carrier does not have', () => {
  it('fail without reaching the carrier, naming shippingMethod.id', async () => {
    const omniva = adapters.find((a) => a.definition.code === 'omniva')!;
    for (const method of [pickupPoint('x', 'parcelShop', 'EE'), courier('omniva', 'LV', 'standardB2B'), courier('omniva', 'PL')]) {
      expect(await omniva.register(registration(method))).toEqual({
        ok: false,
        retryable: false,
        errors: [{ field: 'shippingMethod.id', code: 'SERVICE_NOT_AVAILABLE', message: expect.stringContaining('Omniva has no') }],
      });
    }
  });
});

describe('simulated latency', () => {
  it('waits the configured time before answering', async () => {
    const waits: number[] = [];
    const slow = new SimulatedCarrier(omnivaDefinition, omnivaMapper, omnivaSimulator, {
      latencyMs: 250,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect((await slow.register(registration(courier('omniva', 'EE')))).ok).toBe(true);
    expect(waits).toEqual([250]);
  });
});
