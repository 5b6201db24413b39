import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COURIER_SERVICE_TYPES, LOCKER_SIZES, PICKUP_POINT_TYPES, type CarrierDefinition } from './contract.js';
import { COUNTRIES, POSTAL_CODE_EXAMPLE, POSTAL_CODE_FORMAT, isValidPostalCode, normalizePhonePrefix, normalizePostalCode } from './countries.js';
import { CARRIER_CODES, CARRIERS, CarrierRegistry, builtInCarriers, carrierDefinition } from './registry.js';

const byCode = (code: string): CarrierDefinition => {
  const d = carrierDefinition(code);
  if (!d) throw new Error(code);
  return d;
};

describe('carrier registry', () => {
  it('refuses a second adapter for a carrier it already has', () => {
    const [first] = builtInCarriers();
    expect(() => new CarrierRegistry([first!, ...builtInCarriers()])).toThrow(new RegExp(`${CARRIER_CODES[0]} is registered twice`));
  });

  it('lists the original service’s ten carriers once each, by their case-sensitive codes', () => {
    // The original's 400 names its enum: "carrierCode must be one of the following values:
    // smartpost, dpd, venipak, omniva, unisend, latvian_post, inpost, orlen, novaPost, postnord".
    expect([...CARRIER_CODES].sort()).toEqual(['dpd', 'inpost', 'latvian_post', 'novaPost', 'omniva', 'orlen', 'postnord', 'smartpost', 'unisend', 'venipak']);
    expect(new Set(CARRIER_CODES).size).toBe(CARRIER_CODES.length);
    expect(CARRIERS.map((d) => d.code)).toEqual([...CARRIER_CODES]);
    expect(builtInCarriers().map((a) => a.definition.code)).toEqual([...CARRIER_CODES]);
    const registry = new CarrierRegistry();
    expect(registry.get('inpost')?.definition).toBe(byCode('inpost'));
    expect(registry.get('nope')).toBeUndefined();
    expect(registry.get('Omniva')).toBeUndefined();
    expect(registry.definitions()).toHaveLength(CARRIER_CODES.length);
  });
});

describe.each(CARRIERS.map((d) => [d.code, d] as const))('%s definition', (_, def) => {
  it('has methods for exactly its countries, one per type, with the type’s subtypes', () => {
    expect(Object.keys(def.methods).sort()).toEqual([...def.countries].sort());
    for (const country of def.countries) {
      const methods = def.methods[country] ?? [];
      expect(methods.length).toBeGreaterThan(0);
      expect(new Set(methods.map((m) => m.type)).size).toBe(methods.length);
      for (const m of methods) {
        expect(m.subtypes.length).toBeGreaterThan(0);
        const allowed: readonly string[] = m.type === 'courier' ? COURIER_SERVICE_TYPES : PICKUP_POINT_TYPES;
        for (const s of m.subtypes) expect(allowed).toContain(s);
        expect(new Set(m.additionalServices).size).toBe(m.additionalServices.length);
      }
    }
  });

  it('is consistent about contracts', () => {
    expect(def.supportedContractTypes.length).toBeGreaterThan(0);
    expect(def.hasServiceContract).toBe(def.supportedContractTypes.includes('SERVICE'));
  });

  it('has locker sizes that grow from XS to XL, fitting its parcel limit', () => {
    if (!def.lockerSizes) return;
    const volumes = LOCKER_SIZES.map((s) => {
      const d = def.lockerSizes![s];
      return d.heightCm * d.widthCm * d.depthCm;
    });
    expect([...volumes].sort((a, b) => a - b)).toEqual(volumes);
    expect(new Set(volumes).size).toBe(5);
    for (const s of LOCKER_SIZES) {
      const d = def.lockerSizes[s];
      expect(Math.max(d.heightCm, d.widthCm, d.depthCm)).toBeLessThanOrEqual(def.parcelLimits.maxLengthCm);
      expect(d.maxWeightKg * 1000).toBeLessThanOrEqual(def.parcelLimits.maxWeightGrams);
    }
  });

  it('has a self-contained logo', () => {
    const svg = def.logoSvg();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*viewBox="0 0 160 64"/);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).not.toMatch(/href|<script|url\(/);
    expect(svg).toContain(def.name);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(def)).toBe(true);
    expect(Object.isFrozen(def.methods)).toBe(true);
  });
});

describe('carriers as the spec describes them', () => {
  // Montonio's reference (docs/decisions.md, "The real carriers"): Omniva's PIN is the parcel's
  // barcode, no service needed; DPD and SmartPosti need the service on the carrier account.
  it('three issue a drop-off PIN: two with the service, one always', () => {
    const rules = Object.fromEntries(CARRIERS.filter((d) => d.dropOffPin !== 'never').map((d) => [d.code, d.dropOffPin]));
    expect(rules).toEqual({ omniva: 'always', dpd: 'withService', smartpost: 'withService' });
  });

  it('three use locker sizes (Unisend, Latvian Post, SmartPosti); one takes a parcel handover method (Unisend)', () => {
    expect(
      CARRIERS.filter((d) => d.lockerSizes)
        .map((d) => d.code)
        .sort(),
    ).toEqual(['latvian_post', 'smartpost', 'unisend']);
    expect(CARRIERS.filter((d) => d.parcelHandoverMethods).map((d) => d.code)).toEqual(['unisend']);
    expect(byCode('unisend').parcelHandoverMethods).toEqual(['courierPickUp', 'terminalDropOff']);
  });

  it('offer every method a WooCommerce shipping-method class of the plugin hard-codes (carrier_code, type_v2)', () => {
    // includes/shipping/shipping-methods/<carrier>/class-montonio-*.php
    const classes = [
      'dpd:courier',
      'dpd:parcelMachine',
      'dpd:parcelShop',
      'inpost:parcelMachine',
      'latvian_post:courier',
      'latvian_post:parcelMachine',
      'omniva:courier',
      'omniva:parcelMachine',
      'omniva:postOffice',
      'orlen:parcelMachine',
      'smartpost:courier',
      'smartpost:parcelMachine',
      'smartpost:postOffice',
      'unisend:courier',
      'unisend:parcelMachine',
      'venipak:courier',
      'venipak:parcelMachine',
      'venipak:parcelShop',
    ];
    for (const cls of classes) {
      const [code, type] = cls.split(':') as [string, string];
      const def = byCode(code);
      const offered = def.countries.some((c) => def.methods[c]?.some((m) => (type === 'courier' ? m.type === 'courier' : (m.subtypes as readonly string[]).includes(type))));
      expect(offered, cls).toBe(true);
    }
  });
});

describe('postal codes and phone prefixes', () => {
  it('examples match the formats', () => {
    for (const c of COUNTRIES) expect(POSTAL_CODE_FORMAT[c].test(POSTAL_CODE_EXAMPLE[c])).toBe(true);
  });

  it('normalises the usual ways of writing them', () => {
    expect(normalizePostalCode('LV', '1050')).toBe('LV-1050');
    expect(normalizePostalCode('LV', 'lv 1050')).toBe('LV-1050');
    expect(normalizePostalCode('LT', '01100')).toBe('LT-01100');
    expect(normalizePostalCode('LT', 'LT01100')).toBe('LT-01100');
    expect(normalizePostalCode('PL', '00950')).toBe('00-950');
    expect(normalizePostalCode('PL', ' 00-950 ')).toBe('00-950');
    expect(normalizePostalCode('EE', '10 115')).toBe('10115');
    expect(normalizePostalCode('FI', 'FI-00100')).toBe('00100');
    expect(normalizePostalCode('LT', '00-950')).toBeUndefined();
    expect(normalizePostalCode('PL', '0-0950')).toBeUndefined();
    expect(normalizePostalCode('EE', '1011')).toBeUndefined();
    expect(normalizePostalCode('LV', 'LV-10500')).toBeUndefined();
    expect(isValidPostalCode('DE', '10115')).toBe(true);
    expect(isValidPostalCode('EE', 'LV-1050')).toBe(false);
  });

  it('normalising is idempotent and yields the canonical format', () => {
    fc.assert(
      fc.property(fc.constantFrom(...COUNTRIES), fc.string({ maxLength: 12 }), (country, input) => {
        const once = normalizePostalCode(country, input);
        if (once === undefined) return;
        expect(once).toMatch(POSTAL_CODE_FORMAT[country]);
        expect(normalizePostalCode(country, once)).toBe(once);
      }),
    );
  });

  it('reads phone prefixes', () => {
    expect(normalizePhonePrefix('372')).toBe('+372');
    expect(normalizePhonePrefix('00372')).toBe('+372');
    expect(normalizePhonePrefix(' +48 ')).toBe('+48');
    expect(normalizePhonePrefix('')).toBe('');
  });
});
