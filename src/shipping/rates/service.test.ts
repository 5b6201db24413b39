import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ApiError } from '../../platform/errors.js';
import { parseAmount } from '../../platform/money.js';
import {
  calculateRates,
  filterByParcels,
  parseFilterByParcels,
  parseRatesQuery,
  parseRatesRequest,
  type RatesRequest,
  type RatesResponse,
} from './service.js';
import { COUNTRIES as COUNTRY_CODES } from '../carriers/countries.js';

/** The message of the 400 ApiError that `fn` throws. */
function problem(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).statusCode).toBe(400);
    return (e as ApiError).message;
  }
  throw new Error('expected a 400 ApiError');
}

const WORKED_EXAMPLE = {
  destination: 'EE',
  parcels: [
    {
      items: [
        { length: 30, width: 20, height: 10, weight: 1.2, quantity: 2 }, // cm and kg by default
        { length: 50, width: 150, height: 250, dimensionUnit: 'mm', weight: 500, weightUnit: 'g' },
      ],
    },
  ],
};

describe('calculateRates', () => {
  it('worked example (computed by hand)', () => {
    /*
     * Units, turned flat and largest first: 300×200×100 mm 1200 g, twice; 250×150×50 mm 500 g.
     * Stack: footprint 300 × 200 mm; height (100 + 100 + 50) × 1.10 = 275 mm; 2900 g.
     * Volume 300 × 200 × 275 = 16 500 000 mm³ → /5000 = 3300 g (reference, couriers), /6000 = 2750 g.
     * Shown: 30 × 20 × 27.5 cm, actual 2.9 kg, volumetric 3.3 kg, chargeable 3.3 kg, buffer 10.
     * Per subtype (EE), one parcel is cheapest everywhere (two parcels cost at least 2 × the first bracket):
     *   omniva parcelMachine (no divisor): 2900 g ≤ 5 kg → 2.99 (fits locker L: 640×380×390 ≥ 300×275×200)
     *   omniva postOffice (no divisor):    2900 g ≤ 5 kg → 4.49
     *   omniva courier standard (5000):    3300 g ≤ 5 kg → 5.99
     *   smartpost parcelMachine (6000):     max(2900, 2750) ≤ 5 kg → 3.29 (locker M: 600×360×330)
     *   smartpost parcelShop (6000):        2900 g ≤ 5 kg → 3.59 (sum of sides 775 mm ≤ 1500)
     *   smartpost courier standard (5000):  3300 g ≤ 5 kg → 5.59
     *   smartpost courier standardB2B:      3300 g ≤ 5 kg → 6.99
     *   inpost parcelMachine (none):     2900 g ≤ 5 kg → 4.49 (locker L: 640×380×410)
     *   dpd: no service contract → omitted; inpost parcelShop/courier don't serve EE.
     */
    const expected: RatesResponse = {
      calculationDetails: {
        estimatedParcels: [
          { length: 30, width: 20, height: 27.5, dimensionUnit: 'cm', actualWeight: 2.9, volumetricWeight: 3.3, chargeableWeight: 3.3, weightUnit: 'kg', bufferApplied: 10 },
        ],
      },
      destination: 'EE',
      carriers: [
        {
          carrierCode: 'omniva',
          shippingMethods: [
            {
              type: 'pickupPoint',
              subtypes: [
                { code: 'parcelMachine', rate: '2.99', currency: 'EUR' },
                { code: 'postOffice', rate: '4.49', currency: 'EUR' },
              ],
            },
            { type: 'courier', subtypes: [{ code: 'standard', rate: '5.99', currency: 'EUR' }] },
          ],
        },
        {
          carrierCode: 'smartpost',
          shippingMethods: [
            {
              type: 'pickupPoint',
              subtypes: [
                { code: 'parcelMachine', rate: '3.29', currency: 'EUR' },
                { code: 'parcelShop', rate: '3.59', currency: 'EUR' },
              ],
            },
            {
              type: 'courier',
              subtypes: [
                { code: 'standard', rate: '5.59', currency: 'EUR' },
                { code: 'standardB2B', rate: '6.99', currency: 'EUR' },
              ],
            },
          ],
        },
        { carrierCode: 'inpost', shippingMethods: [{ type: 'pickupPoint', subtypes: [{ code: 'parcelMachine', rate: '4.49', currency: 'EUR' }] }] },
      ],
    };
    expect(calculateRates(parseRatesRequest(WORKED_EXAMPLE))).toStrictEqual(expected);
  });

  it('domestic PL in PLN, operators, and several parcels summed', () => {
    /*
     * Two parcels, each one 40×30×20 cm 12 kg item (no buffer: not stacked); volumetric 24 000 000 / 5000 = 4.8 kg.
     *   smartpost courier standard PL (EUR): 12 kg ≤ 20 kg → 22.99 × 2 = 45.98
     *   inpost parcelMachine PL (PLN):    12 kg ≤ 25 kg → 17.99 × 2 = 35.98 (locker L)
     *   inpost parcelShop PL (PLN):       12 kg ≤ 20 kg → 16.99 × 2 = 33.98, operators inpost, kiosk24
     *   inpost courier standard PL (PLN): 12 kg ≤ 20 kg → 24.99 × 2 = 49.98
     */
    const item = { length: 40, width: 30, height: 20, weight: 12 };
    const res = calculateRates(parseRatesRequest({ destination: 'PL', parcels: [{ items: [item] }, { items: [item] }] }));
    const view = { length: 40, width: 30, height: 20, dimensionUnit: 'cm', actualWeight: 12, volumetricWeight: 4.8, chargeableWeight: 12, weightUnit: 'kg', bufferApplied: 0 };
    expect(res).toStrictEqual({
      calculationDetails: { estimatedParcels: [view, view] },
      destination: 'PL',
      carriers: [
        { carrierCode: 'smartpost', shippingMethods: [{ type: 'courier', subtypes: [{ code: 'standard', rate: '45.98', currency: 'EUR' }] }] },
        {
          carrierCode: 'inpost',
          shippingMethods: [
            {
              type: 'pickupPoint',
              subtypes: [
                { code: 'parcelMachine', rate: '35.98', currency: 'PLN' },
                { code: 'parcelShop', rate: '33.98', currency: 'PLN', operators: ['inpost', 'kiosk24'] },
              ],
            },
            { type: 'courier', subtypes: [{ code: 'standard', rate: '49.98', currency: 'PLN' }] },
          ],
        },
      ],
    });
  });

  it('splits a parcel over a carrier’s limits and sums the parts', () => {
    /*
     * One parcel of 3 × (40×30×20 cm, 12 kg) = 36 kg, shown as one stack 40 × 30 × 66 cm (60 cm × 1.1).
     *   parcelMachine (25 kg): 12 kg + 24 kg (two stacked: 40×30×44 cm fits L 64×38×41 turned) → 17.99 × 2 = 35.98
     *   parcelShop (20 kg):    3 × 12 kg → 16.99 × 3 = 50.97
     *   courier (30 kg):       12 kg → 24.99, 24 kg (volumetric 10.56 kg) → 29.99; 54.98
     */
    const res = calculateRates(parseRatesRequest({ destination: 'PL', parcels: [{ items: [{ length: 40, width: 30, height: 20, weight: 12, quantity: 3 }] }] }), {
      carrierCode: 'inpost',
    });
    expect(res.calculationDetails.estimatedParcels).toStrictEqual([
      { length: 40, width: 30, height: 66, dimensionUnit: 'cm', actualWeight: 36, volumetricWeight: 15.84, chargeableWeight: 36, weightUnit: 'kg', bufferApplied: 10 },
    ]);
    expect(res.carriers).toStrictEqual([
      {
        carrierCode: 'inpost',
        shippingMethods: [
          {
            type: 'pickupPoint',
            subtypes: [
              { code: 'parcelMachine', rate: '35.98', currency: 'PLN' },
              { code: 'parcelShop', rate: '50.97', currency: 'PLN', operators: ['inpost', 'kiosk24'] },
            ],
          },
          { type: 'courier', subtypes: [{ code: 'standard', rate: '54.98', currency: 'PLN' }] },
        ],
      },
    ]);
  });

  it('omits subtypes that cannot take an item, and methods and carriers left empty', () => {
    // 85×50×50 cm: longer than every locker (the longest, inpost XL, is 80); sum of sides 1850 mm > parcelShop's 1500; girth 2850 ≤ 3000.
    const res = calculateRates(parseRatesRequest({ destination: 'EE', parcels: [{ items: [{ length: 85, width: 50, height: 50, weight: 5 }] }] }));
    const listed = res.carriers.map((c) => [c.carrierCode, c.shippingMethods.map((m) => [m.type, m.subtypes.map((s) => s.code)])]);
    expect(listed).toEqual([
      ['omniva', [['pickupPoint', ['postOffice']], ['courier', ['standard']]]],
      ['smartpost', [['courier', ['standard', 'standardB2B']]]],
    ]);
  });

  it('filters by carrierCode, shippingMethodType and source; carriers without the service contract get no rates', () => {
    const req = parseRatesRequest(WORKED_EXAMPLE);
    expect(calculateRates(req, { shippingMethodType: 'courier' }).carriers.map((c) => [c.carrierCode, c.shippingMethods.map((m) => m.type)])).toEqual([
      ['omniva', ['courier']],
      ['smartpost', ['courier']],
    ]);
    expect(calculateRates(req, { carrierCode: 'smartpost', shippingMethodType: 'pickupPoint' }).carriers).toStrictEqual([
      {
        carrierCode: 'smartpost',
        shippingMethods: [
          {
            type: 'pickupPoint',
            subtypes: [
              { code: 'parcelMachine', rate: '3.29', currency: 'EUR' },
              { code: 'parcelShop', rate: '3.59', currency: 'EUR' },
            ],
          },
        ],
      },
    ]);
    expect(calculateRates(req, { carrierCode: 'dpd' }).carriers).toEqual([]);
    expect(calculateRates(req, { source: 'FI' }).carriers.map((c) => c.carrierCode)).toEqual(['smartpost']);
    expect(calculateRates(req, { source: 'PL' }).carriers.map((c) => c.carrierCode)).toEqual(['inpost']);
    expect(calculateRates(req).carriers.map((c) => c.carrierCode)).not.toContain('dpd');
  });

  const itemArb = fc.record({
    lengthMm: fc.integer({ min: 1, max: 700 }),
    widthMm: fc.integer({ min: 1, max: 700 }),
    heightMm: fc.integer({ min: 1, max: 500 }),
    weightG: fc.integer({ min: 1, max: 30_000 }),
    quantity: fc.integer({ min: 1, max: 3 }),
  });
  const requestArb: fc.Arbitrary<RatesRequest> = fc.record({
    destination: fc.constantFrom(...COUNTRY_CODES),
    parcels: fc.array(fc.record({ items: fc.array(itemArb, { minLength: 1, maxLength: 4 }) }), { minLength: 1, maxLength: 3 }),
  });
  const rates = (res: RatesResponse) =>
    new Map(res.carriers.flatMap((c) => c.shippingMethods.flatMap((m) => m.subtypes.map((s) => [`${c.carrierCode}/${m.type}/${s.code}`, s] as const))));

  it('rates are strings with 2 decimals; adding an item never lowers a rate nor adds a subtype (property)', () => {
    fc.assert(
      fc.property(requestArb, itemArb, fc.nat(), (req, extra, at) => {
        const slot = at % (req.parcels.length + 1);
        const more: RatesRequest = {
          destination: req.destination,
          parcels:
            slot === req.parcels.length
              ? [...req.parcels, { items: [extra] }]
              : req.parcels.map((p, i) => (i === slot ? { items: [...p.items, extra] } : p)),
        };
        const before = rates(calculateRates(req));
        const after = rates(calculateRates(more));
        for (const [key, s] of after) {
          expect(s.rate).toMatch(/^\d+\.\d{2}$/);
          const was = before.get(key);
          expect(was, key).toBeDefined();
          expect(s.currency).toBe(was!.currency);
          const [a, b] = [parseAmount(s.rate), parseAmount(was!.rate)];
          expect(a.ok && b.ok && a.minor >= b.minor, `${key}: ${was!.rate} → ${s.rate}`).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('shows one estimated parcel per request parcel, chargeable ≥ actual and ≥ volumetric (property)', () => {
    fc.assert(
      fc.property(requestArb, (req) => {
        const { estimatedParcels } = calculateRates(req).calculationDetails;
        expect(estimatedParcels).toHaveLength(req.parcels.length);
        estimatedParcels.forEach((p, i) => {
          expect(p.chargeableWeight).toBe(Math.max(p.actualWeight, p.volumetricWeight));
          const grams = req.parcels[i]!.items.reduce((g, it) => g + it.weightG * it.quantity, 0);
          expect(Math.round(p.actualWeight * 1000)).toBe(grams);
          expect(p.bufferApplied).toBe(req.parcels[i]!.items.reduce((n, it) => n + it.quantity, 0) > 1 ? 10 : 0);
        });
      }),
      { numRuns: 100 },
    );
  });
});

describe('parseRatesRequest', () => {
  const item = { length: 10, width: 10, height: 10, weight: 1 };
  /** A valid body whose parcels[0].items[2] is `bad` merged into a valid item. */
  const withItem = (bad: Record<string, unknown>) => ({ destination: 'EE', parcels: [{ items: [item, item, { ...item, ...bad }] }] });

  it('reads units (cm and kg by default, m, mm, g), numeric strings and quantity (default 1)', () => {
    expect(
      parseRatesRequest({
        destination: 'LV',
        extra: 'ignored',
        parcels: [
          {
            items: [
              { length: 30, width: 20, height: 10, weight: 1.2 },
              { length: 0.305, width: '0.2', height: 0.1, dimensionUnit: 'm', weight: 250, weightUnit: 'g', quantity: 3 },
              { length: 300, width: 200, height: 100.5, dimensionUnit: 'mm', weight: '0.0015', quantity: '2' },
            ],
          },
        ],
      }),
    ).toEqual({
      destination: 'LV',
      parcels: [
        {
          items: [
            { lengthMm: 300, widthMm: 200, heightMm: 100, weightG: 1200, quantity: 1 },
            { lengthMm: 305, widthMm: 200, heightMm: 100, weightG: 250, quantity: 3 },
            { lengthMm: 300, widthMm: 200, heightMm: 101, weightG: 2, quantity: 2 },
          ],
        },
      ],
    });
  });

  it.each([
    [null, 'body must be an object'],
    [[], 'body must be an object'],
    [{ parcels: [{ items: [item] }] }, 'destination is required (one of EE, LV, LT, FI, PL)'],
    [{ destination: 'SE', parcels: [{ items: [item] }] }, 'destination must be one of EE, LV, LT, FI, PL'],
    [{ destination: 'ee', parcels: [{ items: [item] }] }, 'destination must be one of EE, LV, LT, FI, PL'],
    [{ destination: 'EE' }, 'parcels is required'],
    [{ destination: 'EE', parcels: {} }, 'parcels must be an array'],
    [{ destination: 'EE', parcels: [] }, 'parcels must not be empty'],
    [{ destination: 'EE', parcels: Array.from({ length: 51 }, () => ({ items: [item] })) }, 'parcels must have at most 50 entries'],
    [{ destination: 'EE', parcels: ['box'] }, 'parcels[0] must be an object'],
    [{ destination: 'EE', parcels: [{}] }, 'parcels[0].items is required'],
    [{ destination: 'EE', parcels: [{ items: [] }] }, 'parcels[0].items must not be empty'],
    [{ destination: 'EE', parcels: [{ items: [item, item, 7] }] }, 'parcels[0].items[2] must be an object'],
    [withItem({ length: undefined }), 'parcels[0].items[2].length is required'],
    [withItem({ width: null }), 'parcels[0].items[2].width is required'],
    [withItem({ height: undefined }), 'parcels[0].items[2].height is required'],
    [withItem({ weight: undefined }), 'parcels[0].items[2].weight is required'],
    [withItem({ length: 'long' }), 'parcels[0].items[2].length must be a number'],
    [withItem({ width: true }), 'parcels[0].items[2].width must be a number'],
    [withItem({ height: -5 }), 'parcels[0].items[2].height must be greater than 0'],
    [withItem({ length: 0 }), 'parcels[0].items[2].length must be greater than 0'],
    [withItem({ weight: -0.2 }), 'parcels[0].items[2].weight must be greater than 0'],
    [withItem({ width: 1000.5 }), 'parcels[0].items[2].width must be at most 1000 cm'],
    [withItem({ width: 10.5, dimensionUnit: 'm' }), 'parcels[0].items[2].width must be at most 10 m'],
    [withItem({ weight: 1001 }), 'parcels[0].items[2].weight must be at most 1000 kg'],
    [withItem({ weight: 1_000_001, weightUnit: 'g' }), 'parcels[0].items[2].weight must be at most 1000000 g'],
    [withItem({ dimensionUnit: 'in' }), 'parcels[0].items[2].dimensionUnit must be one of cm, m, mm'],
    [withItem({ weightUnit: 'lb' }), 'parcels[0].items[2].weightUnit must be one of kg, g'],
    [withItem({ quantity: 1001 }), 'parcels[0].items[2].quantity must be from 1 to 1000'],
    [withItem({ quantity: 0 }), 'parcels[0].items[2].quantity must be from 1 to 1000'],
    [withItem({ quantity: -3 }), 'parcels[0].items[2].quantity must be from 1 to 1000'],
    [withItem({ quantity: 1.5 }), 'parcels[0].items[2].quantity must be a whole number'],
    [
      { destination: 'EE', parcels: [{ items: Array.from({ length: 11 }, () => ({ ...item, quantity: 1000 })) }] },
      'parcels must hold at most 10000 items in all, quantities included',
    ],
  ])('refuses %j: %s', (body, message) => {
    expect(problem(() => parseRatesRequest(body))).toBe(message);
  });

  it('lists every problem at once, each naming its field', () => {
    expect(
      problem(() =>
        parseRatesRequest({
          destination: 'XX',
          parcels: [{ items: [{ length: -1, width: 'a', height: 1, weight: 1, quantity: 1001 }] }, { items: [] }],
        }),
      ),
    ).toBe(
      'destination must be one of EE, LV, LT, FI, PL; parcels[0].items[0].length must be greater than 0; ' +
        'parcels[0].items[0].width must be a number; parcels[0].items[0].quantity must be from 1 to 1000; parcels[1].items must not be empty',
    );
  });
});

describe('parseRatesQuery', () => {
  it('reads the optional filters and refuses unknown values', () => {
    expect(parseRatesQuery({})).toEqual({});
    expect(parseRatesQuery(undefined)).toEqual({});
    expect(parseRatesQuery({ carrierCode: 'omniva', shippingMethodType: 'pickupPoint' })).toEqual({ carrierCode: 'omniva', shippingMethodType: 'pickupPoint' });
    expect(problem(() => parseRatesQuery({ carrierCode: 'dhl' }))).toBe('carrierCode must be one of omniva, smartpost, dpd, inpost');
    expect(problem(() => parseRatesQuery({ shippingMethodType: 'air' }))).toBe('shippingMethodType must be one of courier, pickupPoint');
  });
});

describe('filterByParcels', () => {
  const listing = (query: Record<string, unknown>, parcels: unknown[]) => {
    const f = parseFilterByParcels(query, { parcels });
    return filterByParcels(f.parcels, f.destination, f.source);
  };

  it('lists the methods that take every parcel, in the listing shape', () => {
    expect(listing({ destination: 'EE', source: 'EE' }, [{ weight: 2.5, length: 0.3, width: 0.2, height: 0.1 }])).toStrictEqual({
      countries: [
        {
          countryCode: 'EE',
          carriers: [
            {
              carrierCode: 'omniva',
              shippingMethods: [
                { type: 'pickupPoint', subtypes: [{ code: 'parcelMachine' }, { code: 'postOffice' }], constraints: { parcelDimensionsRequired: false } },
                { type: 'courier', subtypes: [{ code: 'standard' }], constraints: { parcelDimensionsRequired: false } },
              ],
            },
            {
              carrierCode: 'smartpost',
              shippingMethods: [
                { type: 'pickupPoint', subtypes: [{ code: 'parcelMachine' }, { code: 'parcelShop' }], constraints: { parcelDimensionsRequired: false } },
                { type: 'courier', subtypes: [{ code: 'standard' }, { code: 'standardB2B' }], constraints: { parcelDimensionsRequired: false } },
              ],
            },
            {
              carrierCode: 'dpd',
              shippingMethods: [{ type: 'courier', subtypes: [{ code: 'standard' }, { code: 'standardB2B' }], constraints: { parcelDimensionsRequired: true } }],
            },
          ],
        },
      ],
    });
  });

  const codes = (l: ReturnType<typeof filterByParcels>) =>
    l.countries.flatMap((c) => c.carriers.flatMap((k) => k.shippingMethods.flatMap((m) => m.subtypes.map((s) => `${k.carrierCode}/${s.code}`))));

  it('a parcel-machine subtype is usable only when every parcel fits one of its locker sizes', () => {
    // 70 × 40 × 45 cm: omniva XL is 64 long (70 > 64), smartpost XL 60 (70 > 60), inpost XL is 80×50×50.
    const machines = codes(listing({ destination: 'LT' }, [{ weight: 1, length: 0.7, width: 0.4, height: 0.45 }])).filter((c) => c.endsWith('/parcelMachine'));
    expect(machines).toEqual(['inpost/parcelMachine']);
    const two = listing({ destination: 'LT' }, [
      { weight: 1, length: 0.7, width: 0.4, height: 0.45 },
      { weight: 1, length: 0.85, width: 0.1, height: 0.1 },
    ]);
    expect(codes(two).filter((c) => c.endsWith('/parcelMachine'))).toEqual([]);
  });

  it('checks weight limits; without sides checks weight only and drops methods requiring dimensions', () => {
    expect(codes(listing({ destination: 'PL' }, [{ weight: 26, length: 0.3, width: 0.2, height: 0.1 }]))).toEqual([
      'smartpost/standard',
      'dpd/standard',
      'dpd/standardB2B',
      'inpost/standard',
    ]);
    expect(codes(listing({ destination: 'PL' }, [{ weight: 2 }]))).toEqual([
      'smartpost/standard',
      'inpost/parcelMachine',
      'inpost/parcelShop',
      'inpost/standard',
    ]);
    expect(codes(listing({ destination: 'PL', source: 'PL' }, [{ weight: 2, length: 0.3, width: 0.2, height: 0.1 }]))).toEqual([
      'dpd/standard',
      'dpd/standardB2B',
      'inpost/parcelMachine',
      'inpost/parcelShop',
      'inpost/standard',
    ]);
    expect(listing({ destination: 'FI' }, [{ weight: 80 }])).toStrictEqual({ countries: [] });
  });

  it.each([
    [{}, { parcels: [{ weight: 1 }] }, 'destination is required (one of EE, LV, LT, FI, PL)'],
    [{ destination: 'DE' }, { parcels: [{ weight: 1 }] }, 'destination must be one of EE, LV, LT, FI, PL'],
    [{ destination: 'EE', source: 'SE' }, { parcels: [{ weight: 1 }] }, 'source must be one of EE, LV, LT, FI, PL'],
    [{ destination: 'EE' }, 'x', 'body must be an object'],
    [{ destination: 'EE' }, {}, 'parcels is required'],
    [{ destination: 'EE' }, { parcels: [] }, 'parcels must not be empty'],
    [{ destination: 'EE' }, { parcels: [{}] }, 'parcels[0].weight is required'],
    [{ destination: 'EE' }, { parcels: [{ weight: 2.555 }] }, 'parcels[0].weight must have at most 2 decimal places'],
    [{ destination: 'EE' }, { parcels: [{ weight: 0 }] }, 'parcels[0].weight must be greater than 0'],
    [{ destination: 'EE' }, { parcels: [{ weight: 1, length: 0.305, width: 0.2, height: 0.1 }] }, 'parcels[0].length must have at most 2 decimal places'],
    [{ destination: 'EE' }, { parcels: [{ weight: 1, length: 0.3, width: -0.2, height: 0.1 }] }, 'parcels[0].width must be greater than 0'],
    [{ destination: 'EE' }, { parcels: [{ weight: 1, length: 11, width: 0.2, height: 0.1 }] }, 'parcels[0].length must be at most 10 m'],
    [
      { destination: 'EE' },
      { parcels: [{ weight: 1 }, { weight: 1, length: 0.3 }] },
      'parcels[1].width is required when length is given; parcels[1].height is required when length is given',
    ],
  ])('refuses query %j body %j: %s', (query, body, message) => {
    expect(problem(() => parseFilterByParcels(query, body))).toBe(message);
  });

  it('parses kg and metres into grams and millimetres', () => {
    expect(parseFilterByParcels({ destination: 'LT', source: 'LT' }, { parcels: [{ weight: 2.5, length: 0.3, width: '0.25', height: 1 }, { weight: '0.01' }] })).toEqual({
      destination: 'LT',
      source: 'LT',
      parcels: [{ weightG: 2500, lengthMm: 300, widthMm: 250, heightMm: 1000 }, { weightG: 10 }],
    });
  });
});
