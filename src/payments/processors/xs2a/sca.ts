/**
 * What the simulated bank does with the shopper's button and fields on its SCA page, and the
 * sandbox's magic amounts (docs/sandbox.md). Pure.
 */
import { isValidIban, normalizeIban } from '../../../platform/iban.js';
import type { TransactionStatus } from './mapper.js';

export const SENDER_NAME_MAX = 70;

/** The order amount's cents that choose how a sandbox bank behaves (docs/sandbox.md, "Bank payments"). */
export const BANK_MAGIC_CENTS = Object.freeze({
  /** The bank does not answer the first initiation in time; the client's retry (same X-Request-ID) gets the same payment. */
  slowInitiation: 91,
  /** The shopper approves, then the bank rejects the payment (RJCT). */
  rejectAfterApproval: 92,
  /** The shopper approves; the bank answers ACSP once more, then ACSC (only status polling sees it paid). */
  settlesLater: 93,
});

export function isValidSenderName(name: string): boolean {
  const n = name.trim();
  return n.length > 0 && n.length <= SENDER_NAME_MAX;
}

export type ScaDecision =
  | { ok: true; status: TransactionStatus; debtorIban: string | null; debtorName: string | null; settleAfterReads: number; approved: boolean }
  | { ok: false; invalidIban: boolean; invalidName: boolean };

/** The shopper's action on the SCA page; undefined for an unknown action. */
export function decideSca(action: string | undefined, senderIban: string, senderName: string, amountMinor: number): ScaDecision | undefined {
  switch (action) {
    case 'approve': {
      const invalidIban = !isValidIban(senderIban);
      const invalidName = !isValidSenderName(senderName);
      if (invalidIban || invalidName) return { ok: false, invalidIban, invalidName };
      const cents = amountMinor % 100;
      const status: TransactionStatus = cents === BANK_MAGIC_CENTS.rejectAfterApproval ? 'RJCT' : cents === BANK_MAGIC_CENTS.settlesLater ? 'ACSP' : 'ACSC';
      return { ok: true, status, debtorIban: normalizeIban(senderIban), debtorName: senderName.trim(), settleAfterReads: status === 'ACSP' ? 1 : 0, approved: true };
    }
    case 'decline':
      return { ok: true, status: 'RJCT', debtorIban: null, debtorName: null, settleAfterReads: 0, approved: false };
    case 'cancel':
      return { ok: true, status: 'CANC', debtorIban: null, debtorName: null, settleAfterReads: 0, approved: false };
    default:
      return undefined;
  }
}
