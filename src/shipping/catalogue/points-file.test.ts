/** The pickup point data file's format: what the generator writes reads back equal. */
import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ADDITIONAL_SERVICE_CODES, PICKUP_POINT_TYPES } from '../carriers/contract.js';
import { COUNTRIES } from '../carriers/countries.js';
import type { PickupPointRow } from './model.js';
import { decodePoints, decodePointsFile, decodePointsText, encodePointsFile, encodePointsText, POINTS_FILE_FORMAT } from './points-file.js';

/** Any text the format allows: every Unicode grapheme but tab, line breaks and backslash. */
const value = fc.string({ unit: 'grapheme', maxLength: 30 }).filter((s) => !/[\t\n\r\\]/.test(s));
const row = (carrier: string): fc.Arbitrary<PickupPointRow> =>
  fc.record({
    id: value,
    name: value,
    type: fc.constantFrom(...PICKUP_POINT_TYPES),
    streetAddress: value,
    locality: value,
    region: value,
    postalCode: value,
    countryCode: fc.constantFrom(...COUNTRIES),
    carrierCode: fc.constant(carrier as PickupPointRow['carrierCode']),
    additionalServices: fc.subarray([...ADDITIONAL_SERVICE_CODES]),
  });

describe('pickup point data file (points-file.ts)', () => {
  it('reads back exactly what it wrote, from bytes and from text', () => {
    fc.assert(
      fc.property(fc.array(row('omniva'), { maxLength: 40 }), (rows) => {
        const bytes = encodePointsFile('omniva', rows);
        expect(decodePointsFile(bytes)).toEqual(rows);
        const text = decodePointsText(bytes);
        expect(text).toBe(encodePointsText('omniva', rows));
        expect(decodePoints(text)).toEqual(rows);
      }),
    );
  });

  it('interns repeated values: one string per town, one list per set of services', () => {
    const base: PickupPointRow = {
      id: 'a',
      name: 'A',
      type: 'parcelMachine',
      streetAddress: 'Street 1',
      locality: 'Kędzierzyn-Koźle',
      region: 'województwo opolskie',
      postalCode: '47-200',
      countryCode: 'PL',
      carrierCode: 'inpost',
      additionalServices: ['cod'],
    };
    const [a, b] = decodePointsFile(encodePointsFile('inpost', [base, { ...base, id: 'b' }]));
    expect(a!.additionalServices).toBe(b!.additionalServices);
    expect(a!.locality).toBe(b!.locality);
  });

  it('refuses values it could not read back, and malformed files naming the line', () => {
    const base: PickupPointRow = {
      id: 'a',
      name: 'A',
      type: 'parcelMachine',
      streetAddress: 'S 1',
      locality: 'T',
      region: 'R',
      postalCode: '10111',
      countryCode: 'EE',
      carrierCode: 'omniva',
      additionalServices: [],
    };
    expect(() => encodePointsText('omniva', [{ ...base, name: 'A\tB' }])).toThrow(/tab/);
    expect(() => encodePointsText('omniva', [{ ...base, carrierCode: 'dpd' }])).toThrow(/dpd's/);
    const text = encodePointsText('omniva', [base, { ...base, id: 'b' }]);
    expect(() => decodePoints(text.replace('\t2\n', '\t3\n'), 'f')).toThrow(/f, line 5: 2 points, the header announces 3/);
    expect(() => decodePoints(text.replace('\t2\n', '\t1\n'), 'f')).toThrow(/line 4: more points/);
    expect(() => decodePoints(text.replace('S 1\t', 'S 1'), 'f')).toThrow(/line 3: 8 columns/);
    expect(() => decodePoints(text.slice(0, -1), 'f')).toThrow(/line 4: the line has no line break/);
    expect(() => decodePoints('{"format":"kassa.pickup-points/1"}\n', 'f')).toThrow(`f, line 1: not a ${POINTS_FILE_FORMAT} file`);
    expect(() => decodePointsFile(gzipSync('x'))).toThrow(/line 1/);
  });
});
