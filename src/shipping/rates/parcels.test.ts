import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bracketPrice,
  chargeableWeightG,
  estimateParcels,
  expandItems,
  fitsLimits,
  packItems,
  packUnits,
  smallestFittingSize,
  stack,
  volumetricWeightG,
  type ItemMeasures,
  type PackOptions,
  type Unit,
} from './parcels.js';
import { CARRIER_TABLES, STACKING_BUFFER_PERCENT, type SubtypeService } from './tables.js';

/** Every (carrier, subtype, destination) of the data as packing options. */
const SERVICES: { name: string; opts: PackOptions }[] = CARRIER_TABLES.flatMap((c) =>
  c.methods.flatMap((m) =>
    (m.subtypes as readonly SubtypeService[]).flatMap((s) =>
      Object.entries(s.rates).map(([dest, table]) => ({
        name: `${c.code}/${s.code}/${dest}`,
        opts: { limits: s.limits, brackets: table!.brackets, volumetricDivisor: s.volumetricDivisor, bufferPercent: STACKING_BUFFER_PERCENT },
      })),
    ),
  ),
);

const item = (maxSide: number, maxWeight: number, maxQuantity: number) =>
  fc.record({
    lengthMm: fc.integer({ min: 1, max: maxSide }),
    widthMm: fc.integer({ min: 1, max: maxSide }),
    heightMm: fc.integer({ min: 1, max: maxSide }),
    weightG: fc.integer({ min: 1, max: maxWeight }),
    quantity: fc.integer({ min: 1, max: maxQuantity }),
  });
const items = fc.array(item(700, 30_000, 4), { minLength: 1, maxLength: 6 });
const service = fc.constantFrom(...SERVICES);

const key = (u: Unit) => `${u.item}:${u.copy}`;

describe('expandItems', () => {
  it('expands quantities, turns each unit flat (length ≥ width ≥ height) and sorts largest first', () => {
    const units = expandItems([
      { lengthMm: 10, widthMm: 30, heightMm: 20, weightG: 5, quantity: 2 },
      { lengthMm: 50, widthMm: 5, heightMm: 5, weightG: 1, quantity: 1 },
    ]);
    expect(units).toEqual([
      { item: 1, copy: 0, lengthMm: 50, widthMm: 5, heightMm: 5, weightG: 1 },
      { item: 0, copy: 0, lengthMm: 30, widthMm: 20, heightMm: 10, weightG: 5 },
      { item: 0, copy: 1, lengthMm: 30, widthMm: 20, heightMm: 10, weightG: 5 },
    ]);
  });
});

describe('stack and weights', () => {
  it('worked example: two 30×20×10 cm units and one 25×15×5 cm unit', () => {
    // Footprint 300 × 200 mm; height (100 + 100 + 50) × 1.10 = 275 mm; weight 1200 + 1200 + 500 g.
    const s = stack(
      expandItems([
        { lengthMm: 300, widthMm: 200, heightMm: 100, weightG: 1200, quantity: 2 },
        { lengthMm: 50, widthMm: 150, heightMm: 250, weightG: 500, quantity: 1 },
      ]),
      10,
    );
    expect([s.lengthMm, s.widthMm, s.heightMm, s.weightG, s.bufferPercent]).toEqual([300, 200, 275, 2900, 10]);
    // 300 × 200 × 275 mm³ = 16 500 000 mm³; / 5000 = 3300 g; / 6000 = 2750 g.
    expect(volumetricWeightG(s, 5000)).toBe(3300);
    expect(volumetricWeightG(s, 6000)).toBe(2750);
    expect(chargeableWeightG(s, 5000)).toBe(3300);
    expect(chargeableWeightG(s, 6000)).toBe(2900);
    expect(chargeableWeightG(s, null)).toBe(2900);
  });

  it('a single unit is not stacked: no buffer', () => {
    const s = stack(expandItems([{ lengthMm: 400, widthMm: 300, heightMm: 200, weightG: 12_000, quantity: 1 }]), 10);
    expect([s.heightMm, s.bufferPercent]).toEqual([200, 0]);
  });

  it('the buffer is rounded up to the next millimetre', () => {
    const s = stack(expandItems([{ lengthMm: 10, widthMm: 10, heightMm: 3, weightG: 1, quantity: 2 }]), 10);
    expect(s.heightMm).toBe(7); // 6 × 1.1 = 6.6
  });

  it('volumetric weight equals the exact integer ceiling (BigInt reference), for any size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 110_000_000 }), fc.constantFrom(5000, 6000, 4000, 1), (l, w, h, d) => {
        const volume = BigInt(l) * BigInt(w) * BigInt(h);
        const step = BigInt(d) * 10n;
        return BigInt(volumetricWeightG({ lengthMm: l, widthMm: w, heightMm: h }, d)) === ((volume + step - 1n) / step) * 10n;
      }),
      { numRuns: 2000 },
    );
  });

  it('volumetric weight is rounded up to the next 10 g, in integers', () => {
    expect(volumetricWeightG({ lengthMm: 1, widthMm: 1, heightMm: 1 }, 5000)).toBe(10);
    expect(volumetricWeightG({ lengthMm: 100, widthMm: 100, heightMm: 100 }, 5000)).toBe(200);
    expect(volumetricWeightG({ lengthMm: 100, widthMm: 100, heightMm: 101 }, 5000)).toBe(210);
    // 10 m × 10 m × 10 000 stacked 10 m units: beyond 2^53 mm³, still exact.
    expect(volumetricWeightG({ lengthMm: 10_000, widthMm: 10_000, heightMm: 110_000_000 }, 5000)).toBe(2_200_000_000_000);
  });
});

describe('limits', () => {
  const lockers = CARRIER_TABLES.find((c) => c.code === 'smartpost')!.methods[0]!.subtypes[0]!.limits;

  it('a parcel fits a size either way round; the smallest fitting locker is chosen', () => {
    const box = { lengthMm: 300, widthMm: 200, heightMm: 275, weightG: 2900 };
    expect(fitsLimits(box, lockers)).toBe(true);
    expect(smallestFittingSize(box, lockers)?.code).toBe('M');
    // smartpost XS is 6 × 36 × 60 cm (the definition's compartments).
    expect(smallestFittingSize({ lengthMm: 60, widthMm: 600, heightMm: 360, weightG: 1 }, lockers)?.code).toBe('XS');
    expect(smallestFittingSize({ lengthMm: 61, widthMm: 600, heightMm: 360, weightG: 1 }, lockers)?.code).toBe('S');
    expect(smallestFittingSize({ lengthMm: 601, widthMm: 10, heightMm: 10, weightG: 1 }, lockers)).toBeUndefined();
    expect(fitsLimits({ lengthMm: 10, widthMm: 10, heightMm: 10, weightG: 30_001 }, lockers)).toBe(false);
  });

  it('girth and sum of sides', () => {
    const courier = { maxWeightG: 30_000, sizes: [{ lengthMm: 1500, widthMm: 1500, heightMm: 1500 }], maxGirthMm: 3000 };
    expect(fitsLimits({ lengthMm: 1000, widthMm: 500, heightMm: 500, weightG: 1 }, courier)).toBe(true); // 1000 + 2 × 1000
    expect(fitsLimits({ lengthMm: 1000, widthMm: 500, heightMm: 501, weightG: 1 }, courier)).toBe(false);
    const post = { maxWeightG: 30_000, sizes: [{ lengthMm: 1500, widthMm: 1500, heightMm: 1500 }], maxSumOfSidesMm: 2000 };
    expect(fitsLimits({ lengthMm: 1000, widthMm: 500, heightMm: 500, weightG: 1 }, post)).toBe(true);
    expect(fitsLimits({ lengthMm: 1000, widthMm: 500, heightMm: 501, weightG: 1 }, post)).toBe(false);
  });
});

describe('packing (property-based)', () => {
  it('keeps the weight, places every unit exactly once, and every parcel is within the limits and priced', () => {
    fc.assert(
      fc.property(items, service, (its, { opts }) => {
        const packing = packItems(its, opts);
        const units = expandItems(its);
        if (packing === null) {
          // Only when some unit cannot be sent on its own.
          return units.some((u) => {
            const s = stack([u], opts.bufferPercent);
            return !fitsLimits(s, opts.limits) || bracketPrice(opts.brackets, chargeableWeightG(s, opts.volumetricDivisor)) === undefined;
          });
        }
        const placed = packing.parcels.flatMap((p) => p.units.map(key)).sort();
        expect(placed).toEqual(units.map(key).sort());
        expect(packing.parcels.reduce((w, p) => w + p.weightG, 0)).toBe(its.reduce((w, i) => w + i.weightG * i.quantity, 0));
        let total = 0;
        for (const p of packing.parcels) {
          expect(p.units.length).toBeGreaterThan(0);
          expect(fitsLimits(p, opts.limits)).toBe(true);
          const s = stack(p.units, opts.bufferPercent);
          expect([p.lengthMm, p.widthMm, p.heightMm, p.weightG]).toEqual([s.lengthMm, s.widthMm, s.heightMm, s.weightG]);
          expect(p.volumetricWeightG).toBe(volumetricWeightG(p, opts.volumetricDivisor));
          expect(p.chargeableWeightG).toBeGreaterThanOrEqual(p.weightG);
          expect(p.chargeableWeightG).toBeGreaterThanOrEqual(p.volumetricWeightG);
          expect(p.chargeableWeightG).toBe(Math.max(p.weightG, p.volumetricWeightG));
          expect(p.priceMinor).toBe(bracketPrice(opts.brackets, p.chargeableWeightG));
          total += p.priceMinor;
        }
        expect(packing.totalMinor).toBe(total);
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('is the cheapest (then fewest-parcel) cut of the sorted units into consecutive runs (brute force)', () => {
    fc.assert(
      fc.property(fc.array(item(500, 20_000, 2), { minLength: 1, maxLength: 4 }), service, (its, { opts }) => {
        const units = expandItems(its);
        let best: [number, number] | null = null;
        for (let mask = 0; mask < 1 << (units.length - 1); mask++) {
          let cost = 0;
          let start = 0;
          let feasible = true;
          for (let i = 1; i <= units.length && feasible; i++) {
            if (i === units.length || mask & (1 << (i - 1))) {
              const s = stack(units.slice(start, i), opts.bufferPercent);
              const price = fitsLimits(s, opts.limits) ? bracketPrice(opts.brackets, chargeableWeightG(s, opts.volumetricDivisor)) : undefined;
              if (price === undefined) feasible = false;
              else cost += price;
              start = i;
            }
          }
          const count = 1 + [...Array(units.length - 1).keys()].filter((b) => mask & (1 << b)).length;
          if (feasible && (best === null || cost < best[0] || (cost === best[0] && count < best[1]))) best = [cost, count];
        }
        const packing = packUnits(units, opts);
        expect(packing === null ? null : [packing.totalMinor, packing.parcels.length]).toEqual(best);
      }),
      { numRuns: 300 },
    );
  });

  it('adding an item never lowers the price (nor makes an unsendable set sendable)', () => {
    fc.assert(
      fc.property(items, item(700, 30_000, 3), fc.nat(), service, (its, extra, at, { opts }) => {
        const more = [...its];
        more.splice(at % (its.length + 1), 0, extra);
        const before = packItems(its, opts);
        const after = packItems(more, opts);
        if (after === null) return true;
        return before !== null && after.totalMinor >= before.totalMinor;
      }),
      { numRuns: 300 },
    );
  });

  it('estimateParcels: one parcel when the stack fits; otherwise each parcel within the limits', () => {
    fc.assert(
      fc.property(items, service, (its, { opts }) => {
        const parcels = estimateParcels(its, opts.limits, opts.bufferPercent, opts.volumetricDivisor);
        if (parcels === null) return true;
        const whole = stack(expandItems(its), opts.bufferPercent);
        if (fitsLimits(whole, opts.limits)) expect(parcels.length).toBe(1);
        for (const p of parcels) expect(fitsLimits(p, opts.limits)).toBe(true);
        expect(parcels.reduce((w, p) => w + p.weightG, 0)).toBe(whole.weightG);
        return true;
      }),
      { numRuns: 200 },
    );
  });
});

describe('packing examples', () => {
  const inpostLockers = SERVICES.find((s) => s.name === 'inpost/parcelMachine/PL')!.opts;

  it('splits 3 × 12 kg for a 25 kg locker into 12 kg + 24 kg', () => {
    // Two 400×300×200 units stack to 400×300×440 mm (≤ L 640×380×410 turned), 24 kg ≤ 25 kg.
    const packing = packItems([{ lengthMm: 400, widthMm: 300, heightMm: 200, weightG: 12_000, quantity: 3 }], inpostLockers)!;
    expect(packing.parcels.map((p) => [p.lengthMm, p.widthMm, p.heightMm, p.weightG, p.priceMinor])).toEqual([
      [400, 300, 200, 12_000, 1799],
      [400, 300, 440, 24_000, 1799],
    ]);
    expect(packing.totalMinor).toBe(3598);
  });

  it('an item that fits no locker makes the subtype unusable', () => {
    // 81 cm: longer than inpost XL (50 × 50 × 80 cm).
    expect(packItems([{ lengthMm: 810, widthMm: 100, heightMm: 100, weightG: 1, quantity: 1 }], inpostLockers)).toBeNull();
  });

  it('packs the largest request (10 000 units) quickly', () => {
    const many: ItemMeasures[] = Array.from({ length: 10 }, (_, i) => ({ lengthMm: 100 + i, widthMm: 80, heightMm: 10 + i, weightG: 150 + 10 * i, quantity: 1000 }));
    const started = performance.now();
    for (const { opts } of SERVICES) packItems(many, opts);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
