import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { BANKS, COUNTRIES, COUNTRY_CURRENCIES, INTERNATIONAL_BANK_CODES, N26_CODE, REVOLUT_CODE, countriesOfBank, findBank, type Bank, type CountryCode } from './banks.js';
import { bankLogoSvg, escapeXml, methodLogoSvg } from './logos.js';
import { METHOD_CURRENCIES, PAYMENT_METHODS, isPaymentMethodName } from './methods.js';

/**
 * Minimal XML well-formedness check: balanced tags, quoted attributes,
 * no bare `&` or `<` in text/attributes. Returns the root element name.
 */
function checkWellFormed(xml: string): string {
  const stack: string[] = [];
  let root = '';
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<&]*(?:&(?:amp|lt|gt|quot|apos|#\d+);[^"<&]*)*")*)\s*(\/?)>/y;
  const text = /[^<]*/y;
  let pos = 0;
  while (pos < xml.length) {
    text.lastIndex = pos;
    const t = text.exec(xml);
    const chunk = t ? t[0] : '';
    if (/&(?!(?:amp|lt|gt|quot|apos|#\d+);)/.test(chunk)) throw new Error(`bare & at ${pos}`);
    if (chunk.length > 0 && stack.length === 0) throw new Error(`text outside root at ${pos}`);
    pos += chunk.length;
    if (pos >= xml.length) break;
    token.lastIndex = pos;
    const m = token.exec(xml);
    if (!m) throw new Error(`malformed tag at ${pos}: ${xml.slice(pos, pos + 40)}`);
    const [whole, closing, name, , selfClosing] = m;
    if (closing) {
      const open = stack.pop();
      if (open !== name) throw new Error(`mismatched </${name}>, expected </${open ?? ''}>`);
    } else {
      if (stack.length === 0) {
        if (root) throw new Error('more than one root element');
        root = name ?? '';
      }
      if (!selfClosing) stack.push(name ?? '');
    }
    pos += whole.length;
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join('>, <')}>`);
  return root;
}

function expectValidSvg(svg: string): void {
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svg).toContain('viewBox="0 0 160 64"');
  expect(svg).toContain('font-family="sans-serif"');
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(checkWellFormed(svg)).toBe('svg');
}

const allBanks: { country: CountryCode; bank: Bank }[] = COUNTRIES.flatMap((country) => BANKS[country].map((bank) => ({ country, bank })));

describe('bank catalogue', () => {
  it('covers exactly the spec countries', () => {
    expect([...COUNTRIES]).toEqual(['EE', 'LV', 'LT', 'FI', 'PL']);
    expect(Object.keys(BANKS).sort()).toEqual([...COUNTRIES].sort());
  });

  it.each(COUNTRIES)('%s has at least 6 banks', (country) => {
    expect(BANKS[country].length).toBeGreaterThanOrEqual(6);
  });

  it.each(COUNTRIES)('%s codes are unique uppercase BIC-style identifiers', (country) => {
    const codes = BANKS[country].map((b) => b.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/);
  });

  it.each(COUNTRIES)('%s uiPosition is 1..n without gaps, in list order', (country) => {
    const positions = BANKS[country].map((b) => b.uiPosition);
    expect(positions).toEqual(positions.map((_, i) => i + 1));
  });

  it('every bank has a name and a hex colour', () => {
    for (const { bank } of allBanks) {
      expect(bank.name.trim().length).toBeGreaterThan(0);
      expect(bank.color).toMatch(/^#[0-9A-Fa-f]{6}$/);
    }
  });

  it('country currencies: EE/LV/LT/FI → EUR, PL → PLN', () => {
    expect(COUNTRY_CURRENCIES).toEqual({ EE: ['EUR'], LV: ['EUR'], LT: ['EUR'], FI: ['EUR'], PL: ['PLN'] });
  });

  it('banks support their country currency; only international banks add more', () => {
    for (const { country, bank } of allBanks) {
      for (const cur of COUNTRY_CURRENCIES[country]) expect(bank.supportedCurrencies).toContain(cur);
      if (!INTERNATIONAL_BANK_CODES.includes(bank.code)) {
        expect(bank.supportedCurrencies).toEqual([...COUNTRY_CURRENCIES[country]]);
      }
      // Every bank currency must be one paymentInitiation supports.
      for (const cur of bank.supportedCurrencies) expect(METHOD_CURRENCIES.paymentInitiation).toContain(cur);
    }
    expect(findBank('PL', REVOLUT_CODE)?.supportedCurrencies).toEqual(['PLN', 'EUR']);
  });

  it('Revolut and N26 carry the identical code in EE, LV, LT and FI', () => {
    for (const [code, name] of [
      [REVOLUT_CODE, 'Revolut'],
      [N26_CODE, 'N26'],
    ] as const) {
      for (const country of ['EE', 'LV', 'LT', 'FI'] as const) {
        const byName = BANKS[country].find((b) => b.name === name);
        expect(byName?.code, `${name} in ${country}`).toBe(code);
      }
      expect(countriesOfBank(code)).toEqual(expect.arrayContaining(['EE', 'LV', 'LT', 'FI']));
    }
    expect(REVOLUT_CODE).toBe('REVOLT21');
    expect(N26_CODE).toBe('NTSBDEB1');
  });

  it('only international codes appear in more than one country', () => {
    const shared = [...new Set(allBanks.map((e) => e.bank.code))].filter((c) => countriesOfBank(c).length > 1);
    expect(shared.sort()).toEqual([...INTERNATIONAL_BANK_CODES].sort());
  });

  it('local banks present in several countries use per-country codes', () => {
    const swedbank = COUNTRIES.map((c) => BANKS[c].find((b) => b.name === 'Swedbank')?.code).filter((c): c is string => c !== undefined);
    expect(swedbank).toEqual(['HABAEE2X', 'HABALV22', 'HABALT22']);
  });

  it('findBank / countriesOfBank', () => {
    expect(findBank('EE', 'HABAEE2X')?.name).toBe('Swedbank');
    expect(findBank('LV', 'HABAEE2X')).toBeUndefined();
    expect(findBank('FI', 'OKOYFIHH')?.name).toBe('OP');
    expect(countriesOfBank('BPKOPLPW')).toEqual(['PL']);
    expect(countriesOfBank('NOPE0000')).toEqual([]);
    expect(countriesOfBank(REVOLUT_CODE)).toEqual(['EE', 'LV', 'LT', 'FI', 'PL']);
    for (const { country, bank } of allBanks) {
      expect(findBank(country, bank.code)).toBe(bank);
      expect(countriesOfBank(bank.code)).toContain(country);
    }
  });

  it('catalogue is frozen', () => {
    expect(Object.isFrozen(BANKS)).toBe(true);
    for (const { bank } of allBanks) {
      expect(Object.isFrozen(bank)).toBe(true);
      expect(Object.isFrozen(bank.supportedCurrencies)).toBe(true);
    }
  });
});

describe('payment methods', () => {
  it('lists the six spec method names with spec currencies', () => {
    expect([...PAYMENT_METHODS]).toEqual(['paymentInitiation', 'cardPayments', 'mobilePay', 'blik', 'bnpl', 'hirePurchase']);
    expect(METHOD_CURRENCIES).toEqual({
      paymentInitiation: ['EUR', 'PLN'],
      cardPayments: ['EUR', 'PLN'],
      mobilePay: ['EUR'],
      blik: ['PLN'],
      bnpl: ['EUR'],
      hirePurchase: ['EUR'],
    });
    expect(isPaymentMethodName('blik')).toBe(true);
    expect(isPaymentMethodName('paypal')).toBe(false);
  });
});

describe('logos', () => {
  it('every catalogue bank logo is a valid SVG with the bank colour and name', () => {
    for (const { bank } of allBanks) {
      const svg = bankLogoSvg(bank);
      expectValidSvg(svg);
      expect(svg).toContain(`fill="${bank.color}"`);
      expect(svg).toContain('fill="#FFFFFF"');
      expect(svg).toContain('rx="');
      for (const word of bank.name.split(' ')) expect(svg).toContain(escapeXml(word));
    }
  });

  it('escapes & and other XML specials in bank names', () => {
    const bank: Bank = {
      code: 'TEST',
      name: 'Smith & Sons <Bank> "Co" \'Ltd\'',
      supportedCurrencies: ['EUR'],
      uiPosition: 1,
      color: '#123456',
    };
    const svg = bankLogoSvg(bank);
    expectValidSvg(svg);
    expect(svg).toContain('Smith &amp; Sons');
    expect(svg).toContain('&lt;Bank&gt;');
    expect(svg).not.toMatch(/&(?!(?:amp|lt|gt|quot|apos|#\d+);)/);
    expect(svg).not.toContain('<Bank>');
  });

  it('rejects non-hex colours instead of injecting them', () => {
    const svg = bankLogoSvg({ code: 'X', name: 'X', supportedCurrencies: ['EUR'], uiPosition: 1, color: '"/><script/>' });
    expectValidSvg(svg);
    expect(svg).not.toContain('script');
  });

  it('any bank name yields a well-formed SVG (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (name) => {
        // XML 1.0 forbids most C0 controls; names are display text, so skip those.
        fc.pre(!/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(name));
        const svg = bankLogoSvg({ code: 'P', name, supportedCurrencies: ['EUR'], uiPosition: 1, color: '#000000' });
        expect(checkWellFormed(svg)).toBe('svg');
      }),
    );
  });

  it('method logos are valid, labelled and distinct', () => {
    const labels: Record<(typeof PAYMENT_METHODS)[number], string> = {
      paymentInitiation: 'Bank',
      cardPayments: 'Card',
      mobilePay: 'MobilePay',
      blik: 'BLIK',
      bnpl: 'Pay later',
      hirePurchase: 'Instalments',
    };
    const svgs = PAYMENT_METHODS.map((m) => methodLogoSvg(m));
    svgs.forEach((svg, i) => {
      expectValidSvg(svg);
      const method = PAYMENT_METHODS[i];
      if (method) expect(svg).toContain(`>${labels[method]}</text>`);
    });
    expect(new Set(svgs).size).toBe(PAYMENT_METHODS.length);
  });
});
