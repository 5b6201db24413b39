/**
 * `kassa labels create --shipment ID [--shipment ID…] [--page-size A4|A6] [--out FILE] [--json]`:
 * one label file of the store's registered shipments, made through the shipping v2 API exactly as
 * a merchant's server makes it (POST /label-files, GET /label-files/:id until it is ready, then the
 * signed download link), written to FILE (default labels-<id>.pdf). Progress on stderr
 * ("label file X: pending…", "label file X: ready (N pages)"); the answer on stdout. The store's
 * keys and environment as every developer command (developer/api.ts). `kassa trigger
 * shipment.labelsCreated` makes its file with `makeLabelFile` too.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { systemClock } from '../platform/clock.js';
import type { LabelFileJson } from '../shipping/label-files/model.js';
import { storeApi, storeContext, type StoreContext } from './developer/api.js';
import { CliError, plural, usageError, type Io } from './kit.js';

export const LABELS_USAGE = `  kassa labels create --shipment UUID [--shipment UUID…] [--page-size A4|A6] [--out FILE (default labels-<id>.pdf)]
        [--timeout SECONDS (default 120)] [--json]   one label file of registered shipments, downloaded when ready (progress on stderr)`;

/** Between two looks at a pending file: short at first (a file of a few labels is ready in well under a second), then 1 s. */
const POLL_MS = [100, 200, 400, 800, 1000] as const;

/** Pages of a PDF (its page objects). */
export const pdfPages = (pdf: Buffer): number => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;

export async function labelsCommand(argv: string[], io: Io): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'access-key': { type: 'string' },
      'secret-key': { type: 'string' },
      env: { type: 'string' },
      shipment: { type: 'string', multiple: true },
      'page-size': { type: 'string' },
      out: { type: 'string' },
      timeout: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const [, verb, extra] = positionals;
  if (verb !== 'create' || extra !== undefined) throw usageError('kassa labels create --shipment UUID [--shipment UUID…]');
  const shipments = values.shipment ?? [];
  if (shipments.length === 0) throw usageError('at least one --shipment UUID is required');
  const pageSize = values['page-size'];
  if (pageSize !== undefined && pageSize !== 'A4' && pageSize !== 'A6') throw usageError('--page-size A4|A6');
  const timeoutS = values.timeout === undefined ? 120 : Number(values.timeout);
  if (!Number.isInteger(timeoutS) || timeoutS < 1 || timeoutS > 3600) throw usageError('--timeout must be whole seconds, 1 to 3600');
  const c = storeContext(values, io.out, io.progress);
  const file = await makeLabelFile(c, shipments, timeoutS * 1000, pageSize);
  if (file.status === 'failed') {
    const why = (file.errors ?? []).map((e) => `${e.shipmentId ? `shipment ${e.shipmentId} ` : ''}${e.field}: ${e.message}`).join('; ');
    throw new CliError(`label file ${file.id}: failed: ${why}`);
  }
  const pdf = await download(file);
  const pages = pdfPages(pdf);
  io.progress(`label file ${file.id}: ready (${plural(pages, 'page')})`);
  const out = values.out ?? `labels-${file.id}.pdf`;
  try {
    await writeFile(out, pdf);
  } catch (e) {
    throw new CliError(`cannot write ${out}: ${(e as Error).message}`);
  }
  const answer = { id: file.id, status: file.status, shipmentIds: file.shipmentIds, pages, bytes: pdf.length, file: out };
  io.out(c.json ? JSON.stringify(answer) : `label file ${file.id}  ready  ${plural(pages, 'page')}  ${plural(pdf.length, 'byte')}  ${out}`);
}

/**
 * POST /label-files, then GET it until the server's label worker has made it ready or failed it
 * (progress on stderr; when the time is up: exit 1, the file stays on the server). The server's
 * rules answer a bad or foreign shipment id (400/404/409: exit 1 with its message).
 */
export async function makeLabelFile(c: StoreContext, shipmentIds: string[], timeoutMs: number, pageSize?: 'A4' | 'A6'): Promise<LabelFileJson> {
  const now = () => systemClock.now().getTime();
  const until = now() + timeoutMs;
  let file = (await storeApi(c, 'POST', '/label-files', { shipmentIds, ...(pageSize ? { pageSize } : {}) }, { base: c.shippingBase })) as LabelFileJson;
  c.err(`label file ${file.id}: pending…`);
  for (let i = 0; file.status === 'pending'; i++) {
    if (now() >= until) throw new CliError(`label file ${file.id}: still pending after ${timeoutMs / 1000} s (is the server's worker running? GET /label-files/${file.id} later)`);
    await new Promise((r) => setTimeout(r, POLL_MS[Math.min(i, POLL_MS.length - 1)]));
    file = (await storeApi(c, 'GET', `/label-files/${encodeURIComponent(file.id)}`, undefined, { base: c.shippingBase })) as LabelFileJson;
  }
  return file;
}

/** The PDF from the file's signed link (no Authorization: the link is the authorisation). */
async function download(file: LabelFileJson): Promise<Buffer> {
  if (!file.labelFileUrl) throw new CliError(`label file ${file.id}: ready but without a download link`);
  let res: Response;
  try {
    res = await fetch(file.labelFileUrl);
  } catch (e) {
    throw new CliError(`cannot download ${file.labelFileUrl}: ${(e as Error).message}`);
  }
  const body = Buffer.from(await res.arrayBuffer());
  if (!res.ok || !String(res.headers.get('content-type')).startsWith('application/pdf')) {
    throw new CliError(`downloading label file ${file.id} failed: ${res.status} ${body.toString('utf8', 0, 200)}`.trim());
  }
  return body;
}
