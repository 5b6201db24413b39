/**
 * The BLIK simulator's documented codes. Pure.
 *
 * | code            | outcome                    |
 * | 777123          | succeeds                   |
 * | 111111          | declined (DECLINED)        |
 * | 222222          | code expired (CODE_EXPIRED)|
 * | other 6 digits  | succeeds                   |
 * | anything else   | "6 digits" message, stays  |
 */
import type { BlikDecision } from './mapper.js';

export const BLIK_CODES = { success: '777123', declined: '111111', expired: '222222' } as const;

/** The decision for an entered code, or undefined when it is not 6 digits. */
export function decideBlik(input: string): BlikDecision | undefined {
  const code = input.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(code)) return undefined;
  if (code === BLIK_CODES.declined) return { action: 'decline', reason: 'DECLINED' };
  if (code === BLIK_CODES.expired) return { action: 'decline', reason: 'CODE_EXPIRED' };
  return { action: 'approve' };
}
