import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bracketPrice, fitsLimits, volumetricWeightG, type ParcelLimits } from './parcels.js';
import { COURIER_SERVICE_TYPES as COURIER_SUBTYPES, LOCKER_SIZES, PICKUP_POINT_TYPES as PICKUP_POINT_SUBTYPES } from '../carriers/contract.js';
import { RATE_CURRENCY, type CountryCode } from '../carriers/countries.js';
import { defineCarrier } from '../carriers/kit/define.js';
import { CARRIER_CODES, CARRIERS } from '../carriers/registry.js';
import { filterByParcels } from './service.js';
import { CARRIER_TABLES, carrierTable, type CarrierTable, type RateTable, type SubtypeService } from './tables.js';

const TABLES: { name: string; carrier: CarrierTable; sub: SubtypeService; dest: CountryCode; table: RateTable }[] = CARRIER_TABLES.flatMap((carrier) =>
  carrier.methods.flatMap((m) =>
    (m.subtypes as readonly SubtypeService[]).flatMap((sub) =>
      (Object.entries(sub.rates) as [CountryCode, RateTable][]).map(([dest, table]) => ({ name: `${carrier.code}/${sub.code}/${dest}`, carrier, sub, dest, table })),
    ),
  ),
);

/** An upper bound of the volume (mm³) of any box within the limits: each rule bounds it alone. */
function maxVolume(limits: ParcelLimits): number {
  const longest = Math.max(...limits.sizes.flatMap((s) => [s.lengthMm, s.widthMm, s.heightMm]));
  let bound = Math.max(...limits.sizes.map((s) => s.lengthMm * s.widthMm * s.heightMm));
  if (limits.maxSumOfSidesMm !== undefined) bound = Math.min(bound, (limits.maxSumOfSidesMm / 3) ** 3);
  if (limits.maxGirthMm !== undefined) {
    // Longest side l and l + 2(w + h) ≤ G: w·h ≤ ((G − l) / 4)².
    let girthBound = 0;
    for (let l = 1; l <= Math.min(longest, limits.maxGirthMm); l++) girthBound = Math.max(girthBound, l * ((limits.maxGirthMm - l) / 4) ** 2);
    bound = Math.min(bound, girthBound);
  }
  return bound;
}

describe('rate tables', () => {
  it('have bracket edges strictly increasing and non-negative prices never decreasing', () => {
    for (const { name, table } of TABLES) {
      expect(table.brackets.length, name).toBeGreaterThan(0);
      table.brackets.forEach((b, i) => {
        expect(Number.isInteger(b.upToG) && Number.isInteger(b.priceMinor) && b.priceMinor >= 0, name).toBe(true);
        if (i > 0) {
          expect(b.upToG, name).toBeGreaterThan(table.brackets[i - 1]!.upToG);
          expect(b.priceMinor, name).toBeGreaterThanOrEqual(table.brackets[i - 1]!.priceMinor);
        }
      });
    }
  });

  it('price is monotonic in weight (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TABLES), fc.nat(), fc.nat(), ({ table }, a, b) => {
        const top = table.brackets[table.brackets.length - 1]!.upToG;
        const [lo, hi] = [(a % top) + 1, (b % top) + 1].sort((x, y) => x - y) as [number, number];
        return bracketPrice(table.brackets, lo)! <= bracketPrice(table.brackets, hi)! && bracketPrice(table.brackets, top + 1) === undefined;
      }),
    );
  });

  it('cover every parcel within the limits: the last edge ≥ max weight and ≥ the largest volumetric weight', () => {
    for (const { name, sub, table } of TABLES) {
      const top = table.brackets[table.brackets.length - 1]!.upToG;
      expect(sub.limits.maxWeightG, name).toBeLessThanOrEqual(top);
      const v = maxVolume(sub.limits);
      expect(volumetricWeightG({ lengthMm: 1, widthMm: 1, heightMm: Math.ceil(v) }, sub.volumetricDivisor), name).toBeLessThanOrEqual(top);
    }
  });

  it('are in the local currency when domestic (where Kassa holds it), in EUR when cross-border', () => {
    for (const { name, carrier, dest, table } of TABLES) {
      expect(table.currency, name).toBe(dest === carrier.homeCountry ? RATE_CURRENCY[dest] : 'EUR');
    }
    // PLN only for the Polish carriers' domestic tables.
    for (const t of TABLES.filter((x) => x.table.currency === 'PLN')) expect([t.dest, t.carrier.homeCountry], t.name).toEqual(['PL', 'PL']);
  });
});

describe('carriers', () => {
  it('are the registered carriers, in order, with subtypes of their method type', () => {
    expect(CARRIER_TABLES.map((c) => c.code)).toEqual([...CARRIER_CODES]);
    for (const c of CARRIER_TABLES) {
      expect(c.origins).toContain(c.homeCountry);
      for (const m of c.methods) {
        const allowed: readonly string[] = m.type === 'courier' ? COURIER_SUBTYPES : PICKUP_POINT_SUBTYPES;
        for (const s of m.subtypes) expect(allowed).toContain(s.code);
      }
    }
  });

  it('only dpd lacks the service contract', () => {
    expect(CARRIER_TABLES.filter((c) => !c.hasServiceContract).map((c) => c.code)).toEqual(['dpd']);
  });

  it('locker sizes are ordered XS → XL, each fits in the next, and are the parcel machines’ sizes', () => {
    for (const c of CARRIER_TABLES) {
      const codes = c.lockerSizes.map((s) => s.code);
      expect(codes).toEqual(LOCKER_SIZES.filter((s) => codes.includes(s)));
      c.lockerSizes.forEach((s, i) => {
        const next = c.lockerSizes[i + 1];
        if (next) expect(fitsLimits({ ...s, weightG: 1 }, { maxWeightG: Infinity, sizes: [next] })).toBe(true);
      });
      // A lockerSize carrier's parcel machines take exactly its compartments; the others (Omniva,
      // InPost, ORLEN, …) state their own boxes.
      const machines = c.methods.flatMap((m) => (m.subtypes as readonly SubtypeService[]).filter((s) => s.code === 'parcelMachine'));
      if (c.lockerSizes.length > 0) {
        expect(machines.length, c.code).toBeGreaterThan(0);
        for (const m of machines) expect(m.limits.sizes).toBe(c.lockerSizes);
      }
    }
  });
});

describe('each carrier’s definition and its rates', () => {
  it('are one list: every registered carrier has a table, in registry order, accepting parcels in its countries', () => {
    expect(CARRIER_TABLES.map((c) => c.code)).toEqual(CARRIERS.map((d) => d.code));
    for (const def of CARRIERS) {
      const table = CARRIER_TABLES.find((c) => c.code === def.code)!;
      expect(table.origins, def.code).toEqual(def.countries);
      expect(table.hasServiceContract, def.code).toBe(def.hasServiceContract);
    }
  });

  it('agree on locker sizes: a carrier with lockers has all five, XS → XL, and its parcel machines take exactly those', () => {
    for (const def of CARRIERS) {
      const table = carrierTable(def);
      const machines = def.rates.methods.flatMap((m) => (m.subtypes as readonly { code: string; limits: { sizes: unknown } }[]).filter((s) => s.code === 'parcelMachine'));
      if (!def.lockerSizes) {
        expect(table.lockerSizes, def.code).toEqual([]);
        expect(
          machines.filter((s) => s.limits.sizes === 'lockers'),
          def.code,
        ).toEqual([]);
        continue;
      }
      expect(
        table.lockerSizes.map((s) => s.code),
        def.code,
      ).toEqual([...LOCKER_SIZES]);
      for (const size of LOCKER_SIZES) {
        const d = def.lockerSizes[size];
        const mm = table.lockerSizes.find((s) => s.code === size)!;
        expect([mm.heightMm, mm.widthMm, mm.lengthMm, mm.maxWeightG], `${def.code} ${size}`).toEqual([d.heightCm * 10, d.widthCm * 10, d.depthCm * 10, d.maxWeightKg * 1000]);
      }
      // Declared once: a parcel machine's rate subtype names the definition's lockers instead of its own sizes.
      for (const m of machines) expect(m.limits.sizes, def.code).toBe('lockers');
    }
  });

  it('offer exactly what the definition offers: every method and subtype in the same countries, the same dimension rule', () => {
    for (const def of CARRIERS) {
      const offered = new Set(def.countries.flatMap((c) => (def.methods[c] ?? []).flatMap((m) => m.subtypes.map((s) => `${m.type}/${s}/${c}`))));
      const rated = new Set(def.rates.methods.flatMap((m) => (m.subtypes as readonly { code: string; rates: object }[]).flatMap((s) => Object.keys(s.rates).map((c) => `${m.type}/${s.code}/${c}`))));
      expect([...rated].sort(), def.code).toEqual([...offered].sort());
      for (const m of def.rates.methods) {
        // Rates state the rule per method type; a definition per country. SmartPosti's couriers
        // need measures in Finland only, which a rate table cannot say: it says they do not.
        const rules = new Set(def.countries.flatMap((c) => (def.methods[c] ?? []).filter((x) => x.type === m.type).map((x) => x.constraints.parcelDimensionsRequired)));
        expect(rules.has(m.parcelDimensionsRequired), `${def.code} ${m.type}`).toBe(true);
      }
    }
  });

  it('refuse rates that name lockers for a carrier without them', () => {
    const swift = CARRIERS.find((d) => !d.lockerSizes)!;
    const broken = {
      ...swift,
      rates: {
        ...swift.rates,
        methods: [
          {
            type: 'pickupPoint' as const,
            parcelDimensionsRequired: false,
            subtypes: [{ code: 'parcelMachine' as const, limits: { maxWeightG: 1000, sizes: 'lockers' as const }, volumetricDivisor: null, rates: {} }],
          },
        ],
      },
    };
    expect(() => carrierTable(broken)).toThrow(/no lockerSizes/);
  });

  it('a definition without rates does not compile', () => {
    const { rates: _rates, ...withoutRates } = CARRIERS[0]!;
    // @ts-expect-error: rates are required, so a carrier cannot silently drop out of rates and filter-by-parcels
    expect(() => defineCarrier(withoutRates)).not.toThrow();
  });

  it('every registered carrier is a filter-by-parcels candidate for a small parcel in its first country', () => {
    for (const def of CARRIERS) {
      const home = def.countries[0]!;
      const listing = filterByParcels([{ weightG: 1000, lengthMm: 100, widthMm: 100, heightMm: 100 }], home, home);
      const carriers = listing.countries.flatMap((c) => c.carriers.map((k) => k.carrierCode));
      expect(carriers, `${def.code} to ${home}`).toContain(def.code);
    }
  });
});
