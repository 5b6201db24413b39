/**
 * `kassa payouts …`: a store's payouts and their export files (operator API, /operator/stores/:uuid/payouts).
 *   kassa payouts list STORE [--env sandbox|production] [--limit N] [--json]
 *   kassa payouts export STORE PAYOUT --format excel|xml|json|csv [--env …] [--out FILE|-] [--json]
 * The export streams as the server writes it; progress (bytes so far) goes to stderr, the file to
 * FILE (default: the server's file name, in the current folder) or stdout with `--out -`. A file is
 * written as FILE.part and renamed when complete, so a cut download never looks like a whole one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EXPORT_FORMATS, exportFileName, isExportFormat } from '../payouts/exports/index.js';
import type { PayoutView } from '../payouts/view.js';
import { CliError, operatorCall, operatorFetch, usageError, type Io } from './kit.js';

export const PAYOUTS_USAGE = `  kassa payouts list STORE [--env sandbox|production (default production)] [--limit N] [--json]
  kassa payouts export STORE PAYOUT --format ${EXPORT_FORMATS.join('|')} [--env …] [--out FILE|- (default the server's file name)] [--json]`;

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
    },
  });
  const [, verb, store, payout] = positionals;
  if (values.env !== undefined && values.env !== 'sandbox' && values.env !== 'production') throw usageError('--env must be sandbox or production');
  const env = values.env ?? 'production';
  if (verb !== 'list' && verb !== 'export') throw usageError(verb ? `unknown command "payouts ${verb}"` : '"payouts" needs a command');
  if (!store) throw usageError('the store uuid is required');
  const base = `/operator/stores/${encodeURIComponent(store)}/payouts`;

  if (verb === 'list') {
    if (values.limit !== undefined && !/^\d+$/.test(values.limit)) throw usageError('--limit must be a number');
    const q = new URLSearchParams({ env, ...(values.limit ? { limit: values.limit } : {}) });
    const { payouts } = (await operatorCall('GET', `${base}?${q}`)) as { payouts: PayoutOut[] };
    if (values.json) return io.out(JSON.stringify(payouts));
    for (const p of payouts) {
      io.out(`${p.uuid}  ${p.createdAt}  ${p.status.padEnd(10)} ${p.settlementType.padEnd(12)} ${p.totalAmount.padStart(12)} ${p.currency}  arrives ${p.expectedArrivalDate ?? '—'}`);
    }
    return;
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
    throw new CliError(`the export was cut short after ${bytes} bytes (${(err as Error).message}); nothing was saved`);
  }
  if (file && part) fs.renameSync(part, file);
  io.progress(`done: ${kib(bytes)}${file ? ` saved to ${file}` : ''}`);
  if (toStdout) return;
  const answer = { payoutUuid: payout, format, contentType: res.headers.get('content-type'), bytes, file };
  if (values.json) return io.out(JSON.stringify(answer));
  io.out(`${file} (${bytes} bytes, ${answer.contentType})`);
}
