/** Invariants of the shipped pickup point data set and of its generator. */
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PICKUP_POINT_TYPES } from '../carriers/contract.js';
import { COUNTRIES, POSTAL_CODE_FORMAT, postalCodeDigits } from '../carriers/countries.js';
import { CARRIERS, isCarrierCode } from '../carriers/registry.js';
import { CARRIERS_WITH_POINTS, PLAN, allocate, carrierPointsText, dataFile, firstDifference } from './generate-points.js';
import type { PickupPointRow } from './model.js';
import { PLACES } from './places.js';
import { decodePoints, decodePointsText } from './points-file.js';

/** Each carrier's data file (`carriers/<code>/pickup-points.tsv.gz`), in registry order. */
const files = CARRIERS_WITH_POINTS.map((def) => {
  const text = decodePointsText(readFileSync(dataFile(def.code)));
  return { def, path: dataFile(def.code), text, points: decodePoints(text, def.code) };
});
const points: PickupPointRow[] = files.flatMap((f) => f.points);
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

const countBy = (f: (p: PickupPointRow) => string): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const p of points) out[f(p)] = (out[f(p)] ?? 0) + 1;
  return out;
};

describe('pickup point data file', () => {
  it('is exactly what the generator writes (deterministic, and not edited by hand)', () => {
    expect(files.map((f) => f.def.code)).toEqual(CARRIERS.filter((d) => d.pickupPointNetwork.length > 0).map((d) => d.code));
    // Compared by digest (a diff of megabytes of text is no message); the first differing line otherwise.
    for (const { def, text, points: mine } of files) {
      const fresh = carrierPointsText(def);
      if (sha256(fresh) !== sha256(text)) expect.fail(`${def.code}: stale, run npx tsx src/shipping/catalogue/generate-points.ts (${firstDifference(fresh, text)})`);
      expect(
        mine.every((p) => p.carrierCode === def.code),
        def.code,
      ).toBe(true);
    }
  });

  it('stays compact: well under 8 MB for every carrier together', () => {
    expect(files.reduce((sum, f) => sum + statSync(f.path).size, 0)).toBeLessThan(8 * 1024 * 1024);
  });

  it('holds the networks’ points, over 2,000 InPost lockers in Poland', () => {
    expect(points.length).toBe(PLAN.reduce((sum, p) => sum + p.count, 0));
    // The benchmark loads one carrier's list of one country: it must hold at least 2,000 points.
    expect(points.filter((p) => p.carrierCode === 'inpost' && p.countryCode === 'PL').length).toBeGreaterThanOrEqual(2000);
  });

  it('has the planned number of points per carrier, country and type', () => {
    const counts = countBy((p) => `${p.carrierCode}/${p.countryCode}/${p.type}`);
    expect(counts).toEqual(Object.fromEntries(PLAN.map((p) => [`${p.carrier}/${p.country}/${p.type}`, p.count])));
  });

  // The per-point checks collect what is wrong and assert once: an expect() per point per field
  // costs seconds at 100,000+ points.
  it('gives every point unique, well-formed, self-describing ids', () => {
    const tags = { parcelMachine: 'pm', postOffice: 'po', parcelShop: 'ps' } as const;
    expect(new Set(points.map((p) => p.id)).size).toBe(points.length);
    const bad = points.filter((p) => p.id !== `${p.carrierCode}-${p.countryCode.toLowerCase()}-${tags[p.type]}-${p.id.slice(p.id.lastIndexOf('-') + 1)}` || !/-[1-9]\d*$/.test(p.id));
    expect(bad.map((p) => p.id)).toEqual([]);
  });

  it('fills every field', () => {
    const keys = ['id', 'name', 'type', 'streetAddress', 'locality', 'region', 'postalCode', 'countryCode', 'carrierCode', 'additionalServices'];
    const wrong: string[] = [];
    for (const p of points) {
      if (Object.keys(p).join() !== keys.join()) wrong.push(`${p.id}: keys ${Object.keys(p).join()}`);
      for (const k of keys.slice(0, -1)) {
        const v = p[k as keyof PickupPointRow];
        if (!(typeof v === 'string' && v.trim() === v && v !== '')) wrong.push(`${p.id}.${k}`);
      }
      if (!isCarrierCode(p.carrierCode) || !PICKUP_POINT_TYPES.includes(p.type) || !/\d/.test(p.streetAddress)) wrong.push(`${p.id}: carrier, type or street number`);
    }
    expect(wrong).toEqual([]);
  });

  it('writes postal codes in the country’s format, from the town’s range', () => {
    const wrong: string[] = [];
    const towns = new Map(COUNTRIES.flatMap((c) => PLACES[c].cities.map((city) => [`${c}/${city.name}`, city] as const)));
    for (const p of points) {
      if (!POSTAL_CODE_FORMAT[p.countryCode].test(p.postalCode)) wrong.push(`${p.id}: format ${p.postalCode}`);
      const city = towns.get(`${p.countryCode}/${p.locality}`);
      if (!city) {
        wrong.push(`${p.id}: no town ${p.locality}`);
        continue;
      }
      if (p.region !== city.region) wrong.push(`${p.id}: region ${p.region}`);
      const n = Number(postalCodeDigits(p.postalCode));
      if (!city.postal.some(([lo, hi]) => n >= lo && n <= hi)) wrong.push(`${p.id}: ${p.postalCode} outside ${p.locality}`);
    }
    expect(wrong).toEqual([]);
    const fi = points.filter((p) => p.countryCode === 'FI' && p.locality === 'Helsinki');
    expect(fi.every((p) => p.postalCode.endsWith('0'))).toBe(true);
  });

  it('matches the carriers’ methods: types and additional services they offer there', () => {
    const byPlace = new Map<string, PickupPointRow[]>();
    for (const p of points) {
      const k = `${p.carrierCode}/${p.countryCode}`;
      const list = byPlace.get(k);
      if (list) list.push(p);
      else byPlace.set(k, [p]);
    }
    for (const def of CARRIERS) {
      for (const country of def.countries) {
        const method = def.methods[country]?.find((m) => m.type === 'pickupPoint');
        const here = byPlace.get(`${def.code}/${country}`) ?? [];
        expect(new Set(here.map((p) => p.type)), `${def.code} ${country}`).toEqual(new Set(method?.subtypes ?? []));
        const offered = new Set(method?.additionalServices ?? []);
        const wrong = here.filter((p) => new Set(p.additionalServices).size !== p.additionalServices.length || p.additionalServices.some((s) => !offered.has(s)));
        expect(wrong.map((p) => p.id)).toEqual([]);
      }
      for (const country of COUNTRIES.filter((c) => !def.countries.includes(c))) {
        expect(byPlace.has(`${def.code}/${country}`), `${def.code} ${country}`).toBe(false);
      }
    }
  });

  it('names points the carrier’s way, uniquely within a carrier and country', () => {
    const seen = new Set<string>();
    const wrong: string[] = [];
    const names = new Map(CARRIERS.map((d) => [d.code, `${d.name} `]));
    for (const p of points) {
      if (!p.name.startsWith(names.get(p.carrierCode)!) || !p.name.includes(p.locality)) wrong.push(`${p.id}: ${p.name}`);
      const k = `${p.carrierCode}/${p.countryCode}/${p.name}`;
      if (seen.has(k)) wrong.push(`${p.id}: ${p.name} twice`);
      seen.add(k);
    }
    expect(wrong).toEqual([]);
    expect(points.find((p) => p.id === 'omniva-ee-pm-1')!.name).toMatch(/^Omniva pakiautomaat Tallinn /);
    expect(points.find((p) => p.id === 'inpost-pl-pm-1')!.name).toMatch(/^InPost paczkomat Warszawa /);
  });

  it('follows population: the capital has the most points of each list', () => {
    const perTown = new Map<string, Record<string, number>>();
    for (const p of points) {
      const k = `${p.carrierCode}/${p.countryCode}/${p.type}`;
      const towns = perTown.get(k) ?? {};
      towns[p.locality] = (towns[p.locality] ?? 0) + 1;
      perTown.set(k, towns);
    }
    for (const plan of PLAN) {
      const towns = perTown.get(`${plan.carrier}/${plan.country}/${plan.type}`) ?? {};
      const capital = PLACES[plan.country].cities[0]!.name;
      expect(Math.max(...Object.values(towns)), `${plan.carrier} ${plan.country} ${plan.type}`).toBe(towns[capital]);
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
