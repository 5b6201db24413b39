import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { createOrder, forms, merchantToken, methodOrder, readOrder, Shopper, text } from './support.js';

let t: TestApp;
let s: Shopper;
beforeAll(async () => {
  t = await createTestApp();
  s = new Shopper(t);
});
afterAll(async () => t.close());

const card = (extra: Record<string, unknown> = {}, options: Record<string, unknown> = {}) => methodOrder('cardPayments', 24.99, 'EUR', extra, options);

async function toCardPage(uuid: string, mode: 'wallet' | 'card' = 'card') {
  const page = await s.get(`/pay/${uuid}`);
  expect(page.statusCode).toBe(200);
  const started = await s.submit(page.body, { name: 'mode', value: mode });
  expect(started.statusCode).toBe(303);
  const res = await s.get(String(started.headers.location));
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const pay = (page: string, number: string, expiry = '12/34', cvc = '123') => s.submitAction(page, '/simulators/card/pay', { action: 'pay', cardNumber: number, cardExpiry: expiry, cardCvc: cvc });

describe('card payment (cardPayments)', () => {
  it('orders wallet and card by preferredMethod, on Kassa and on the processor page', async () => {
    const wallet = await createOrder(t, card());
    const w = await s.get(wallet.paymentUrl);
    expect(forms(w.body)[0]!.buttons.map((b) => b.value)).toEqual(['wallet', 'card']);
    const byCard = await createOrder(t, card({}, { preferredMethod: 'card' }));
    const c = await s.get(byCard.paymentUrl);
    expect(forms(c.body)[0]!.buttons.map((b) => b.value)).toEqual(['card', 'wallet']);
    const simCard = await toCardPage(byCard.uuid, 'card');
    expect(simCard.body.indexOf('id="cardForm"')).toBeLessThan(simCard.body.indexOf('value="wallet"'));
    const simWallet = await toCardPage(wallet.uuid, 'wallet');
    expect(simWallet.body.indexOf('value="wallet"')).toBeLessThan(simWallet.body.indexOf('id="cardForm"'));
  });

  it('4242 4242 4242 4242 succeeds', async () => {
    const o = await createOrder(t, card());
    const page = await toCardPage(o.uuid);
    expect(text(page.body)).toContain('Pay €24.99');
    const claims = merchantToken(t, await s.follow(await pay(page.body, '4242 4242 4242 4242')));
    expect(claims).toMatchObject({ paymentStatus: 'PAID', paymentMethod: 'cardPayments', senderIban: null });
    const order = await readOrder(t, o.uuid);
    expect(order.paymentIntents.at(-1)).toMatchObject({ status: 'PAID', paymentMethodMetadata: { paidWith: 'card', cardBrand: 'Visa', cardLast4: '4242', threeDSecure: false } });
  });

  it('any other Luhn-valid number succeeds', async () => {
    const o = await createOrder(t, card());
    const page = await toCardPage(o.uuid);
    expect(merchantToken(t, await s.follow(await pay(page.body, '5555 5555 5555 4444'))).paymentStatus).toBe('PAID');
    expect((await readOrder(t, o.uuid)).paymentIntents.at(-1)!.paymentMethodMetadata).toMatchObject({ cardBrand: 'Mastercard', cardLast4: '4444' });
  });

  it('the wallet button pays after confirming in the wallet sheet', async () => {
    const o = await createOrder(t, card());
    const page = await toCardPage(o.uuid, 'wallet');
    const sheet = await s.follow(await s.submit(page.body, { name: 'action', value: 'wallet' }));
    expect(text(sheet.body)).toContain('Confirm with wallet');
    expect(merchantToken(t, await s.follow(await s.submit(sheet.body, 'confirm'))).paymentStatus).toBe('PAID');
    expect((await readOrder(t, o.uuid)).paymentIntents.at(-1)!.paymentMethodMetadata).toMatchObject({ paidWith: 'wallet' });
  });

  it('4000 0000 0000 0002 is declined', async () => {
    const o = await createOrder(t, card());
    const page = await toCardPage(o.uuid);
    const back = await s.follow(await pay(page.body, '4000 0000 0000 0002'));
    expect(back.statusCode).toBe(200);
    expect(text(back.body)).toContain('The payment was declined and no money was taken.');
    const order = await readOrder(t, o.uuid);
    expect(order.paymentStatus).toBe('PENDING');
    expect(order.paymentIntents.map((i) => i.status)).toEqual(['FAILED']);
  });

  it('4000 0000 0000 9995 is declined for insufficient funds', async () => {
    const o = await createOrder(t, card());
    const back = await s.follow(await pay((await toCardPage(o.uuid)).body, '4000000000009995'));
    expect(text(back.body)).toContain('insufficient funds');
  });

  it('4000 0000 0000 3220 needs the 3-D Secure challenge: Complete pays, Fail declines', async () => {
    const o = await createOrder(t, card());
    const challenge = await s.follow(await pay((await toCardPage(o.uuid)).body, '4000 0000 0000 3220'));
    expect(challenge.statusCode).toBe(200);
    expect(text(challenge.body)).toContain('3-D Secure verification');
    expect(text(challenge.body)).toContain('Visa •••• 3220');
    const failed = await s.follow(await s.submit(challenge.body, 'fail'));
    expect(text(failed.body)).toContain('Card authentication (3-D Secure) failed');
    expect((await readOrder(t, o.uuid)).paymentStatus).toBe('PENDING');

    const retry = await s.submit(failed.body, { name: 'mode', value: 'card' });
    const page = await s.get(String(retry.headers.location));
    const challenge2 = await s.follow(await pay(page.body, '4000000000003220'));
    const done = await s.follow(await s.submit(challenge2.body, 'complete'));
    expect(merchantToken(t, done).paymentStatus).toBe('PAID');
    expect((await readOrder(t, o.uuid)).paymentIntents.map((i) => i.status)).toEqual(['FAILED', 'PAID']);
    expect((await readOrder(t, o.uuid)).paymentIntents.at(-1)!.paymentMethodMetadata).toMatchObject({ threeDSecure: true });
  });

  it('a Luhn-invalid number, a past expiry or a short CVC get messages on the same page', async () => {
    const o = await createOrder(t, card());
    const page = await toCardPage(o.uuid);
    const res = await pay(page.body, '4242 4242 4242 4241', '01/20', '12');
    expect(res.statusCode).toBe(422);
    const body = text(res.body);
    expect(body).toContain('The card number is not valid.');
    expect(body).toContain('Enter a valid expiry date that is not in the past.');
    expect(body).toContain('Enter the 3- or 4-digit security code.');
    expect((await readOrder(t, o.uuid)).paymentIntents.map((i) => i.status)).toEqual(['PENDING']);
  });

  it('cancel on the card page returns to the merchant with PENDING', async () => {
    const o = await createOrder(t, card());
    const page = await toCardPage(o.uuid);
    expect(merchantToken(t, await s.follow(await s.submit(page.body, 'cancel'))).paymentStatus).toBe('PENDING');
  });

  it('a challenge opened with another client secret or PaymentIntent is refused', async () => {
    const o = await createOrder(t, card());
    const res = await pay((await toCardPage(o.uuid)).body, '4000000000003220');
    const u = new URL(String(res.headers.location));
    expect(u.pathname).toBe('/simulators/card/3ds');
    expect((await s.get(u.toString())).statusCode).toBe(200);
    const secret = new URL(u);
    secret.searchParams.set('client_secret', `${u.searchParams.get('payment_intent')}_secret_forged`);
    expect((await s.get(secret.toString())).statusCode).toBe(400);
    const other = new URL(u);
    other.searchParams.set('payment_intent', 'pi_other');
    expect((await s.get(other.toString())).statusCode).toBe(400);
  });
});
