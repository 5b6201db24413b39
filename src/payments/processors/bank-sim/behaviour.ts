/**
 * What the bank simulator does with the shopper's button and fields. Approve needs a valid sender
 * IBAN (mod 97) and a name; Decline and Cancel need nothing. Pure.
 */
import { isValidIban } from '../../../platform/iban.js';
import { isValidSenderName, type BankDecision } from './mapper.js';

export type BankFormResult =
  | { ok: true; decision: BankDecision }
  | { ok: false; invalidIban: boolean; invalidName: boolean };

export function decideBank(action: string | undefined, senderIban: string, senderName: string): BankFormResult | undefined {
  switch (action) {
    case 'approve': {
      const invalidIban = !isValidIban(senderIban);
      const invalidName = !isValidSenderName(senderName);
      if (invalidIban || invalidName) return { ok: false, invalidIban, invalidName };
      return { ok: true, decision: { action: 'approve', senderIban, senderName } };
    }
    case 'decline':
      return { ok: true, decision: { action: 'decline' } };
    case 'cancel':
      return { ok: true, decision: { action: 'cancel' } };
    default:
      return undefined;
  }
}
