import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANKS } from '../../../src/payments/methods/catalogue/banks.js';
import { isValidIban } from '../../../src/platform/iban.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { createOrder, forms, merchantToken, readOrder, Shopper, text } from './support.js';

let t: TestApp;
let s: Shopper;
beforeAll(async () => {
  t = await createTestApp();
  s = new Shopper(t);
});
afterAll(async () => t.close());

/** Opens the payment page, picks a bank and lands on the bank simulator's page. */
async function toBank(uuid: string, bank = 'HABAEE2X', query = '') {
  const page = await s.get(`/pay/${uuid}${query}`);
  expect(page.statusCode, page.body).toBe(200);
  const started = await s.submit(page.body, { name: 'bank', value: bank });
  expect(started.statusCode, started.body).toBe(303);
  expect(String(started.headers.location)).toMatch(/^http:\/\/kassa\.test\/simulators\/bank\/pay\?/);
  const bankPage = await s.get(String(started.headers.location));
  expect(bankPage.statusCode, bankPage.body).toBe(200);
  return bankPage;
}

describe('bank payment (paymentInitiation)', () => {
  it('shows the store, reference, amount, sandbox ribbon and the country banks by uiPosition', async () => {
    const o = await createOrder(t, { merchantReference: 'BANK-1', merchantReferenceDisplay: 'Order #1001' });
    const res = await s.get(o.paymentUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'nonce-");
    expect(csp).not.toContain('unsafe-inline');
    const body = text(res.body);
    expect(body).toContain('Test shop');
    expect(body).toContain('Order #1001');
    expect(body).toContain('€10.50');
    expect(body).toContain('Sandbox: this is a test payment');
    expect(res.body).toContain('<link rel="icon" href="data:,">');
    const codes = [...res.body.matchAll(/name="bank" value="([A-Z0-9]+)"/g)].map((m) => m[1]);
    expect(codes).toEqual(BANKS.EE.map((b) => b.code));
    for (const c of ['EE', 'LV', 'LT', 'FI', 'PL']) expect(res.body).toContain(`?country=${c}&amp;lang=en`);
    // Another country through a plain GET link (no JavaScript needed).
    const lv = await s.get(`/pay/${o.uuid}?country=LV&lang=en`);
    expect([...lv.body.matchAll(/name="bank" value="([A-Z0-9]+)"/g)].map((m) => m[1])).toEqual(BANKS.LV.map((b) => b.code));
    expect(lv.body).toContain('href="http://kassa.test/logos/banks/HABALV22.svg"'.replace('href', 'src'));
  });

  it('PLN orders list only banks that take PLN (Poland)', async () => {
    const o = await createOrder(t, { grandTotal: 25, currency: 'PLN', payment: { method: 'paymentInitiation', amount: 25, currency: 'PLN' } });
    const res = await s.get(o.paymentUrl);
    expect(text(res.body)).toContain('PLN 25.00');
    const codes = [...res.body.matchAll(/name="bank" value="([A-Z0-9]+)"/g)].map((m) => m[1]);
    expect(codes).toEqual(BANKS.PL.map((b) => b.code));
    expect(res.body).not.toContain('?country=EE');
  });

  it('approve: the bank page shows payee, amount, description and reference; the order is PAID with the sender account', async () => {
    const o = await createOrder(t, {
      merchantReference: 'BANK-2',
      payment: { method: 'paymentInitiation', amount: 10.5, currency: 'EUR', methodOptions: { preferredCountry: 'EE', paymentReference: '1234561', paymentDescription: 'Invoice 77' } },
    });
    const bankPage = await toBank(o.uuid);
    const body = text(bankPage.body);
    expect(body).toContain('Swedbank');
    expect(body).toContain('Test shop');
    expect(body).toContain('€10.50');
    expect(body).toContain('Invoice 77');
    expect(body).toContain('1234561');
    const form = forms(bankPage.body).find((f) => f.buttons.some((b) => b.value === 'approve'))!;
    expect(form.buttons.map((b) => b.value)).toEqual(['approve', 'decline', 'cancel']);
    expect(form.fields.senderIban).toMatch(/^EE\d{2}/);
    expect(isValidIban(form.fields.senderIban!)).toBe(true);
    expect(form.fields.senderName).toBe('Mari Tamm');

    const approved = await s.submit(bankPage.body, 'approve', { senderIban: 'EE38 2200 2210 2014 5685', senderName: 'Jaan Tamm' });
    expect(approved.statusCode).toBe(303);
    expect(String(approved.headers.location)).toMatch(new RegExp(`^http://kassa.test/pay/${o.uuid}/return\\?`));
    const back = await s.get(String(approved.headers.location));
    const claims = merchantToken(t, back);
    expect(claims).toMatchObject({
      uuid: o.uuid,
      accessKey: t.store.keys.sandbox.accessKey,
      paymentStatus: 'PAID',
      senderIban: 'EE382200221020145685',
      senderName: 'Jaan Tamm',
      paymentProviderName: 'Swedbank',
    });
    const order = await readOrder(t, o.uuid);
    expect(order.paymentStatus).toBe('PAID');
    expect(order.paymentIntents.at(-1)).toMatchObject({ status: 'PAID', paymentMethodMetadata: { preferredProvider: 'HABAEE2X', preferredCountry: 'EE' } });

    // The same return again (a reload) sends the shopper on to the merchant, changing nothing.
    const again = await s.get(String(approved.headers.location));
    expect(merchantToken(t, again).paymentStatus).toBe('PAID');
    // And the payment page now says it is paid, without a payment form.
    const paid = await s.get(o.paymentUrl);
    expect(text(paid.body)).toContain('Order already paid');
    expect(paid.body).not.toContain('/start"');
  });

  it('an invalid sender IBAN keeps the shopper on the bank page with a message', async () => {
    const o = await createOrder(t);
    const bankPage = await toBank(o.uuid);
    const res = await s.submit(bankPage.body, 'approve', { senderIban: 'EE38 2200 2210 2014 5686' });
    expect(res.statusCode).toBe(422);
    expect(text(res.body)).toContain('Enter a valid IBAN.');
    expect((await readOrder(t, o.uuid)).paymentStatus).toBe('PENDING');
  });

  it('decline: the order stays PENDING, the intent FAILED, the page shows the error and a retry can pay', async () => {
    const o = await createOrder(t);
    const bankPage = await toBank(o.uuid);
    const declined = await s.submit(bankPage.body, 'decline');
    const back = await s.get(String(declined.headers.location));
    expect(back.statusCode).toBe(303);
    expect(String(back.headers.location)).toBe(`http://kassa.test/pay/${o.uuid}?lang=en&retry=1`);
    const again = await s.get(String(back.headers.location));
    expect(again.statusCode).toBe(200);
    expect(text(again.body)).toContain('The payment was declined and no money was taken.');
    const order = await readOrder(t, o.uuid);
    expect(order.paymentStatus).toBe('PENDING');
    expect(order.paymentIntents.map((i) => i.status)).toEqual(['FAILED']);

    const retried = await s.submit(again.body, { name: 'bank', value: 'LHVBEE22' });
    const lhv = await s.get(String(retried.headers.location));
    expect(text(lhv.body)).toContain('LHV');
    const paid = await s.follow(await s.submit(lhv.body, 'approve'));
    expect(merchantToken(t, paid)).toMatchObject({ paymentStatus: 'PAID', paymentProviderName: 'LHV' });
    expect((await readOrder(t, o.uuid)).paymentIntents.map((i) => i.status)).toEqual(['FAILED', 'PAID']);
  });

  it('cancel on the bank page returns the shopper to the merchant with a PENDING token', async () => {
    const o = await createOrder(t);
    const bankPage = await toBank(o.uuid);
    const res = await s.follow(await s.submit(bankPage.body, 'cancel'));
    const claims = merchantToken(t, res);
    expect(claims).toMatchObject({ uuid: o.uuid, paymentStatus: 'PENDING', senderIban: null });
    const order = await readOrder(t, o.uuid);
    expect(order.paymentStatus).toBe('PENDING');
    expect(order.paymentIntents.map((i) => i.status)).toEqual(['CANCELED']);
  });

  it("cancel on Kassa's page returns the shopper to the merchant", async () => {
    const o = await createOrder(t);
    const page = await s.get(o.paymentUrl);
    const res = await s.submitAction(page.body, `/pay/${o.uuid}/cancel`);
    expect(merchantToken(t, res).paymentStatus).toBe('PENDING');
  });

  it('the return proves nothing by itself: Kassa asks the bank, so a tampered or foreign return changes nothing', async () => {
    const o = await createOrder(t);
    const bankPage = await toBank(o.uuid);
    // A return before the shopper decided: the bank says RCVD, so the bank is still confirming.
    const early = await s.get(`/pay/${o.uuid}/return?lang=en&senderName=Mallory&status=approved`);
    expect(early.statusCode).toBe(200);
    expect(text(early.body)).toContain('Your bank is confirming the payment');
    expect((await readOrder(t, o.uuid)).paymentStatus).toBe('PENDING');

    const approved = await s.submit(bankPage.body, 'approve', { senderIban: 'EE38 2200 2210 2014 5685', senderName: 'Jaan Tamm' });
    const ret = new URL(String(approved.headers.location));
    expect(ret.pathname).toBe(`/pay/${o.uuid}/return`);
    // What the query says is never read: the order token carries what the bank says.
    const tampered = new URL(ret);
    tampered.searchParams.set('senderName', 'Mallory');
    tampered.searchParams.set('intent', '01900000-0000-7000-8000-000000000099');
    expect(merchantToken(t, await s.get(tampered.toString()))).toMatchObject({ paymentStatus: 'PAID', senderName: 'Jaan Tamm', senderIban: 'EE382200221020145685' });

    // Another order's return address asks the bank about that order's own payment, not this one's.
    const other = await createOrder(t);
    await toBank(other.uuid);
    const foreign = await s.get(`/pay/${other.uuid}/return${ret.search}`);
    expect(foreign.statusCode).toBe(200);
    expect(text(foreign.body)).toContain('Your bank is confirming the payment');
    expect((await readOrder(t, other.uuid)).paymentStatus).toBe('PENDING');
    // An order that never reached a bank has nothing to ask about.
    const never = await createOrder(t);
    expect((await s.get(`/pay/${never.uuid}/return?lang=en`)).statusCode).toBe(409);
  });

  it('the bank page refuses an unknown payment and a payment already decided', async () => {
    const o = await createOrder(t);
    const bankPage = await toBank(o.uuid);
    const page = await s.get(`/simulators/bank/pay?paymentId=01900000-0000-7000-8000-000000000099`);
    expect(page.statusCode).toBe(400);
    expect(text(page.body)).toContain('Invalid payment request');
    const first = forms(bankPage.body)[0]!;
    await s.submit(bankPage.body, 'decline');
    const again = await s.post(first.action, { ...first.fields, action: 'approve' });
    expect(again.statusCode).toBe(400);
    expect(text(again.body)).toContain('Invalid payment request');
  });

  it('preferredProvider skips the choice and goes straight to the bank', async () => {
    const o = await createOrder(t, {
      payment: { method: 'paymentInitiation', amount: 10.5, currency: 'EUR', methodOptions: { preferredProvider: 'RIKOLV2X', preferredCountry: 'LV' } },
    });
    const res = await s.get(o.paymentUrl);
    expect(res.statusCode).toBe(303);
    const loc = new URL(String(res.headers.location));
    expect(loc.pathname).toBe('/simulators/bank/pay');
    expect(loc.searchParams.get('bank')).toBe('RIKOLV2X');
    expect(loc.searchParams.get('country')).toBe('LV');
    const bankPage = await s.get(loc.toString());
    expect(text(bankPage.body)).toContain('Luminor');
    expect(forms(bankPage.body)[0]!.fields.senderIban).toMatch(/^LV\d{2} ?RIKO/);
    expect(merchantToken(t, await s.follow(await s.submit(bankPage.body, 'approve')))).toMatchObject({ paymentStatus: 'PAID', paymentProviderName: 'Luminor' });
  });

  it('an unknown bank choice shows the page again with a message', async () => {
    const o = await createOrder(t);
    const res = await s.post(`/pay/${o.uuid}/start`, { lang: 'en', country: 'EE', bank: 'NOPE' });
    expect(res.statusCode).toBe(400);
    expect(text(res.body)).toContain('Please choose one of the options.');
  });
});
