import fc from 'fast-check';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CARRIERS } from '../carriers/registry.js';
import type { PickupPointRow } from './model.js';
import {
  ShippingCatalogue,
  courierServices,
  findCourierService,
  findPickupPoint,
  pickupPoints,
  shippingCatalogue,
  shippingMethodsListing,
} from './service.js';

const catalogue = shippingCatalogue();
const POINT_KEYS = ['id', 'name', 'type', 'streetAddress', 'locality', 'postalCode', 'carrierCode', 'additionalServices'];

describe('pickup points', () => {
  it('loads the shipped data once', () => {
    expect(shippingCatalogue()).toBe(catalogue);
    expect(catalogue.size).toBe(6805);
    expect(catalogue.counts().PL).toEqual({ swiftcourier: { parcelShop: 650 }, polexpress: { parcelMachine: 2400 } });
  });

  it('lists a carrier’s points in a country, optionally of one type', () => {
    const all = pickupPoints('baltpost', 'EE');
    expect(all).toHaveLength(365);
    expect(pickupPoints('baltpost', 'EE', 'parcelMachine')).toHaveLength(320);
    expect(pickupPoints('baltpost', 'EE', 'postOffice')).toHaveLength(45);
    expect(pickupPoints('baltpost', 'EE', 'parcelShop')).toEqual([]);
    expect(all.every((p) => p.carrierCode === 'baltpost' && p.countryCode === 'EE')).toBe(true);
    expect(pickupPoints('baltpost', 'EE')).toBe(all);
    expect(Object.isFrozen(all)).toBe(true);
  });

  it('answers unknown carriers, countries and types with nothing', () => {
    expect(pickupPoints('dhl', 'EE')).toEqual([]);
    expect(pickupPoints('baltpost', 'PL')).toEqual([]);
    expect(pickupPoints('baltpost', 'ee')).toEqual([]);
    expect(pickupPoints('baltpost', 'EE', 'locker')).toEqual([]);
  });

  it('finds every point by id', () => {
    const all = catalogue.allPickupPoints();
    fc.assert(fc.property(fc.integer({ min: 0, max: all.length - 1 }), (i) => findPickupPoint(all[i]!.id) === all[i]));
    expect(findPickupPoint('polexpress-pl-pm-2400')?.carrierCode).toBe('polexpress');
    expect(findPickupPoint('polexpress-pl-pm-2401')).toBeUndefined();
    expect(findPickupPoint('baltpost-ee-courier-standard')).toBeUndefined();
  });

  it('renders GET /shipping-methods/pickup-points once, in the spec’s shape', () => {
    const answer = catalogue.pickupPointsJson('polexpress', 'PL');
    const body = JSON.parse(answer.body.toString('utf8')) as { pickupPoints: Record<string, unknown>[]; countryCode: string };
    expect(Object.keys(body)).toEqual(['pickupPoints', 'countryCode']);
    expect(body.countryCode).toBe('PL');
    expect(body.pickupPoints).toHaveLength(2400);
    for (const p of body.pickupPoints) {
      expect(Object.keys(p)).toEqual(POINT_KEYS);
      expect(p.carrierCode).toBe('polexpress');
      for (const s of p.additionalServices as { code: string }[]) expect(Object.keys(s)).toEqual(['code']);
    }
    expect(body.pickupPoints[0]).toEqual({
      id: 'polexpress-pl-pm-1',
      name: findPickupPoint('polexpress-pl-pm-1')!.name,
      type: 'parcelMachine',
      streetAddress: findPickupPoint('polexpress-pl-pm-1')!.streetAddress,
      locality: 'Warszawa',
      postalCode: findPickupPoint('polexpress-pl-pm-1')!.postalCode,
      carrierCode: 'polexpress',
      additionalServices: findPickupPoint('polexpress-pl-pm-1')!.additionalServices,
    });
    expect(catalogue.pickupPointsJson('polexpress', 'PL')).toBe(answer);
    expect(answer.etag).toMatch(/^"[\w-]{27}"$/);
    expect(gunzipSync(answer.gzip()).equals(answer.body)).toBe(true);
    expect(answer.gzip()).toBe(answer.gzip());
    const typed = JSON.parse(catalogue.pickupPointsJson('baltpost', 'LT', 'postOffice').body.toString()) as { pickupPoints: { type: string }[] };
    expect(typed.pickupPoints.length).toBe(90);
    expect(typed.pickupPoints.every((p) => p.type === 'postOffice')).toBe(true);
  });

  it('does not cache answers for unknown codes', () => {
    const a = catalogue.pickupPointsJson('nope', 'XX');
    expect(JSON.parse(a.body.toString())).toEqual({ pickupPoints: [], countryCode: 'XX' });
    expect(catalogue.pickupPointsJson('nope', 'XX')).not.toBe(a);
    expect(JSON.parse(catalogue.pickupPointsJson('baltpost', 'EE', 'kiosk').body.toString())).toEqual({ pickupPoints: [], countryCode: 'EE' });
  });

  it('serves a cached listing in microseconds', () => {
    catalogue.pickupPointsJson('polexpress', 'PL');
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) catalogue.pickupPointsJson('polexpress', 'PL');
    expect(performance.now() - started).toBeLessThan(250);
  });

  it('refuses bad data', () => {
    const row: PickupPointRow = { ...(catalogue.allPickupPoints()[0]! as unknown as PickupPointRow), additionalServices: ['cod'] };
    expect(() => new ShippingCatalogue([row, row])).toThrow(/duplicate id/);
    expect(() => new ShippingCatalogue([{ ...row, postalCode: '1234' }])).toThrow(/postal code 1234/);
    expect(() => new ShippingCatalogue([{ ...row, additionalServices: ['insurance' as 'cod'] }])).toThrow(/additionalServices/);
    expect(() => new ShippingCatalogue([{ ...row, carrierCode: 'dhl' as 'baltpost' }])).toThrow(/unknown carrier/);
  });
});

describe('courier services', () => {
  it('derive from the carrier definitions with stable ids', () => {
    expect(courierServices('baltpost', 'EE').map(({ id, name, type }) => ({ id, name, type }))).toEqual([
      { id: 'baltpost-ee-courier-standard', name: 'Baltpost courier', type: 'standard' },
      { id: 'baltpost-ee-courier-standardB2B', name: 'Baltpost business courier (B2B)', type: 'standardB2B' },
    ]);
    expect(courierServices('parcelnord', 'FI')).toEqual([
      { id: 'parcelnord-fi-courier-standard', name: 'Parcelnord courier', type: 'standard', carrierCode: 'parcelnord', countryCode: 'FI', additionalServices: [{ code: 'ageVerification' }] },
    ]);
    expect(courierServices('polexpress', 'EE')).toEqual([]);
    for (const def of CARRIERS) {
      for (const country of def.countries) {
        const method = def.methods[country]?.find((m) => m.type === 'courier');
        const services = courierServices(def.code, country);
        expect(services.map((s) => s.type)).toEqual(method?.subtypes ?? []);
        for (const s of services) {
          expect(findCourierService(s.id)).toBe(s);
          expect(s.additionalServices.map((a) => a.code)).toEqual(method?.additionalServices);
        }
      }
    }
    expect(findCourierService('baltpost-pl-courier-standard')).toBeUndefined();
  });

  it('render GET /shipping-methods/courier-services in the spec’s shape', () => {
    const body = JSON.parse(catalogue.courierServicesJson('swiftcourier', 'PL').body.toString()) as { courierServices: Record<string, unknown>[]; countryCode: string };
    expect(body).toEqual({
      courierServices: [
        { id: 'swiftcourier-pl-courier-standard', name: 'Swiftcourier courier', type: 'standard', carrierCode: 'swiftcourier', additionalServices: [{ code: 'cod' }, { code: 'ageVerification' }] },
        { id: 'swiftcourier-pl-courier-standardB2B', name: 'Swiftcourier business courier (B2B)', type: 'standardB2B', carrierCode: 'swiftcourier', additionalServices: [{ code: 'cod' }, { code: 'ageVerification' }] },
      ],
      countryCode: 'PL',
    });
    expect(catalogue.courierServicesJson('swiftcourier', 'PL')).toBe(catalogue.courierServicesJson('swiftcourier', 'PL'));
  });
});

describe('shipping method listing (GET /shipping-methods)', () => {
  const NO_DIMENSIONS = { parcelDimensionsRequired: false };

  it('has exactly the spec’s shape', () => {
    expect(shippingMethodsListing(['polexpress', 'parcelnord'])).toEqual({
      countries: [
        {
          countryCode: 'EE',
          carriers: [
            {
              carrierCode: 'parcelnord',
              shippingMethods: [
                { type: 'pickupPoint', subtypes: [{ code: 'parcelMachine' }], constraints: NO_DIMENSIONS },
                { type: 'courier', subtypes: [{ code: 'standard' }], constraints: NO_DIMENSIONS },
              ],
            },
          ],
        },
        {
          countryCode: 'LV',
          carriers: [
            {
              carrierCode: 'parcelnord',
              shippingMethods: [
                { type: 'pickupPoint', subtypes: [{ code: 'parcelMachine' }], constraints: NO_DIMENSIONS },
                { type: 'courier', subtypes: [{ code: 'standard' }], constraints: NO_DIMENSIONS },
              ],
            },
          ],
        },
        {
          countryCode: 'LT',
          carriers: [
            {
              carrierCode: 'parcelnord',
              shippingMethods: [
                { type: 'pickupPoint', subtypes: [{ code: 'parcelMachine' }], constraints: NO_DIMENSIONS },
                { type: 'courier', subtypes: [{ code: 'standard' }], constraints: NO_DIMENSIONS },
              ],
            },
            {
              carrierCode: 'polexpress',
              shippingMethods: [
                { type: 'pickupPoint', subtypes: [{ code: 'parcelMachine' }], constraints: NO_DIMENSIONS },
                { type: 'courier', subtypes: [{ code: 'standard' }], constraints: { parcelDimensionsRequired: true } },
              ],
            },
          ],
        },
        {
          countryCode: 'FI',
          carriers: [
            {
              carrierCode: 'parcelnord',
              shippingMethods: [
                { type: 'pickupPoint', subtypes: [{ code: 'parcelMachine' }], constraints: NO_DIMENSIONS },
                { type: 'courier', subtypes: [{ code: 'standard' }], constraints: { parcelDimensionsRequired: true } },
              ],
            },
          ],
        },
        {
          countryCode: 'PL',
          carriers: [
            {
              carrierCode: 'polexpress',
              shippingMethods: [
                { type: 'pickupPoint', subtypes: [{ code: 'parcelMachine' }], constraints: NO_DIMENSIONS },
                { type: 'courier', subtypes: [{ code: 'standard' }, { code: 'standardB2B' }], constraints: { parcelDimensionsRequired: true } },
              ],
            },
          ],
        },
      ],
    });
  });

  it('lists every country a carrier serves, in a stable order, whatever order the carriers come in', () => {
    const all = shippingMethodsListing(['swiftcourier', 'polexpress', 'baltpost', 'parcelnord']);
    expect(all.countries.map((c) => c.countryCode)).toEqual(['EE', 'LV', 'LT', 'FI', 'PL']);
    expect(all.countries.map((c) => [c.countryCode, c.carriers.map((x) => x.carrierCode)])).toEqual([
      ['EE', ['baltpost', 'parcelnord', 'swiftcourier']],
      ['LV', ['baltpost', 'parcelnord', 'swiftcourier']],
      ['LT', ['baltpost', 'parcelnord', 'swiftcourier', 'polexpress']],
      ['FI', ['parcelnord', 'swiftcourier']],
      ['PL', ['swiftcourier', 'polexpress']],
    ]);
    expect(shippingMethodsListing(['baltpost', 'parcelnord', 'polexpress', 'swiftcourier'])).toBe(all);
    expect(Object.isFrozen(all.countries[0]!.carriers[0]!.shippingMethods)).toBe(true);
    const json = JSON.parse(catalogue.shippingMethodsListingJson(['parcelnord', 'baltpost', 'swiftcourier', 'polexpress']).body.toString()) as unknown;
    expect(json).toEqual(all);
  });

  it('is empty without active carriers and ignores unknown ones', () => {
    expect(shippingMethodsListing([])).toEqual({ countries: [] });
    expect(shippingMethodsListing(['dhl'])).toEqual({ countries: [] });
    expect(shippingMethodsListing(['dhl', 'swiftcourier'])).toBe(shippingMethodsListing(['swiftcourier']));
  });

  it('offers only pickup point subtypes that have points', () => {
    for (const country of shippingMethodsListing(CARRIERS.map((d) => d.code)).countries) {
      for (const carrier of country.carriers) {
        for (const method of carrier.shippingMethods.filter((m) => m.type === 'pickupPoint')) {
          for (const { code } of method.subtypes) expect(pickupPoints(carrier.carrierCode, country.countryCode, code).length, `${carrier.carrierCode} ${country.countryCode} ${code}`).toBeGreaterThan(0);
        }
      }
    }
  });
});
