/**
 * A payout export, written in a worker thread of its own (see export-runner.ts): reads the payout
 * through a cursor on its own connection, writes the file, and hands the bytes to the main thread
 * one chunk at a time, waiting for each to be taken. Its heap is small and capped, so a large
 * export neither grows the API's heap nor can take the API down.
 */
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { createPool } from '../platform/db.js';
import { writeExport, type ExportFormat, type PayoutExportHeader } from './exports/index.js';
import { exportRows } from './store.js';

export interface ExportJob {
  databaseUrl: string;
  payoutId: string;
  format: ExportFormat;
  header: PayoutExportHeader;
}

/** Worker → main: a chunk of the file, the end, or why it failed. Main → worker: 'more'. */
export type WorkerMessage = { type: 'chunk'; data: ArrayBuffer } | { type: 'end' } | { type: 'error'; message: string };

const port = parentPort!;
const job = workerData as ExportJob;
let taken: (() => void) | undefined;
port.on('message', (m: unknown) => {
  if (m !== 'more') return;
  const done = taken;
  taken = undefined;
  done?.();
});

const sink = new Writable({
  highWaterMark: 64 * 1024,
  write(chunk: Buffer, _enc, callback) {
    // Copied, not transferred: memory allocated by this thread is freed by this thread, which keeps
    // the process's malloc arenas from fragmenting (transferred buffers grew RSS by ~40 MB).
    const data = chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.length) as ArrayBuffer;
    taken = () => callback();
    port.postMessage({ type: 'chunk', data } satisfies WorkerMessage);
  },
});

const db = createPool(job.databaseUrl, 1);
try {
  await writeExport(job.format, { ...job.header, createdAt: new Date(job.header.createdAt) }, exportRows(db, job.payoutId), sink);
  port.postMessage({ type: 'end' } satisfies WorkerMessage);
} catch (err) {
  port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies WorkerMessage);
} finally {
  await db.end();
}
