/**
 * Nova Poshta's express waybill numbers ("EN", `IntDocNumber`): 14 digits. Numbers issued through
 * the API to business senders start with `20` (`20450123456789`); Kassa's sandbox issues these.
 * Nova Poshta publishes no check digit, so the sandbox's last digit is a Luhn digit of its own
 * (it lets Kassa tell a mistyped number from one of its own): a real EN need not pass it.
 */
import type { TrackingNumberScheme } from '../contract.js';
import { numericScheme } from '../kit/tracking.js';

export const novaPostTrackingScheme = (): TrackingNumberScheme =>
  numericScheme({
    length: 14,
    prefix: '20',
    algorithm: 'luhn-mod10',
    description: "Nova Poshta express waybill (EN): 14 digits, `20` + 11-digit serial + a Luhn check digit (the sandbox's own)",
  });
