/**
 * Phone numbers on the MobilePay simulator: Finnish national numbers (040…, 050…) or
 * international ones (+358…), 8 to 15 digits. Any valid number reaches the simulated app, where
 * the shopper approves or rejects. Pure.
 */

/** E.164 form (+358401234567), or undefined when the input is not a phone number. */
export function normalizePhone(input: string): string | undefined {
  const s = input.replace(/[\s().-]+/g, '');
  const e164 = s.startsWith('+') ? s : s.startsWith('00') ? `+${s.slice(2)}` : s.startsWith('0') ? `+358${s.slice(1)}` : s;
  return /^\+[1-9]\d{7,14}$/.test(e164) ? e164 : undefined;
}

/** Shown on the app page and kept with the payment: country code and the last two digits. */
export function maskPhone(e164: string): string {
  const cc = e164.startsWith('+358') ? '+358' : e164.slice(0, 3);
  return `${cc} ••• ••${e164.slice(-2)}`;
}
