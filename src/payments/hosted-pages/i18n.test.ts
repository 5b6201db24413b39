import { describe, expect, it } from 'vitest';
import { SIM_MESSAGES } from '../processors/sim-kit/messages.js';
import { checkCatalogue } from '../../../test/support/catalogues.js';
import { failureMessageKey, MESSAGES, pageLocale } from './i18n.js';

checkCatalogue('hosted page messages', MESSAGES);
checkCatalogue('simulator messages', SIM_MESSAGES);

describe('pageLocale', () => {
  const order = { locale: 'et' as const, payment_method: 'paymentInitiation' as const, method_options: { preferredLocale: 'lv' as const } };
  it("?lang= first, then preferredLocale for bank payments and BLIK, then the order's locale", () => {
    expect(pageLocale(order, 'ru')).toBe('ru');
    expect(pageLocale(order, 'xx')).toBe('lv');
    expect(pageLocale(order)).toBe('lv');
    expect(pageLocale({ ...order, payment_method: 'blik' })).toBe('lv');
    expect(pageLocale({ ...order, payment_method: 'cardPayments' })).toBe('et');
    expect(pageLocale({ ...order, method_options: {} })).toBe('et');
  });
  it('maps failure reasons to messages', () => {
    expect(failureMessageKey('INSUFFICIENT_FUNDS')).toBe('errorINSUFFICIENT_FUNDS');
    expect(failureMessageKey('SOMETHING_ELSE')).toBe('errorGeneric');
    expect(failureMessageKey(null)).toBe('errorGeneric');
  });
});
