/**
 * `kassa payouts …`: a store's payouts and their export files (operator API, /operator/stores/:uuid/payouts).
 *   kassa payouts list STORE [--env sandbox|production] [--limit N] [--json]
 *   kassa payouts export STORE PAYOUT --format excel|xml|json|csv [--env …] [--out FILE|-] [--json]
 * The export streams as the server writes it; progress (bytes so far) goes to stderr, the file to
 * FILE (default: the server's file name, in the current folder) or stdout with `--out -`. A file is
 * written as FILE.part and renamed when complete, so a cut download never looks like a whole one.
 *
 * Money out as ISO 20022 pain.001 (SEPA credit transfer) files for the settlement account's bank:
 *   kassa payouts pain001 --date YYYY-MM-DD | --ids UUID,UUID [--env …] [--execution-date YYYY-MM-DD] [--out FILE|-] [--json]
 *   kassa payouts refunds-pain001 --from D --to D | --new | --file FILE_ID [--env …] [--execution-date D] [--out FILE|-] [--json]
 * (operator API GET /operator/payouts/pain001, GET|POST /operator/refunds/pain001, GET /operator/pain001-files/:id).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EXPORT_FORMATS, exportFileName, isExportFormat } from '../payouts/exports/index.js';
import type { PayoutView } from '../payouts/view.js';
import { CliError, listLines, operatorCall, operatorFetch, plural, usageError, type Io } from './kit.js';

export const PAYOUTS_USAGE = `  kassa payouts list STORE [--env sandbox|production (default production)] [--limit N] [--json]
  kassa payouts export STORE PAYOUT --format ${EXPORT_FORMATS.join('|')} [--env …] [--out FILE|- (default the server's file name)] [--json]
  kassa payouts pain001 --date YYYY-MM-DD | --ids UUID,UUID… [--env …] [--execution-date YYYY-MM-DD] [--out FILE|- (default MSGID.xml)] [--json]
  kassa payouts refunds-pain001 --from YYYY-MM-DD --to YYYY-MM-DD | --new | --file FILE_ID [--env …] [--execution-date YYYY-MM-DD] [--out FILE|-] [--json]`;

/** The API's payout object, as the operator route answers it. */
type PayoutOut = PayoutView;

/** How often progress is reported while bytes arrive. */
const PROGRESS_EVERY_MS = 500;

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

export async function payoutsCommand(argv: string[], io: Io): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      env: { type: 'string' },
      limit: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      json: { type: 'boolean', default: false },
      date: { type: 'string' },
      ids: { type: 'string' },
      'execution-date': { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      new: { type: 'boolean', default: false },
      file: { type: 'string' },
    },
  });
  const [, verb, store, payout] = positionals;
  if (values.env !== undefined && values.env !== 'sandbox' && values.env !== 'production') throw usageError('--env must be sandbox or production');
  const env = values.env ?? 'production';
  if (verb === 'pain001' || verb === 'refunds-pain001') return pain001Command(verb, env, values, io);
  if (verb !== 'list' && verb !== 'export') throw usageError(verb ? `unknown command "payouts ${verb}"` : '"payouts" needs a command');
  if (!store) throw usageError('the store uuid is required');
  const base = `/operator/stores/${encodeURIComponent(store)}/payouts`;

  if (verb === 'list') {
    if (values.limit !== undefined && !/^\d+$/.test(values.limit)) throw usageError('--limit must be a number');
    const q = new URLSearchParams({ env, ...(values.limit ? { limit: values.limit } : {}) });
    const { payouts } = (await operatorCall('GET', `${base}?${q}`)) as { payouts: PayoutOut[] };
    if (values.json) return io.out(JSON.stringify(payouts));
    return listLines(
      io,
      payouts,
      `${env} payouts`,
      (p) => `${p.uuid}  ${p.createdAt}  ${p.status.padEnd(10)} ${p.settlementType.padEnd(12)} ${p.totalAmount.padStart(12)} ${p.currency}  arrives ${p.expectedArrivalDate ?? '—'}`,
    );
  }

  if (!payout) throw usageError('the payout uuid is required');
  if (!isExportFormat(values.format)) throw usageError(`--format must be one of ${EXPORT_FORMATS.join(', ')}`);
  const format = values.format;
  io.progress(`preparing the ${format} export of payout ${payout}…`);
  const res = await operatorFetch('GET', `${base}/${encodeURIComponent(payout)}/export-${format}?${new URLSearchParams({ env })}`);
  const toStdout = values.out === '-';
  const file = toStdout ? null : path.resolve(values.out ?? exportFileName(payout, format));
  const part = file && `${file}.part`;
  const sink = part ? fs.createWriteStream(part) : process.stdout;
  let bytes = 0;
  let reported = performance.now(); // a stopwatch, not the time of day
  try {
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      if (!sink.write(value)) await new Promise<void>((r) => sink.once('drain', () => r()));
      if (performance.now() - reported >= PROGRESS_EVERY_MS) {
        reported = performance.now();
        io.progress(`  ${kib(bytes)} received`);
      }
    }
    if (part) await new Promise<void>((resolve, reject) => (sink as fs.WriteStream).end((err?: Error | null) => (err ? reject(err) : resolve())));
  } catch (err) {
    if (part) {
      (sink as fs.WriteStream).destroy();
      fs.rmSync(part, { force: true });
    }
    throw new CliError(`the export was cut short after ${plural(bytes, 'byte')} (${(err as Error).message}); nothing was saved`);
  }
  if (file && part) fs.renameSync(part, file);
  io.progress(`done: ${kib(bytes)}${file ? ` saved to ${file}` : ''}`);
  if (toStdout) return;
  const answer = { payoutUuid: payout, format, contentType: res.headers.get('content-type'), bytes, file };
  if (values.json) return io.out(JSON.stringify(answer));
  io.out(`${file} (${plural(bytes, 'byte')}, ${answer.contentType})`);
}

interface Pain001Options {
  date?: string | undefined;
  ids?: string | undefined;
  'execution-date'?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  new?: boolean | undefined;
  file?: string | undefined;
  out?: string | undefined;
  json?: boolean | undefined;
}

/** `payouts pain001` and `payouts refunds-pain001`: fetches the file, saves it whole (FILE.part, renamed) or prints it. */
async function pain001Command(verb: 'pain001' | 'refunds-pain001', env: string, o: Pain001Options, io: Io): Promise<void> {
  const DATE = /^\d{4}-\d{2}-\d{2}$/;
  for (const [name, v] of [
    ['--date', o.date],
    ['--from', o.from],
    ['--to', o.to],
    ['--execution-date', o['execution-date']],
  ] as const) {
    if (v !== undefined && !DATE.test(v)) throw usageError(`${name} must be a date YYYY-MM-DD`);
  }
  const execution: Record<string, string> = o['execution-date'] ? { executionDate: o['execution-date'] } : {};
  let res: Response;
  if (verb === 'pain001') {
    if ((o.date === undefined) === (o.ids === undefined)) throw usageError('payouts pain001 needs --date YYYY-MM-DD or --ids UUID,UUID (one of them)');
    const q = new URLSearchParams({ env, ...(o.date ? { date: o.date } : { ids: o.ids! }), ...execution });
    io.progress(`preparing the pain.001 file of ${o.date ? `the ${env} payouts of ${o.date}` : 'the payouts named'}…`);
    res = await operatorFetch('GET', `/operator/payouts/pain001?${q}`);
  } else {
    const ways = [o.from !== undefined || o.to !== undefined, o.new === true, o.file !== undefined].filter(Boolean).length;
    if (ways !== 1) throw usageError('payouts refunds-pain001 needs one of: --from D --to D, --new, --file FILE_ID');
    if (o.file !== undefined) {
      res = await operatorFetch('GET', `/operator/pain001-files/${encodeURIComponent(o.file)}`);
    } else if (o.new) {
      io.progress(`writing a pain.001 file of the ${env} bank-payment refunds not yet in one…`);
      res = await operatorFetch('POST', '/operator/refunds/pain001', { env, ...execution });
    } else {
      if (o.from === undefined || o.to === undefined) throw usageError('--from and --to go together');
      res = await operatorFetch('GET', `/operator/refunds/pain001?${new URLSearchParams({ env, from: o.from, to: o.to, ...execution })}`);
    }
  }
  const xml = await res.text();
  const h = (name: string) => res.headers.get(name);
  const summary = {
    messageId: h('x-kassa-message-id'),
    transactions: Number(h('x-kassa-transactions') ?? 0),
    controlSum: h('x-kassa-control-sum'),
    currency: 'EUR',
    excluded: Number(h('x-kassa-excluded') ?? 0),
    excludedIds: h('x-kassa-excluded-ids')?.split(',').filter(Boolean) ?? [],
    fileId: h('x-kassa-file-id'),
    file: null as string | null,
  };
  if (o.out === '-') {
    process.stdout.write(xml);
  } else {
    const file = path.resolve(o.out ?? `${summary.messageId ?? 'pain001'}.xml`);
    fs.writeFileSync(`${file}.part`, xml);
    fs.renameSync(`${file}.part`, file);
    summary.file = file;
  }
  if (summary.excluded)
    io.progress(`${summary.excluded} left out (not payable by SEPA credit transfer): ${summary.excludedIds.join(', ')}${summary.excluded > summary.excludedIds.length ? ' …' : ''}`);
  if (o.out === '-') return;
  if (o.json) return io.out(JSON.stringify(summary));
  io.out(`${summary.file} (${plural(summary.transactions, 'transfer')}, EUR ${summary.controlSum}, MsgId ${summary.messageId}${summary.fileId ? `, file ${summary.fileId}` : ''})`);
}
