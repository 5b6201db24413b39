/**
 * Production connectors for tests that make production orders: production offers a method only
 * through its configured connector (issue 19). These are configured as an operator would, with
 * endpoints of the real parties' shape; a test that starts a production payment points them at a
 * recording fetch of its own.
 */
import type { TestApp } from './app.js';

export const TEST_STRIPE = {
  settings: { publishableKey: 'pk_test_kassaTestPublishable' },
  secrets: { secretKey: 'sk_test_kassaTestSecret', webhookSecret: 'whsec_kassaTestWebhookSecret' },
};

/** One XS2A bank of a country, configured with the TPP's (placeholder) certificates. */
export function testBank(country: string, bankCode: string, currency: 'EUR' | 'PLN' = 'EUR') {
  return {
    settings: {
      country,
      bankCode,
      baseUrl: `https://xs2a.${bankCode.toLowerCase()}.example/psd2`,
      paymentProduct: currency === 'PLN' ? 'domestic-credit-transfers-pl' : 'sepa-credit-transfers',
      creditor: { iban: 'EE382200221020145685', name: 'Kassa Collections OÜ' },
      signing: null,
    },
    secrets: { tlsCertPem: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n', tlsKeyPem: '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n' },
  };
}

/** Stripe and the banks listed (default: one of each country) configured for production. */
export async function connectProduction(
  t: TestApp,
  banks: readonly [string, string][] = [
    ['EE', 'HABAEE2X'],
    ['LV', 'HABALV22'],
    ['LT', 'HABALT22'],
    ['FI', 'NDEAFIHH'],
    ['PL', 'BPKOPLPW'],
  ],
): Promise<void> {
  await t.services.connectorAdmin.set('stripe', TEST_STRIPE.settings, TEST_STRIPE.secrets);
  for (const [country, code] of banks) {
    const b = testBank(country, code, country === 'PL' ? 'PLN' : 'EUR');
    await t.services.connectorAdmin.set('xs2a', b.settings, b.secrets);
  }
}
