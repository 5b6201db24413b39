import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CARRIERS } from '../carriers/registry.js';
import { PLAN } from './generate-points.js';
import type { PickupPointRow } from './model.js';
import { PointsTable } from './points-table.js';
import {
  ShippingCatalogue,
  carrierDataFile,
  pickupPointV3Json,
  pickupPointV3View,
  courierServices,
  findCourierService,
  findPickupPoint,
  pickupPoints,
  shippingCatalogue,
  shippingMethodsListing,
} from './service.js';

const catalogue = shippingCatalogue();
const POINT_KEYS = ['id', 'name', 'type', 'streetAddress', 'locality', 'postalCode', 'carrierCode', 'additionalServices'];
/** How many points the networks plan (the carriers' network.ts) for a carrier, country and (optionally) type. */
const planned = (carrier: string, country: string, type?: string): number =>
  PLAN.filter((p) => p.carrier === carrier && p.country === country && (type === undefined || p.type === type)).reduce((sum, p) => sum + p.count, 0);
const INPOST_PL = planned('inpost', 'PL', 'parcelMachine');
/** A list of post offices (some carrier's, in some country), for the typed listing. */
const POST_OFFICES = PLAN.find((p) => p.type === 'postOffice')!;

describe('pickup points', () => {
  it('loads the shipped data once', () => {
    expect(shippingCatalogue()).toBe(catalogue);
    expect(catalogue.size).toBe(PLAN.reduce((sum, p) => sum + p.count, 0));
    const pl: Record<string, Record<string, number>> = {};
    for (const p of PLAN.filter((x) => x.country === 'PL')) (pl[p.carrier] ??= {})[p.type] = p.count;
    expect(catalogue.counts().PL).toEqual(pl);
  });

  it('lists a carrier’s points in a country, optionally of one type', () => {
    const all = pickupPoints('omniva', 'EE');
    expect(all).toHaveLength(planned('omniva', 'EE'));
    expect(pickupPoints('omniva', 'EE', 'parcelMachine')).toHaveLength(planned('omniva', 'EE', 'parcelMachine'));
    expect(pickupPoints('omniva', 'EE', 'postOffice')).toHaveLength(planned('omniva', 'EE', 'postOffice'));
    expect(pickupPoints('omniva', 'EE', 'parcelShop')).toEqual([]);
    expect(all.every((p) => p.carrierCode === 'omniva' && p.countryCode === 'EE')).toBe(true);
    // Decoded for each call (catalogue/points-table.ts): equal, not the same objects.
    expect(pickupPoints('omniva', 'EE')).toEqual(all);
    expect(Object.isFrozen(all)).toBe(true);
    expect(pickupPoints('omniva', 'EE', undefined, 7)).toEqual(all.slice(0, 7));
  });

  it('answers unknown carriers, countries and types with nothing', () => {
    expect(pickupPoints('dhl', 'EE')).toEqual([]);
    expect(pickupPoints('omniva', 'PL')).toEqual([]);
    expect(pickupPoints('omniva', 'ee')).toEqual([]);
    expect(pickupPoints('omniva', 'EE', 'locker')).toEqual([]);
  });

  it('finds every point by id', () => {
    const all = catalogue.allPickupPoints();
    // A point found by id is decoded from its line alone; a list's, a block of lines at a time: the same point.
    expect(all.filter((p) => JSON.stringify(findPickupPoint(p.id)) !== JSON.stringify(p)).map((p) => p.id)).toEqual([]);
    fc.assert(fc.property(fc.integer({ min: 0, max: all.length - 1 }), (i) => Object.isFrozen(findPickupPoint(all[i]!.id))));
    for (const id of ['', 'omniva', 'omniva-', 'omniva-ee-pm-0', 'omniva-ee-pm-1 ', 'dhl-ee-pm-1', 'Omniva-ee-pm-1', 'ömniva-ee-pm-1']) expect(findPickupPoint(id), id).toBeUndefined();
    expect(findPickupPoint(`inpost-pl-pm-${INPOST_PL}`)?.carrierCode).toBe('inpost');
    expect(findPickupPoint(`inpost-pl-pm-${INPOST_PL + 1}`)).toBeUndefined();
    expect(findPickupPoint('omniva-ee-courier-standard')).toBeUndefined();
  });

  it('renders GET /shipping-methods/pickup-points once, in the spec’s shape', () => {
    const answer = catalogue.pickupPointsJson('inpost', 'PL');
    const body = JSON.parse(answer.body.toString('utf8')) as { pickupPoints: Record<string, unknown>[]; countryCode: string };
    expect(Object.keys(body)).toEqual(['pickupPoints', 'countryCode']);
    expect(body.countryCode).toBe('PL');
    expect(body.pickupPoints).toHaveLength(INPOST_PL);
    // One assertion over the list (an expect() per point costs seconds at 25,000 points).
    const odd = body.pickupPoints.filter(
      (p) => Object.keys(p).join() !== POINT_KEYS.join() || p.carrierCode !== 'inpost' || (p.additionalServices as { code: string }[]).some((s) => Object.keys(s).join() !== 'code'),
    );
    expect(odd).toEqual([]);
    expect(body.pickupPoints[0]).toEqual({
      id: 'inpost-pl-pm-1',
      name: findPickupPoint('inpost-pl-pm-1')!.name,
      type: 'parcelMachine',
      streetAddress: findPickupPoint('inpost-pl-pm-1')!.streetAddress,
      locality: 'Warszawa',
      postalCode: findPickupPoint('inpost-pl-pm-1')!.postalCode,
      carrierCode: 'inpost',
      additionalServices: findPickupPoint('inpost-pl-pm-1')!.additionalServices,
    });
    expect(catalogue.pickupPointsJson('inpost', 'PL')).toBe(answer);
    expect(answer.etag).toMatch(/^"[\w-]{27}"$/);
    expect(gunzipSync(answer.gzip()).equals(answer.body)).toBe(true);
    expect(answer.gzip()).toBe(answer.gzip());
    const typed = JSON.parse(catalogue.pickupPointsJson(POST_OFFICES.carrier, POST_OFFICES.country, 'postOffice').body.toString()) as { pickupPoints: { type: string }[] };
    expect(typed.pickupPoints.length).toBe(POST_OFFICES.count);
    expect(typed.pickupPoints.every((p) => p.type === 'postOffice')).toBe(true);
  });

  it('does not cache answers for unknown codes', () => {
    const a = catalogue.pickupPointsJson('nope', 'XX');
    expect(JSON.parse(a.body.toString())).toEqual({ pickupPoints: [], countryCode: 'XX' });
    expect(catalogue.pickupPointsJson('nope', 'XX')).not.toBe(a);
    expect(JSON.parse(catalogue.pickupPointsJson('omniva', 'EE', 'kiosk').body.toString())).toEqual({ pickupPoints: [], countryCode: 'EE' });
  });

  it('serves a cached listing in microseconds', () => {
    catalogue.pickupPointsJson('inpost', 'PL');
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) catalogue.pickupPointsJson('inpost', 'PL');
    expect(performance.now() - started).toBeLessThan(250);
  });

  it('reads a carrier’s data on first use, and only the carriers asked for', () => {
    const read: string[] = [];
    const lazy = ShippingCatalogue.fromFiles((code) => {
      read.push(code);
      return carrierDataFile(code);
    });
    expect(read).toEqual([]);
    // The data version (the streamed answers' ETags) reads the compressed files, decoding none.
    expect(lazy.version()).toBe(catalogue.version());
    read.length = 0;
    // The label path: a shipment's point, by id.
    expect(lazy.findPickupPoint('omniva-ee-pm-3')).toEqual(findPickupPoint('omniva-ee-pm-3'));
    expect(lazy.findPickupPoint('inpost-pl-pm-17')?.id).toBe('inpost-pl-pm-17');
    expect(lazy.findPickupPoint('nope-ee-pm-1')).toBeUndefined();
    expect(read).toEqual(['omniva', 'inpost']);
    lazy.pickupPointsJson('omniva', 'EE');
    lazy.pickupPointsV3Stream({ carrierCode: 'dpd' }).chunks();
    expect(read).toEqual(['omniva', 'inpost']);
    expect(lazy.pickupPointsJson('dpd', 'LT').body.equals(catalogue.pickupPointsJson('dpd', 'LT').body)).toBe(true);
    expect(read).toEqual(['omniva', 'inpost', 'dpd']);
  });

  it('identifies the shipped data by the digest of its files, as before the tables (so ETags stay)', () => {
    const digest = createHash('sha256');
    for (const def of CARRIERS.filter((d) => d.pickupPointNetwork.length > 0)) digest.update(readFileSync(carrierDataFile(def.code)));
    expect(catalogue.version()).toBe(digest.digest('base64url'));
  });

  it('refuses bad data', () => {
    const row: PickupPointRow = { ...(catalogue.allPickupPoints()[0]! as unknown as PickupPointRow), additionalServices: ['cod'] };
    expect(() => new ShippingCatalogue([{ ...row, id: 'x-1' }])).toThrow(/the id must start with/);
    const omniva = gunzipSync(readFileSync(carrierDataFile('omniva')));
    expect(() => new PointsTable(omniva, 'dpd', 'f')).toThrow('f: the data of omniva, not of dpd');
    expect(() => new PointsTable(Buffer.from(omniva.toString().replace('\tEE\t', '\tXX\t')), 'omniva', 'f')).toThrow(/^f, row 0 \(omniva-ee-pm-1\): unknown country XX/);
    expect(() => new ShippingCatalogue([row, row])).toThrow(/duplicate id/);
    expect(() => new ShippingCatalogue([{ ...row, postalCode: '1234' }])).toThrow(/postal code 1234/);
    expect(() => new ShippingCatalogue([{ ...row, additionalServices: ['insurance' as 'cod'] }])).toThrow(/additionalServices/);
    expect(() => new ShippingCatalogue([{ ...row, carrierCode: 'dhl' as 'omniva' }])).toThrow(/unknown carrier/);
  });
});

describe('v3 pickup point lists across countries (streamed)', () => {
  const text = (s: { chunks(): Iterable<string> }): string => [...s.chunks()].join('');

  it('writes each point as JSON.stringify of its v3 view would', () => {
    const all = catalogue.allPickupPoints();
    fc.assert(fc.property(fc.integer({ min: 0, max: all.length - 1 }), (i) => pickupPointV3Json(all[i]!) === JSON.stringify(pickupPointV3View(all[i]!))));
  });

  it('streams the same bytes the rendered answer has, in chunks of at most ~64 KB', () => {
    for (const f of [{ carrierCode: 'omniva' as const }, { carrierCode: 'dpd' as const, type: 'parcelShop' as const }, { search: 'tallinn' }]) {
      const stream = catalogue.pickupPointsV3Stream(f);
      const chunks = [...stream.chunks()];
      expect(chunks.join(''), JSON.stringify(f)).toBe(catalogue.pickupPointsV3Json(f).body.toString('utf8'));
      expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(66 * 1024);
      // A second pass gives the same text.
      expect(text(stream)).toBe(chunks.join(''));
    }
    expect(JSON.parse(text(catalogue.pickupPointsV3Stream({ carrierCode: 'omniva', search: 'no such place' })))).toEqual({ pickupPoints: [] });
  });

  it('has a strong ETag from the data version and the filter, known before rendering', () => {
    const etag = catalogue.pickupPointsV3Stream({ carrierCode: 'inpost' }).etag;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(catalogue.pickupPointsV3Stream({ carrierCode: 'inpost' }).etag).toBe(etag);
    expect(catalogue.pickupPointsV3Stream({}).etag).not.toBe(etag);
    expect(catalogue.pickupPointsV3Stream({ carrierCode: 'inpost', type: 'parcelMachine' }).etag).not.toBe(etag);
    // Other data, other ETag.
    const rows = catalogue.pickupPoints('omniva', 'EE').map((p) => ({ ...p, additionalServices: p.additionalServices.map((s) => s.code) }));
    const small = new ShippingCatalogue(rows);
    const fewer = new ShippingCatalogue(rows.slice(1));
    expect(small.pickupPointsV3Stream({ carrierCode: 'omniva' }).etag).not.toBe(fewer.pickupPointsV3Stream({ carrierCode: 'omniva' }).etag);
  });
});

describe('courier services', () => {
  it('derive from the carrier definitions with stable ids', () => {
    expect(courierServices('omniva', 'EE').map(({ id, name, type }) => ({ id, name, type }))).toEqual([
      { id: 'omniva-ee-courier-standard', name: 'Omniva courier', type: 'standard' },
      { id: 'omniva-ee-courier-standardB2B', name: 'Omniva business courier (B2B)', type: 'standardB2B' },
    ]);
    expect(courierServices('smartpost', 'FI')).toEqual([
      // The courier service's name is the carrier's name (the definition's `name`: SmartPosti).
      { id: 'smartpost-fi-courier-standard', name: 'SmartPosti courier', type: 'standard', carrierCode: 'smartpost', countryCode: 'FI', additionalServices: [{ code: 'ageVerification' }] },
    ]);
    expect(courierServices('inpost', 'EE')).toEqual([]);
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
    expect(findCourierService('omniva-pl-courier-standard')).toBeUndefined();
  });

  it('render GET /shipping-methods/courier-services in the spec’s shape', () => {
    const body = JSON.parse(catalogue.courierServicesJson('dpd', 'PL').body.toString()) as { courierServices: Record<string, unknown>[]; countryCode: string };
    expect(body).toEqual({
      courierServices: [
        { id: 'dpd-pl-courier-standard', name: 'DPD courier', type: 'standard', carrierCode: 'dpd', additionalServices: [{ code: 'cod' }, { code: 'ageVerification' }] },
        { id: 'dpd-pl-courier-standardB2B', name: 'DPD business courier (B2B)', type: 'standardB2B', carrierCode: 'dpd', additionalServices: [{ code: 'cod' }, { code: 'ageVerification' }] },
      ],
      countryCode: 'PL',
    });
    expect(catalogue.courierServicesJson('dpd', 'PL')).toBe(catalogue.courierServicesJson('dpd', 'PL'));
  });
});

describe('shipping method listing (GET /shipping-methods)', () => {
  const NO_DIMENSIONS = { parcelDimensionsRequired: false };

  it('has exactly the spec’s shape', () => {
    expect(shippingMethodsListing(['inpost', 'smartpost'])).toEqual({
      countries: [
        {
          countryCode: 'EE',
          carriers: [
            {
              carrierCode: 'smartpost',
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
              carrierCode: 'smartpost',
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
              carrierCode: 'smartpost',
              shippingMethods: [
                { type: 'pickupPoint', subtypes: [{ code: 'parcelMachine' }], constraints: NO_DIMENSIONS },
                { type: 'courier', subtypes: [{ code: 'standard' }], constraints: NO_DIMENSIONS },
              ],
            },
          ],
        },
        {
          // InPost serves Poland only; SmartPosti has post offices (Posti's) in Finland.
          countryCode: 'FI',
          carriers: [
            {
              carrierCode: 'smartpost',
              shippingMethods: [
                { type: 'pickupPoint', subtypes: [{ code: 'parcelMachine' }, { code: 'postOffice' }], constraints: NO_DIMENSIONS },
                { type: 'courier', subtypes: [{ code: 'standard' }], constraints: { parcelDimensionsRequired: true } },
              ],
            },
          ],
        },
        {
          countryCode: 'PL',
          carriers: [
            {
              carrierCode: 'inpost',
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
    const all = shippingMethodsListing(['dpd', 'inpost', 'omniva', 'smartpost']);
    expect(all.countries.map((c) => c.countryCode)).toEqual(['EE', 'LV', 'LT', 'FI', 'PL']);
    expect(all.countries.map((c) => [c.countryCode, c.carriers.map((x) => x.carrierCode)])).toEqual([
      // The registry's order (the original service's enum): smartpost, dpd, …, omniva, …, inpost.
      ['EE', ['smartpost', 'dpd', 'omniva']],
      ['LV', ['smartpost', 'dpd', 'omniva']],
      ['LT', ['smartpost', 'dpd', 'omniva']],
      ['FI', ['smartpost', 'dpd']],
      ['PL', ['dpd', 'inpost']],
    ]);
    expect(shippingMethodsListing(['omniva', 'smartpost', 'inpost', 'dpd'])).toBe(all);
    expect(Object.isFrozen(all.countries[0]!.carriers[0]!.shippingMethods)).toBe(true);
    const json = JSON.parse(catalogue.shippingMethodsListingJson(['smartpost', 'omniva', 'dpd', 'inpost']).body.toString()) as unknown;
    expect(json).toEqual(all);
  });

  it('is empty without active carriers and ignores unknown ones', () => {
    expect(shippingMethodsListing([])).toEqual({ countries: [] });
    expect(shippingMethodsListing(['dhl'])).toEqual({ countries: [] });
    expect(shippingMethodsListing(['dhl', 'dpd'])).toBe(shippingMethodsListing(['dpd']));
  });

  it('offers only pickup point subtypes that have points', () => {
    for (const country of shippingMethodsListing(CARRIERS.map((d) => d.code)).countries) {
      for (const carrier of country.carriers) {
        for (const method of carrier.shippingMethods.filter((m) => m.type === 'pickupPoint')) {
          for (const { code } of method.subtypes)
            expect(pickupPoints(carrier.carrierCode, country.countryCode, code).length, `${carrier.carrierCode} ${country.countryCode} ${code}`).toBeGreaterThan(0);
        }
      }
    }
  });
});
