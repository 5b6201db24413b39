/** Invariants of the shipped pickup point data set and of its generator. */
import fc from 'fast-check';
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PICKUP_POINT_TYPES } from '../carriers/contract.js';
import { COUNTRIES, POSTAL_CODE_FORMAT, postalCodeDigits } from '../carriers/countries.js';
import { CARRIERS, isCarrierCode } from '../carriers/registry.js';
import { CARRIERS_WITH_POINTS, PLAN, allocate, dataFile, generateCarrierPoints, generatePickupPoints, renderPickupPointsFile } from './generate-points.js';
import type { PickupPointRow, PickupPointsFile } from './model.js';
import { PLACES } from './places.js';

/** Each carrier's data file (`carriers/<code>/pickup-points.json`), in registry order. */
const files = CARRIERS_WITH_POINTS.map((def) => {
  const text = readFileSync(dataFile(def.code), 'utf8');
  return { def, path: dataFile(def.code), text, file: JSON.parse(text) as PickupPointsFile };
});
const points: PickupPointRow[] = files.flatMap((f) => f.file.points);

const countBy = (f: (p: PickupPointRow) => string): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const p of points) out[f(p)] = (out[f(p)] ?? 0) + 1;
  return out;
};

describe('pickup point data file', () => {
  it('is exactly what the generator writes (deterministic, and not edited by hand)', () => {
    expect(files.map((f) => f.def.code)).toEqual(CARRIERS.filter((d) => d.pickupPointNetwork.length > 0).map((d) => d.code));
    for (const { def, text, file } of files) {
      expect(renderPickupPointsFile(generateCarrierPoints(def)), def.code).toBe(text);
      expect(file.format).toBe('kassa.pickup-points/1');
      expect(file.count).toBe(file.points.length);
      expect(file.points.every((p) => p.carrierCode === def.code), def.code).toBe(true);
    }
    expect(generatePickupPoints()).toEqual(points);
  });

  it('stays well under 3 MB', () => {
    expect(files.reduce((sum, f) => sum + statSync(f.path).size, 0)).toBeLessThan(3 * 1024 * 1024);
  });

  it('holds thousands of points, over 2,000 in Poland', () => {
    expect(points.length).toBe(6805);
    expect(countBy((p) => p.countryCode)).toEqual({ EE: 705, LV: 660, LT: 1060, FI: 1330, PL: 3050 });
    // The benchmark loads one carrier's list of one country: it must hold at least 2,000 points.
    expect(points.filter((p) => p.carrierCode === 'inpost' && p.countryCode === 'PL').length).toBeGreaterThanOrEqual(2000);
    expect(countBy((p) => p.carrierCode)).toEqual({ omniva: 1145, smartpost: 1380, dpd: 1620, inpost: 2660 });
  });

  it('has the planned number of points per carrier, country and type', () => {
    const counts = countBy((p) => `${p.carrierCode}/${p.countryCode}/${p.type}`);
    expect(counts).toEqual(Object.fromEntries(PLAN.map((p) => [`${p.carrier}/${p.country}/${p.type}`, p.count])));
  });

  it('gives every point unique, well-formed, self-describing ids', () => {
    const tags = { parcelMachine: 'pm', postOffice: 'po', parcelShop: 'ps' } as const;
    expect(new Set(points.map((p) => p.id)).size).toBe(points.length);
    for (const p of points) expect(p.id).toMatch(new RegExp(`^${p.carrierCode}-${p.countryCode.toLowerCase()}-${tags[p.type]}-[1-9]\\d*$`));
  });

  it('fills every field', () => {
    const keys = ['id', 'name', 'type', 'streetAddress', 'locality', 'region', 'postalCode', 'countryCode', 'carrierCode', 'additionalServices'];
    for (const p of points) {
      expect(Object.keys(p)).toEqual(keys);
      for (const k of keys.slice(0, -1)) {
        const v = p[k as keyof PickupPointRow];
        expect(typeof v === 'string' && v.trim() === v && v !== '', `${p.id}.${k}`).toBe(true);
      }
      expect(isCarrierCode(p.carrierCode)).toBe(true);
      expect(PICKUP_POINT_TYPES).toContain(p.type);
      expect(p.streetAddress).toMatch(/\d/);
    }
  });

  it('writes postal codes in the country’s format, from the town’s range', () => {
    for (const p of points) {
      expect(p.postalCode, p.id).toMatch(POSTAL_CODE_FORMAT[p.countryCode]);
      const city = PLACES[p.countryCode].cities.find((c) => c.name === p.locality);
      expect(city, `${p.id} ${p.locality}`).toBeDefined();
      expect(p.region).toBe(city!.region);
      const n = Number(postalCodeDigits(p.postalCode));
      expect(city!.postal.some(([lo, hi]) => n >= lo && n <= hi), `${p.id} ${p.postalCode}`).toBe(true);
    }
    const fi = points.filter((p) => p.countryCode === 'FI' && p.locality === 'Helsinki');
    expect(fi.every((p) => p.postalCode.endsWith('0'))).toBe(true);
  });

  it('matches the carriers’ methods: types and additional services they offer there', () => {
    for (const def of CARRIERS) {
      for (const country of def.countries) {
        const method = def.methods[country]?.find((m) => m.type === 'pickupPoint');
        const here = points.filter((p) => p.carrierCode === def.code && p.countryCode === country);
        expect(new Set(here.map((p) => p.type))).toEqual(new Set(method?.subtypes ?? []));
        for (const p of here) {
          expect(new Set(p.additionalServices).size).toBe(p.additionalServices.length);
          for (const s of p.additionalServices) expect(method?.additionalServices).toContain(s);
        }
      }
      for (const country of COUNTRIES.filter((c) => !def.countries.includes(c))) {
        expect(points.some((p) => p.carrierCode === def.code && p.countryCode === country)).toBe(false);
      }
    }
  });

  it('names points the carrier’s way, uniquely within a carrier and country', () => {
    const seen = new Set<string>();
    for (const p of points) {
      const def = CARRIERS.find((d) => d.code === p.carrierCode)!;
      expect(p.name.startsWith(`${def.name} `), p.name).toBe(true);
      expect(p.name).toContain(p.locality);
      const k = `${p.carrierCode}/${p.countryCode}/${p.name}`;
      expect(seen.has(k), p.name).toBe(false);
      seen.add(k);
    }
    expect(points.find((p) => p.id === 'omniva-ee-pm-1')!.name).toMatch(/^Omniva pakiautomaat Tallinn /);
    expect(points.find((p) => p.id === 'inpost-pl-pm-1')!.name).toMatch(/^InPost paczkomat Warszawa /);
  });

  it('follows population: the capital has the most points of each list', () => {
    for (const plan of PLAN) {
      const here = points.filter((p) => p.carrierCode === plan.carrier && p.countryCode === plan.country && p.type === plan.type);
      const perTown: Record<string, number> = {};
      for (const p of here) perTown[p.locality] = (perTown[p.locality] ?? 0) + 1;
      const capital = PLACES[plan.country].cities[0]!.name;
      expect(Math.max(...Object.values(perTown))).toBe(perTown[capital]);
    }
  });
});

describe('allocate', () => {
  it('hands out exactly the total, more to bigger towns', () => {
    const town = fc.record({ name: fc.string(), region: fc.string(), population: fc.integer({ min: 1000, max: 2_000_000 }), postal: fc.constant([[1, 2]] as const) });
    fc.assert(
      fc.property(fc.array(town, { minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 3000 }), fc.constantFrom(0.5, 0.9, 1), (towns, total, exponent) => {
        const counts = allocate(towns, total, exponent);
        expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
        towns.forEach((a, i) =>
          towns.forEach((b, j) => {
            if (a.population > b.population) expect(counts[i]! + 1).toBeGreaterThanOrEqual(counts[j]!);
          }),
        );
      }),
    );
  });
});
