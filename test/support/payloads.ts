/** Valid request payloads for tests and the benchmark (no test-runner imports, so bench/ can use them). */
import { randomBytes } from 'node:crypto';

/** A valid order payload; override any key. */
export function orderPayload(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    merchantReference: `ORDER-${randomBytes(4).toString('hex')}`,
    returnUrl: 'https://shop.example/return',
    notificationUrl: 'https://shop.example/notify',
    grandTotal: 10.5,
    currency: 'EUR',
    locale: 'en',
    payment: { method: 'paymentInitiation', amount: 10.5, currency: 'EUR', methodOptions: { preferredCountry: 'EE' } },
    ...over,
  };
}
