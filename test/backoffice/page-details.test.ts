/**
 * Details of the back office's pages, through the real app: values in words (never the API's
 * identifiers), the role in the header ("Owner", not "(owner)"), fieldsets named by their section's
 * heading rather than a legend repeating it, an IBAN field wide enough for 34 characters with the
 * stored IBAN grouped, and the sender address's country a <select> of countries named in the
 * page's language. (In Chromium, test/browser/backoffice-locales.test.ts checks every page in
 * every locale for raw values, width and axe.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { addOfficeUser, officeGet, officeSession } from '../support/backoffice.js';

let t: TestApp;
let sid: string;
beforeAll(async () => {
  t = await createTestApp();
  await addOfficeUser(t, 'someone@details.test', t.store);
  sid = await officeSession(t, 'someone@details.test');
  await t.services.stores.update(t.store.id, { payoutAccount: { iban: 'MT84MALT011000012345MTLCAST001S', accountName: 'Long IBAN Ltd' } });
});
afterAll(async () => t?.close());

const settings = (lang: string) => officeGet(t, `/dashboard/settings?env=sandbox&lang=${lang}`, sid);

describe('the header', () => {
  it('names the store with the role in words of the page’s language', async () => {
    for (const [lang, role] of [
      ['en', 'Owner'],
      ['de', 'Inhaber'],
      ['ru', 'Владелец'],
    ] as const) {
      const body = (await settings(lang)).body;
      expect(body).toContain(`<span class="store-name">${t.store.name} · ${role}</span>`);
      expect(body).not.toContain('(owner)');
    }
  });
});

describe('the Settings page', () => {
  it('names each form by its section heading, never a legend repeating the heading', async () => {
    const body = (await settings('en')).body;
    const headings = [...body.matchAll(/<h2 id="([^"]+)">([^<]+)<\/h2>/g)].map((m) => [m[1]!, m[2]!] as const);
    expect(headings.map(([, text]) => text)).toEqual(expect.arrayContaining(['Options', 'Sender address', 'Payout account']));
    const legends = [...body.matchAll(/<legend>([^<]+)<\/legend>/g)].map((m) => m[1]);
    for (const [, text] of headings) expect(legends, text).not.toContain(text);
    for (const id of ['options-h', 'address-h', 'payout-h']) expect(body).toContain(`<fieldset aria-labelledby="${id}">`);
  });

  it('shows a long IBAN whole (31 characters; 34 at most, 42 grouped), in groups of four, in a field 42 characters wide', async () => {
    const body = (await settings('en')).body;
    const input = /<input id="payoutAccount-iban"[^>]*>/.exec(body)![0];
    expect(input).toContain('value="MT84 MALT 0110 0001 2345 MTLC AST0 01S"');
    expect(input).toContain('size="42"');
    expect(input).toContain('class="iban"');
  });

  it("offers the country as a <select> of countries named in the page's language", async () => {
    const en = (await settings('en')).body;
    const select = /<select id="shippingAddress-country" name="shippingAddress.country"[^>]*>([\s\S]*?)<\/select>/.exec(en);
    expect(select).not.toBeNull();
    expect(select![1]).toContain('<option value="EE">Estonia</option>');
    expect(select![1]).toContain('<option value="UA">Ukraine</option>');
    expect(en).not.toMatch(/<input id="shippingAddress-country"/);
    const de = (await settings('de')).body;
    expect(de).toContain('<option value="EE">Estland</option>');
    // The bank-payment switches name their countries too.
    expect(de).toMatch(/<label class="inline" for="country-LV">Lettland<\/label>/);
  });
});
