/**
 * The operator's settlement account: the debtor of every pain.001 file Kassa writes (payouts to
 * stores, bank-payment refunds to payers). Bank payments collect into it and payouts leave from it.
 *
 * Production reads it from the environment at each request (so a fixed setting needs no restart
 * of the code that reads it, and src/config.ts stays the place of the settings every process needs):
 *   KASSA_SETTLEMENT_IBAN  the account's IBAN (required)
 *   KASSA_SETTLEMENT_NAME  its holder's name, as the bank knows it (required)
 *   KASSA_SETTLEMENT_BIC   the bank's BIC (optional: without it the file names the debtor agent
 *                          NOTPROVIDED, as the EPC guidelines allow for IBAN-only SEPA transfers)
 * Without them a production file is refused with a 409 naming the missing setting: never a
 * made-up debtor. The sandbox always uses SANDBOX_SETTLEMENT_ACCOUNT, a documented sample account,
 * whatever is set, so a sandbox file can never name the real account.
 */
import type { Env } from '../../platform/env.js';
import { Errors } from '../../platform/errors.js';
import { isValidIban, normalizeIban } from '../../platform/iban.js';
import type { Party } from '../pain001/writer.js';

/** The sandbox's debtor: the sample account ISO 13616 examples use (Commerzbank's), never the operator's. */
export const SANDBOX_SETTLEMENT_ACCOUNT: Readonly<Required<Party>> = Object.freeze({
  name: 'Kassa Sandbox Settlement',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
});

export const SETTLEMENT_VARS = ['KASSA_SETTLEMENT_IBAN', 'KASSA_SETTLEMENT_NAME', 'KASSA_SETTLEMENT_BIC'] as const;
export type SettlementVars = Partial<Record<(typeof SETTLEMENT_VARS)[number], string | undefined>>;

const BIC = /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** The debtor of an environment's files; a 409 naming the setting when production's is missing or invalid. */
export function settlementAccount(env: Env, vars: SettlementVars): Party {
  if (env === 'sandbox') return { ...SANDBOX_SETTLEMENT_ACCOUNT };
  const iban = vars.KASSA_SETTLEMENT_IBAN?.trim();
  const name = vars.KASSA_SETTLEMENT_NAME?.trim();
  const bic = vars.KASSA_SETTLEMENT_BIC?.replace(/\s+/g, '').toUpperCase();
  const missing = [!iban && 'KASSA_SETTLEMENT_IBAN', !name && 'KASSA_SETTLEMENT_NAME'].filter(Boolean);
  if (missing.length) {
    throw Errors.notConfigured(`production pain.001 files need the operator's settlement account: set ${missing.join(' and ')} (and optionally KASSA_SETTLEMENT_BIC) on the server`);
  }
  if (!isValidIban(iban!)) throw Errors.notConfigured('KASSA_SETTLEMENT_IBAN is not a valid IBAN; fix it on the server');
  if (bic && !BIC.test(bic)) throw Errors.notConfigured('KASSA_SETTLEMENT_BIC is not a BIC of 8 or 11 characters; fix it or leave it unset on the server');
  return { name: name!, iban: normalizeIban(iban!), bic: bic || undefined };
}
