/**
 * The snake_case identifier table is derived from the carrier registry: every carrier × every
 * suffix, the clients' aliases, a method only where the carrier has it in some country.
 */
import { describe, expect, it } from 'vitest';
import { CARRIERS } from '../carriers/registry.js';
import { IDENTIFIER_ALIASES, LEGACY_IDENTIFIERS, legacyIdentifier, legacyPointType, legacyShippingMethod, PROVIDER_ALIASES, resolveLegacyIdentifier } from './methods.js';

const SUFFIXES = ['parcel_machines', 'post_offices', 'parcel_shops', 'parcel_shop', 'courier'] as const;
const SUBTYPE = { parcel_machines: 'parcelMachine', post_offices: 'postOffice', parcel_shops: 'parcelShop', parcel_shop: 'parcelShop' } as const;

function has(code: string, type: 'courier' | 'pickupPoint', subtype?: string): boolean {
  const def = CARRIERS.find((d) => d.code === code)!;
  return Object.values(def.methods).some((l) => (l ?? []).some((m) => m.type === type && (subtype === undefined || (m.subtypes as readonly string[]).includes(subtype))));
}

describe('legacy identifiers', () => {
  it.each(CARRIERS.map((d) => d.code))('%s: every suffix is a row; a method exactly where the carrier has it', (code) => {
    for (const suffix of SUFFIXES) {
      const id = `${code}_${suffix}`;
      const row = LEGACY_IDENTIFIERS.find((r) => r.identifier === id);
      expect(row, id).toBeDefined();
      const alias = IDENTIFIER_ALIASES[id];
      if (alias) {
        expect(row!.method !== null).toBe(has(code, 'pickupPoint', alias.subtype));
        continue;
      }
      const offered = suffix === 'courier' ? has(code, 'courier') : has(code, 'pickupPoint', SUBTYPE[suffix]);
      expect(row!.method !== null, id).toBe(offered);
      const r = resolveLegacyIdentifier(id);
      expect(r.ok).toBe(offered);
      if (!r.ok) expect(r.reason).toMatch(new RegExp(`^is not offered: ${code} has no `));
    }
  });

  it('provider aliases (itella, carrier_a…d) mean what the carrier code means', () => {
    for (const [alias, code] of Object.entries(PROVIDER_ALIASES)) {
      if (!CARRIERS.some((d) => d.code === code)) continue;
      for (const suffix of SUFFIXES) expect(legacyShippingMethod(`${alias}_${suffix}`), `${alias}_${suffix}`).toEqual(legacyShippingMethod(`${code}_${suffix}`));
    }
    expect(legacyShippingMethod('itella_parcel_machines')).toEqual({ carrierCode: 'smartpost', type: 'pickupPoint', subtype: 'parcelMachine' });
    expect(legacyShippingMethod('carrier_a_post_offices')).toEqual({ carrierCode: 'omniva', type: 'pickupPoint', subtype: 'postOffice' });
  });

  it('the spec singular and the clients plural both name parcel shops', () => {
    for (const d of CARRIERS) expect(legacyShippingMethod(`${d.code}_parcel_shop`)).toEqual(legacyShippingMethod(`${d.code}_parcel_shops`));
  });

  it('venipak_post_offices is Venipak parcel shops, and the listing types them post_office (when Venipak is registered)', () => {
    if (!CARRIERS.some((d) => (d.code as string) === 'venipak')) return;
    const m = legacyShippingMethod('venipak_post_offices');
    if (has('venipak', 'pickupPoint', 'parcelShop')) {
      expect(m).toEqual({ carrierCode: 'venipak', type: 'pickupPoint', subtype: 'parcelShop' });
      expect(legacyPointType('venipak', 'parcelShop')).toBe('post_office');
      // The identifier a client builds from the listing (`${provider_name}_${type}s`) is the alias.
      expect(legacyIdentifier('venipak', 'pickupPoint', 'parcelShop')).toBe('venipak_post_offices');
    } else expect(m).toBeUndefined();
  });

  it('unknown identifiers are refused with the known forms named', () => {
    for (const id of ['omniva_drone', 'Omniva_parcel_machines', 'nope_courier', 'omniva', 'omniva_parcel_machine', '']) {
      const r = resolveLegacyIdentifier(id);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(/^is not a known shipping method identifier/);
    }
  });

  it('the echo of a listed point is what a client builds from the listing', () => {
    for (const d of CARRIERS) {
      expect(legacyIdentifier(d.code, 'courier', null)).toBe(`${d.code}_courier`);
      for (const subtype of ['parcelMachine', 'postOffice', 'parcelShop'] as const) {
        const id = legacyIdentifier(d.code, 'pickupPoint', subtype);
        expect(id).toBe(`${d.code}_${legacyPointType(d.code, subtype)}s`);
        if (has(d.code, 'pickupPoint', subtype)) expect(legacyShippingMethod(id)).toEqual({ carrierCode: d.code, type: 'pickupPoint', subtype });
      }
    }
  });
});
