/**
 * The ledger's chart of accounts and settlement channels, as data.
 *
 * Every store has, per environment, settlement channel and currency, four accounts. Amounts are
 * integer minor units, debits positive and credits negative, and every transaction sums to zero:
 * - `processor`: money held for the store at the bank or processor that collected it (an asset);
 * - `merchant`: what Kassa owes the store (a liability; the store's balance is its credit side);
 * - `fees`: the service's earned fees;
 * - `bank`: money that left for, or came from, the store's own bank account (payouts, top-ups).
 */
export const ACCOUNTS = ['merchant', 'processor', 'fees', 'bank'] as const;
export type Account = (typeof ACCOUNTS)[number];

/**
 * How money reaches a store: the spec's settlement channel (a payout's `settlementType`, the keys
 * of GET /store-balances). Bank payments collect into Kassa's account at the bank and are the
 * balance bank-payment refunds are paid from; cards and card wallets settle through the card
 * acquirer; BLIK through its own clearing; bnpl and hire purchase through the financing partner.
 * Which channel a payment method settles through is a fact of the method's definition
 * (payments/methods/catalogue/methods.ts `METHOD_CHANNEL`): the ledger knows channels, not methods.
 */
export const CHANNELS = ['bankPayments', 'cardPayments', 'blik', 'financing'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Business days from a payment until its money may be paid out (and refunded), per channel. */
export const SETTLEMENT_BUSINESS_DAYS: Readonly<Record<Channel, number>> = Object.freeze({
  bankPayments: 1,
  cardPayments: 1,
  blik: 1,
  financing: 2,
});

export const TRANSACTION_KINDS = ['payment', 'fee', 'refund', 'refundReversal', 'payout', 'topUp'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export interface Line {
  account: Account;
  /** Debit positive, credit negative; never zero. */
  amount: number;
}

/**
 * The entries of each kind of transaction for a positive `amount`:
 * - payment: the processor holds the gross, owed to the merchant;
 * - fee: the merchant pays the service its fee;
 * - refund: the merchant's money goes back out through the processor; refundReversal undoes it
 *   (the processor rejected the refund after it was booked);
 * - payout: the merchant's money leaves for its bank account; topUp: the merchant adds money.
 */
export function linesOf(kind: TransactionKind, amount: number): Line[] {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`a ${kind} amount must be a positive integer of minor units, got ${amount}`);
  switch (kind) {
    case 'payment':
      return [
        { account: 'processor', amount },
        { account: 'merchant', amount: -amount },
      ];
    case 'fee':
      return [
        { account: 'merchant', amount },
        { account: 'fees', amount: -amount },
      ];
    case 'refund':
      return [
        { account: 'merchant', amount },
        { account: 'processor', amount: -amount },
      ];
    case 'refundReversal':
      return [
        { account: 'processor', amount },
        { account: 'merchant', amount: -amount },
      ];
    case 'payout':
      return [
        { account: 'merchant', amount },
        { account: 'bank', amount: -amount },
      ];
    case 'topUp':
      return [
        { account: 'bank', amount },
        { account: 'merchant', amount: -amount },
      ];
  }
}

/** The store's balance (what it is owed) from the merchant account's debit-positive sum. */
export const merchantOwed = (merchantAccountBalance: number): number => 0 - merchantAccountBalance; // never -0

/** A transaction's lines sum to zero and none is zero. */
export function isBalanced(lines: readonly Line[]): boolean {
  let sum = 0;
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amount) || l.amount === 0) return false;
    sum += l.amount;
  }
  return lines.length >= 2 && sum === 0;
}
