/**
 * A payout export, written in a worker thread of its own (see export-runner.ts): reads the payout
 * through a cursor on its own connection, writes the file, and hands the bytes to the main thread
 * in a few reusable buffers that travel back and forth (transferred, never copied or left for the
 * garbage collector), so the API thread allocates nothing per chunk. Its heap is small and
 * capped, so a large export neither grows the API's memory nor can take the API down.
 */
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { createPool, runAs } from '../platform/db.js';
import { writeExport, type ExportFormat, type PayoutExportHeader } from './exports/index.js';
import { exportRows } from './store.js';

export interface ExportJob {
  databaseUrl: string;
  payoutId: string;
  format: ExportFormat;
  header: PayoutExportHeader;
}

/** Worker → main: bytes (`length` of `data`), the end, or why it failed. Main → worker: a buffer back. */
export type WorkerMessage = { type: 'chunk'; data: ArrayBuffer; length: number } | { type: 'end' } | { type: 'error'; message: string };
export type MainMessage = { type: 'return'; data: ArrayBuffer };

/** Buffers in circulation, and their size (the writers hand over ~64 K characters at a time). */
const BUFFERS = 8;
const BUFFER_BYTES = 256 * 1024;

const port = parentPort!;
const job = workerData as ExportJob;
const free: ArrayBuffer[] = Array.from({ length: BUFFERS }, () => new ArrayBuffer(BUFFER_BYTES));
let waiting: (() => void) | undefined;
port.on('message', (m: MainMessage) => {
  if (m.type !== 'return') return;
  free.push(m.data);
  const go = waiting;
  waiting = undefined;
  go?.();
});

const sink = new Writable({
  highWaterMark: 64 * 1024,
  write(chunk: Buffer, _enc, callback) {
    const send = () => {
      let offset = 0;
      // A chunk larger than one buffer goes in pieces, each waiting for a free buffer.
      const next = (): void => {
        if (offset >= chunk.length) {
          callback();
          return;
        }
        const data = free.pop();
        if (!data) {
          waiting = next;
          return;
        }
        const length = Math.min(data.byteLength, chunk.length - offset);
        chunk.copy(new Uint8Array(data), 0, offset, offset + length);
        offset += length;
        port.postMessage({ type: 'chunk', data, length } satisfies WorkerMessage, [data]);
        next();
      };
      next();
    };
    send();
  },
});

const db = createPool(job.databaseUrl, 1);
try {
  // A large read (a replica's, when there is one): the export kind's time limits.
  await runAs('report', () => writeExport(job.format, { ...job.header, createdAt: new Date(job.header.createdAt) }, exportRows(db, job.payoutId), sink));
  port.postMessage({ type: 'end' } satisfies WorkerMessage);
} catch (err) {
  port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies WorkerMessage);
} finally {
  await db.end();
  port.close(); // nothing more to receive: let the thread end
}
