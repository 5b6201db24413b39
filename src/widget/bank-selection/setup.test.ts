import { describe, expect, it } from 'vitest';
import { bankSetup } from '../../payments/methods/service.js';
import { banksFor, DEFAULT_REGIONS, initialRegion, parseStoreSetupData, providerIn, regionsToShow } from './setup.js';

const SETUP = bankSetup('http://kassa.test');
/** The whole GET /stores/payment-methods answer, as a merchant's server relays it. */
const WHOLE = JSON.stringify({ uuid: 'u', name: 'Shop', paymentMethods: { cardPayments: { processor: 'x', logoUrl: 'l' }, paymentInitiation: { processor: 'p', logoUrl: 'l', setup: SETUP } } });
/** Only paymentMethods.paymentInitiation.setup (json_encode in the WooCommerce plugin's block). */
const SETUP_ONLY = JSON.stringify(SETUP);

describe('storeSetupData', () => {
  it('reads both shapes the clients send to the same banks', () => {
    const a = parseStoreSetupData(WHOLE);
    const b = parseStoreSetupData(SETUP_ONLY);
    expect(a).toEqual(b);
    expect(Object.keys(a)).toEqual(['EE', 'LV', 'LT', 'FI', 'PL']);
    expect(a.EE!.paymentMethods[0]).toEqual({ code: 'HABAEE2X', name: 'Swedbank', logoUrl: 'http://kassa.test/logos/banks/HABAEE2X.svg', supportedCurrencies: ['EUR'], uiPosition: 1 });
  });

  it('also takes the parsed object and the paymentInitiation object', () => {
    expect(parseStoreSetupData(JSON.parse(WHOLE))).toEqual(parseStoreSetupData(SETUP_ONLY));
    expect(parseStoreSetupData({ processor: 'p', setup: SETUP })).toEqual(parseStoreSetupData(SETUP_ONLY));
  });

  it.each([
    [undefined, 'storeSetupData is required'],
    ['', 'storeSetupData is required'],
    ['{not json', 'not valid JSON'],
    ['null', 'paymentInitiation) are not enabled'],
    ['[1,2]', 'must be a JSON object'],
    ['"text"', 'must be a JSON object'],
    [JSON.stringify({ uuid: 'u', paymentMethods: { cardPayments: {} } }), 'no paymentMethods.paymentInitiation'],
    [JSON.stringify({ paymentMethods: { paymentInitiation: { processor: 'p' } } }), 'no bank list'],
    ['{}', 'no region with a bank list'],
    [JSON.stringify({ EE: { supportedCurrencies: ['EUR'] } }), 'no region with a bank list'],
  ])('%j is refused with a clear message', (raw, message) => {
    expect(() => parseStoreSetupData(raw)).toThrow(message);
    expect(() => parseStoreSetupData(raw)).toThrow(/^Kassa bank selection: /);
  });

  it("skips malformed bank entries and lets a bank without currencies take its region's", () => {
    const s = parseStoreSetupData(
      JSON.stringify({
        ee: { supportedCurrencies: ['EUR'], paymentMethods: [{ code: 'A', name: 'A bank' }, { name: 'no code' }, 7, { code: 'B', name: 'B', supportedCurrencies: ['PLN'], uiPosition: 'x' }] },
      }),
    );
    expect(s.EE!.paymentMethods).toEqual([
      { code: 'A', name: 'A bank', logoUrl: '', supportedCurrencies: ['EUR'] },
      { code: 'B', name: 'B', logoUrl: '', supportedCurrencies: ['PLN'] },
    ]);
  });
});

describe('banks of a region', () => {
  const setup = parseStoreSetupData(SETUP_ONLY);

  it('keeps only banks that take the currency', () => {
    expect(banksFor(setup, 'PL', 'PLN').map((b) => b.code)).toContain('BPKOPLPW');
    expect(banksFor(setup, 'PL', 'EUR').map((b) => b.code)).toEqual(['REVOLT21']);
    expect(banksFor(setup, 'EE', 'PLN')).toEqual([]);
    expect(banksFor(setup, 'DE', 'EUR')).toEqual([]);
  });

  it('orders by uiPosition, banks without one last in their given order', () => {
    const s = parseStoreSetupData({
      EE: {
        supportedCurrencies: ['EUR'],
        paymentMethods: [
          { code: 'X', name: 'X' },
          { code: 'C', name: 'C', uiPosition: 3 },
          { code: 'Y', name: 'Y' },
          { code: 'A', name: 'A', uiPosition: 1 },
          { code: 'B', name: 'B', uiPosition: 2 },
        ],
      },
    });
    expect(banksFor(s, 'EE', 'EUR').map((b) => b.code)).toEqual(['A', 'B', 'C', 'X', 'Y']);
  });
});

describe('regions', () => {
  const setup = parseStoreSetupData(SETUP_ONLY);

  it("defaults to the spec's regions that have a bank for the currency", () => {
    expect(DEFAULT_REGIONS).toEqual(['EE', 'LV', 'LT', 'DE', 'FI', 'PL']);
    expect(regionsToShow(undefined, setup, 'EUR')).toEqual(['EE', 'LV', 'LT', 'FI', 'PL']);
    expect(regionsToShow(null, setup, 'PLN')).toEqual(['PL']);
    expect(regionsToShow([], setup, 'PLN')).toEqual(['PL']);
  });

  it('shows given regions as given, also one without banks (the widget then says so)', () => {
    expect(regionsToShow(['lv', 'DE', 'LV', 'EE'], setup, 'EUR')).toEqual(['LV', 'DE', 'EE']);
  });

  it('falls back to the default list when no region has a bank for the currency', () => {
    expect(regionsToShow(null, setup, 'SEK')).toEqual([...DEFAULT_REGIONS]);
  });

  it('starts at the stored region, else the default region, else the first shown', () => {
    expect(initialRegion(['EE', 'LV'], 'EE', 'LV')).toBe('LV');
    expect(initialRegion(['EE', 'LV'], 'EE', 'PL')).toBe('EE');
    expect(initialRegion(['EE', 'LV'], 'LV', null)).toBe('LV');
    expect(initialRegion(['PL'], 'EE', null)).toBe('PL');
  });

  it('restores a provider only when the region shown lists it', () => {
    const ee = banksFor(setup, 'EE', 'EUR');
    expect(providerIn(ee, 'LHVBEE22')).toBe('LHVBEE22');
    expect(providerIn(ee, 'HABALV22')).toBe('');
    expect(providerIn(ee, null)).toBe('');
  });
});
