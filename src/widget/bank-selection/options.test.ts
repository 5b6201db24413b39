import { describe, expect, it } from 'vitest';
import { DEFAULTS, resolveOptions, STORAGE_KEYS, storageWrites } from './options.js';

describe('options', () => {
  it("has the spec's defaults", () => {
    const o = resolveOptions({ storeSetupData: '{}' });
    expect(o).toMatchObject({
      targetId: 'montonio-payment-choices-container',
      shouldAllowDeselection: false,
      shouldInjectCSS: true,
      currency: 'EUR',
      defaultRegion: 'EE',
      regions: null,
      inputName: 'montonio-payment-initiation-preferred-provider',
      regionInputName: 'montonio-preferred-region',
      displayAsList: false,
      description: '',
    });
    expect(DEFAULTS.targetId).toBe(o.targetId);
  });

  it("takes the plugin's values; wrong types fall back to the defaults", () => {
    const cb = () => {};
    const o = resolveOptions({
      storeSetupData: '{}',
      currency: 'pln',
      defaultRegion: 'pl',
      regions: ['PL'],
      regionNames: { pl: 'Polska', EE: 3 as unknown as string },
      onLoaded: cb,
      displayAsList: true,
      shouldInjectCSS: false,
    });
    expect(o).toMatchObject({ currency: 'PLN', defaultRegion: 'PL', regions: ['PL'], regionNames: { PL: 'Polska' }, onLoaded: cb, displayAsList: true, shouldInjectCSS: false });
    const bad = resolveOptions({ storeSetupData: '{}', currency: 5 as unknown as string, regions: 'EE' as unknown as string[], targetId: ' ', onProviderClick: 'x' as unknown as () => void });
    expect(bad).toMatchObject({ currency: 'EUR', regions: null, targetId: DEFAULTS.targetId, onProviderClick: undefined });
  });
});

describe('session storage decisions', () => {
  it('writes nothing when shouldUpdateSessionStorage is false', () => {
    expect(storageWrites({ region: 'LV' }, false)).toEqual([]);
    expect(storageWrites({ provider: 'HABAEE2X' }, false)).toEqual([]);
  });

  it('a region change stores the region and forgets the provider of the other list', () => {
    expect(storageWrites({ region: 'LV' }, true)).toEqual([
      { key: STORAGE_KEYS.region, value: 'LV' },
      { key: STORAGE_KEYS.provider, value: null },
    ]);
  });

  it('a bank is stored; deselecting removes it', () => {
    expect(storageWrites({ provider: 'HABAEE2X' }, true)).toEqual([{ key: STORAGE_KEYS.provider, value: 'HABAEE2X' }]);
    expect(storageWrites({ provider: '' }, true)).toEqual([{ key: STORAGE_KEYS.provider, value: null }]);
    expect(storageWrites({ region: 'EE', provider: 'LHVBEE22' }, true)).toEqual([
      { key: STORAGE_KEYS.region, value: 'EE' },
      { key: STORAGE_KEYS.provider, value: 'LHVBEE22' },
    ]);
  });

  it("uses the keys of the WooCommerce plugin's own bank list", () => {
    expect(STORAGE_KEYS).toEqual({ region: 'montonioPreferredCountry', provider: 'montonioPreferredProvider' });
  });
});
