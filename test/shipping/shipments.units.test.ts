import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseCreateShipment, scaledInteger, stripHtml } from '../../src/shipping/shipments/schema.js';

describe('shipment units', () => {
  it('kg and m with at most 2 decimals convert exactly to g and mm (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_00 }), (hundredths) => {
        const asNumber = hundredths / 100;
        const asText = `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
        expect(scaledInteger(asNumber, 2, 3)).toEqual({ ok: true, value: hundredths * 10 });
        expect(scaledInteger(asText, 2, 3)).toEqual({ ok: true, value: hundredths * 10 });
      }),
    );
  });

  it('refuses a third decimal, non-numbers and exponents; trailing zeros are fine', () => {
    expect(scaledInteger(1.234, 2, 3)).toEqual({ ok: false, reason: 'must have at most 2 decimal places' });
    expect(scaledInteger('1.200', 2, 3)).toEqual({ ok: true, value: 1200 });
    expect(scaledInteger('abc', 2, 3).ok).toBe(false);
    expect(scaledInteger(1e21, 2, 3).ok).toBe(false);
    expect(scaledInteger(true, 2, 3).ok).toBe(false);
    // Issue 8: binary float noise on a 2-decimal value is forgiven (PHP clients send 0.1 * 3 as
    // 0.30000000000000004); a real third decimal is not.
    expect(scaledInteger(0.1 + 0.2, 2, 3)).toEqual({ ok: true, value: 300 });
    expect(scaledInteger(0.33 * 3, 2, 3)).toEqual({ ok: true, value: 990 });
    expect(scaledInteger(0.305, 2, 3).ok).toBe(false);
    expect(scaledInteger(0.3000001, 2, 3).ok).toBe(false);
  });

  it('parses a create body: grams, millimetres, COD minor units, alias montonioOrderUuid', () => {
    const input = parseCreateShipment({
      montonioOrderUuid: '01900000-0000-7000-8000-000000000001',
      shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1', additionalServices: [{ code: 'cod', params: { amount: '12.50' } }, { code: 'ageVerification' }] },
      parcels: [{ weight: 0.01, length: 1.5, width: '0.3', height: 0.05 }],
      receiver: { name: 'A', phoneCountryCode: '372', phoneNumber: '5551234' },
    });
    expect(input.serviceOrderUuid).toBe('01900000-0000-7000-8000-000000000001');
    expect(input.parcels).toEqual([{ weightG: 10, lengthMm: 1500, widthMm: 300, heightMm: 50 }]);
    expect(input.shippingMethod.additionalServices).toEqual([{ code: 'cod', amountMinor: 1250 }, { code: 'ageVerification' }]);
    expect(input.sender).toBeNull();
    expect(input.synchronous).toBe(false);
  });

  it('strips HTML from product descriptions', () => {
    expect(stripHtml('<p>Blue &amp; <b>big</b></p>')).toBe('Blue & big');
  });
});
