/**
 * A writer of ISO 20022 pain.001.001.09 (Customer Credit Transfer Initiation) for SEPA credit
 * transfers, as the EPC's customer-to-PSP implementation guidelines (EPC132-08, 2023 v1.0)
 * restrict it: the file a bank imports to pay money out of an account. Pure: data in, XML out.
 *
 *   Document/CstmrCdtTrfInitn
 *     GrpHdr      MsgId, CreDtTm, NbOfTxs, CtrlSum, InitgPty/Nm
 *     PmtInf      one per debtor account and requested execution date: PmtInfId, PmtMtd TRF,
 *                 BtchBookg, NbOfTxs, CtrlSum, PmtTpInf/SvcLvl/Cd SEPA, ReqdExctnDt/Dt, Dbtr/Nm,
 *                 DbtrAcct/Id/IBAN, DbtrAgt (BICFI, or Othr/Id NOTPROVIDED), ChrgBr SLEV
 *       CdtTrfTxInf  one per transfer: PmtId/EndToEndId, Amt/InstdAmt Ccy="EUR", [CdtrAgt/BICFI],
 *                    Cdtr/Nm, CdtrAcct/Id/IBAN, [RmtInf/Ustrd]
 *
 * Amounts are integer minor units in, decimal text with two places out (platform/money.ts), and
 * the control sums are added up in integers: never a float. Only EUR is SEPA: a transfer in any
 * other currency is refused (Pain001Error), never written into a SEPA file (decisions.md, "Money
 * out as pain.001 files"). Names and remittance texts are reduced to the EPC's character set
 * (text.ts); identifiers must already be in it.
 */
import { formatAmount } from '../../platform/money.js';
import { isValidIban, normalizeIban } from '../../platform/iban.js';
import { sepaText, xmlText } from './text.js';

export const PAIN001_VERSION = 'pain.001.001.09';
export const PAIN001_NAMESPACE = `urn:iso:std:iso:20022:tech:xsd:${PAIN001_VERSION}`;
/** The one currency of SEPA credit transfers. */
export const SEPA_CURRENCY = 'EUR';
/** The EPC's bounds of one transfer's amount: 0.01 to 999 999 999.99 euro. */
export const MIN_TRANSFER_MINOR = 1;
export const MAX_TRANSFER_MINOR = 99_999_999_999;
export const NAME_MAX = 70;
export const REMITTANCE_MAX = 140;
export const ID_MAX = 35;

/** A debtor or creditor account: IBAN (spaces allowed), optional BIC, the holder's name. */
export interface Party {
  name: string;
  iban: string;
  bic?: string | undefined;
}

export interface CreditTransfer {
  /** PmtId/EndToEndId: the payer's reference that travels to the beneficiary (≤ 35, no spaces). */
  endToEndId: string;
  amountMinor: number;
  currency: string;
  debtor: Party;
  /** ReqdExctnDt, YYYY-MM-DD. */
  executionDate: string;
  creditor: Party;
  /** RmtInf/Ustrd (cut to 140 characters); omitted when empty. */
  remittance?: string | undefined;
}

export interface Pain001Message {
  /** GrpHdr/MsgId (≤ 35, unique per file: banks refuse a MsgId they have seen). */
  messageId: string;
  createdAt: Date;
  /** GrpHdr/InitgPty/Nm. */
  initiatingParty: string;
  /** BtchBookg: one debit for each PmtInf (true) or one per transfer (false). Default true. */
  batchBooking?: boolean;
  transfers: readonly CreditTransfer[];
}

export interface Pain001PaymentSummary {
  paymentInfoId: string;
  debtorIban: string;
  executionDate: string;
  transactions: number;
  controlSumMinor: number;
}

export interface Pain001File {
  xml: string;
  messageId: string;
  transactions: number;
  controlSumMinor: number;
  payments: Pain001PaymentSummary[];
}

/** A transfer or message that cannot be written; `field` names it (e.g. `transfers[2].currency`). */
export class Pain001Error extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field} ${problem}`);
    this.name = 'Pain001Error';
  }
}

const ID = /^[A-Za-z0-9+?\-:().,'/]{1,35}$/;
const BIC = /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An identifier the EPC accepts: its character set without spaces, 1–35 long, no leading, trailing or double `/`. */
export function isSepaId(s: string): boolean {
  return ID.test(s) && !s.startsWith('/') && !s.endsWith('/') && !s.includes('//');
}

function checkId(field: string, s: string): void {
  if (!isSepaId(s)) throw new Pain001Error(field, `must be 1 to ${ID_MAX} characters of A-Z a-z 0-9 + ? - : ( ) . , ' / (no leading, trailing or double /), got ${JSON.stringify(s)}`);
}

function checkDate(field: string, s: string): void {
  const d = new Date(`${s}T00:00:00Z`);
  if (!DATE.test(s) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) throw new Pain001Error(field, `must be a date YYYY-MM-DD, got ${JSON.stringify(s)}`);
}

interface CleanParty {
  name: string;
  iban: string;
  bic: string | undefined;
}

function party(field: string, p: Party): CleanParty {
  const iban = normalizeIban(p.iban);
  if (!isValidIban(iban)) throw new Pain001Error(`${field}.iban`, `must be a valid IBAN, got ${JSON.stringify(p.iban)}`);
  const bic = p.bic === undefined || p.bic.trim() === '' ? undefined : p.bic.replace(/\s+/g, '').toUpperCase();
  if (bic !== undefined && !BIC.test(bic)) throw new Pain001Error(`${field}.bic`, `must be a BIC of 8 or 11 characters, got ${JSON.stringify(p.bic)}`);
  const name = sepaText(p.name, NAME_MAX);
  if (!name) throw new Pain001Error(`${field}.name`, 'must have at least one letter or digit of the SEPA character set');
  return { name, iban, bic };
}

function checkAmount(field: string, minor: number): void {
  if (!Number.isSafeInteger(minor) || minor < MIN_TRANSFER_MINOR || minor > MAX_TRANSFER_MINOR) {
    throw new Pain001Error(field, `must be a whole number of cents from ${formatAmount(MIN_TRANSFER_MINOR)} to ${formatAmount(MAX_TRANSFER_MINOR)}, got ${minor}`);
  }
}

function checkTransfer(f: string, t: CreditTransfer): { debtor: CleanParty; creditor: CleanParty } {
  checkId(`${f}.endToEndId`, t.endToEndId);
  if (t.currency !== SEPA_CURRENCY) {
    throw new Pain001Error(`${f}.currency`, `is ${t.currency}: only EUR transfers are SEPA credit transfers; pay other currencies outside this file`);
  }
  checkAmount(`${f}.amountMinor`, t.amountMinor);
  checkDate(`${f}.executionDate`, t.executionDate);
  return { debtor: party(`${f}.debtor`, t.debtor), creditor: party(`${f}.creditor`, t.creditor) };
}

/** Why `t` cannot go in a SEPA file (the field and problem, as writePain001 would throw), or undefined. */
export function transferProblem(t: CreditTransfer, field = 'transfer'): string | undefined {
  try {
    checkTransfer(field, t);
    return undefined;
  } catch (e) {
    if (e instanceof Pain001Error) return e.message;
    throw e;
  }
}

/** An ISODateTime in UTC to the second: 2026-11-27T06:00:00Z. */
function dateTime(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

interface Group {
  debtor: CleanParty;
  executionDate: string;
  rows: { t: CreditTransfer; creditor: CleanParty; remittance: string }[];
  sum: number;
}

function agent(bic: string | undefined, indent: string): string {
  return bic ? `${indent}<FinInstnId><BICFI>${bic}</BICFI></FinInstnId>` : `${indent}<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>`;
}

/**
 * The pain.001.001.09 file of `msg`: transfers grouped into one PmtInf per debtor IBAN and
 * execution date, in the order they first appear; throws Pain001Error for anything the EPC's
 * rules refuse (no transfers, a currency other than EUR, a bad IBAN, BIC, date, identifier or
 * amount, a name with nothing left of it in the SEPA character set, a duplicate EndToEndId).
 */
export function writePain001(msg: Pain001Message): Pain001File {
  checkId('messageId', msg.messageId);
  if (Number.isNaN(msg.createdAt.getTime())) throw new Pain001Error('createdAt', 'must be a valid time');
  const initiator = sepaText(msg.initiatingParty, NAME_MAX);
  if (!initiator) throw new Pain001Error('initiatingParty', 'must have at least one letter or digit of the SEPA character set');
  if (msg.transfers.length === 0) throw new Pain001Error('transfers', 'must hold at least one transfer');

  const groups = new Map<string, Group>();
  const seen = new Set<string>();
  msg.transfers.forEach((t, i) => {
    const f = `transfers[${i}]`;
    const { debtor, creditor } = checkTransfer(f, t);
    if (seen.has(t.endToEndId)) throw new Pain001Error(`${f}.endToEndId`, `${t.endToEndId} appears twice in the file`);
    seen.add(t.endToEndId);
    const key = `${debtor.iban}|${t.executionDate}`;
    let g = groups.get(key);
    if (!g) {
      g = { debtor, executionDate: t.executionDate, rows: [], sum: 0 };
      groups.set(key, g);
    } else if (g.debtor.name !== debtor.name || g.debtor.bic !== debtor.bic) {
      throw new Pain001Error(`${f}.debtor`, `names account ${debtor.iban} with another name or BIC than an earlier transfer`);
    }
    g.rows.push({ t, creditor, remittance: sepaText(t.remittance ?? '', REMITTANCE_MAX) });
    g.sum += t.amountMinor;
  });

  const total = [...groups.values()].reduce((s, g) => s + g.sum, 0);
  if (!Number.isSafeInteger(total)) throw new Pain001Error('transfers', 'add up to more than a file can hold; split them');
  const payments: Pain001PaymentSummary[] = [];
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="${PAIN001_NAMESPACE}">`,
    '  <CstmrCdtTrfInitn>',
    '    <GrpHdr>',
    `      <MsgId>${xmlText(msg.messageId)}</MsgId>`,
    `      <CreDtTm>${dateTime(msg.createdAt)}</CreDtTm>`,
    `      <NbOfTxs>${msg.transfers.length}</NbOfTxs>`,
    `      <CtrlSum>${formatAmount(total)}</CtrlSum>`,
    `      <InitgPty><Nm>${xmlText(initiator)}</Nm></InitgPty>`,
    '    </GrpHdr>',
  ];
  let n = 0;
  for (const g of groups.values()) {
    n += 1;
    const paymentInfoId = `${msg.messageId.slice(0, ID_MAX - 1 - String(n).length)}-${n}`;
    checkId('paymentInfoId', paymentInfoId);
    payments.push({ paymentInfoId, debtorIban: g.debtor.iban, executionDate: g.executionDate, transactions: g.rows.length, controlSumMinor: g.sum });
    out.push(
      '    <PmtInf>',
      `      <PmtInfId>${xmlText(paymentInfoId)}</PmtInfId>`,
      '      <PmtMtd>TRF</PmtMtd>',
      `      <BtchBookg>${msg.batchBooking === false ? 'false' : 'true'}</BtchBookg>`,
      `      <NbOfTxs>${g.rows.length}</NbOfTxs>`,
      `      <CtrlSum>${formatAmount(g.sum)}</CtrlSum>`,
      '      <PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>',
      `      <ReqdExctnDt><Dt>${g.executionDate}</Dt></ReqdExctnDt>`,
      `      <Dbtr><Nm>${xmlText(g.debtor.name)}</Nm></Dbtr>`,
      `      <DbtrAcct><Id><IBAN>${g.debtor.iban}</IBAN></Id></DbtrAcct>`,
      `      <DbtrAgt>`,
      agent(g.debtor.bic, '        '),
      `      </DbtrAgt>`,
      '      <ChrgBr>SLEV</ChrgBr>',
    );
    for (const { t, creditor, remittance } of g.rows) {
      out.push(
        '      <CdtTrfTxInf>',
        `        <PmtId><EndToEndId>${xmlText(t.endToEndId)}</EndToEndId></PmtId>`,
        `        <Amt><InstdAmt Ccy="${SEPA_CURRENCY}">${formatAmount(t.amountMinor)}</InstdAmt></Amt>`,
        ...(creditor.bic ? [`        <CdtrAgt><FinInstnId><BICFI>${creditor.bic}</BICFI></FinInstnId></CdtrAgt>`] : []),
        `        <Cdtr><Nm>${xmlText(creditor.name)}</Nm></Cdtr>`,
        `        <CdtrAcct><Id><IBAN>${creditor.iban}</IBAN></Id></CdtrAcct>`,
        ...(remittance ? [`        <RmtInf><Ustrd>${xmlText(remittance)}</Ustrd></RmtInf>`] : []),
        '      </CdtTrfTxInf>',
      );
    }
    out.push('    </PmtInf>');
  }
  out.push('  </CstmrCdtTrfInitn>', '</Document>', '');
  return { xml: out.join('\n'), messageId: msg.messageId, transactions: msg.transfers.length, controlSumMinor: total, payments };
}
