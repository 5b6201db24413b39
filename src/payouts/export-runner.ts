/**
 * Runs payout exports in worker threads with capped heaps, at most MAX_WORKERS at once (the rest
 * wait their turn), writing each worker's bytes straight to the HTTP response: a buffer goes back
 * to the worker once the socket has taken it, so a slow client slows the export instead of
 * filling memory, and the API thread allocates nothing per chunk. The API process's heap never
 * sees the hundreds of thousands of short-lived rows of a large export.
 */
import type { ServerResponse } from 'node:http';
import { Worker } from 'node:worker_threads';
import type { ExportJob, MainMessage, WorkerMessage } from './export-worker.js';

const MAX_WORKERS = 2;
/** Enough for the cursor's batches and the writers; a runaway export fails alone. */
export const EXPORT_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 24, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };

// Under a TypeScript loader (tests, `npm run dev`) the worker is the .ts file, run with tsx.
const SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(`./export-worker.${SOURCE ? 'ts' : 'js'}`, import.meta.url);

let running = 0;
const waiting: (() => void)[] = [];

function acquire(): Promise<void> {
  if (running < MAX_WORKERS) {
    running++;
    return Promise.resolve();
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/**
 * Writes the export as the body of `res` (status and headers already chosen by the caller) and
 * resolves when it is complete. A failure after the first byte can only cut the response short:
 * the connection is destroyed, so the client sees an incomplete download, never a complete-looking one.
 */
export async function writeExportInWorker(job: ExportJob, res: ServerResponse, head: Record<string, string>): Promise<void> {
  await acquire();
  try {
    if (res.destroyed) return;
    await new Promise<void>((resolve) => {
      const w = new Worker(WORKER_URL, { workerData: job, resourceLimits: EXPORT_RESOURCE_LIMITS, execArgv: SOURCE ? ['--import', 'tsx'] : [] });
      let done = false;
      let exited = false;
      const fail = (err: Error) => {
        if (done) return;
        done = true;
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' }));
        } else {
          res.destroy(err);
        }
        void w.terminate();
        resolve();
      };
      const onClose = () => {
        // The client went away before the end: stop the worker (its connection closes with it).
        if (!done) {
          done = true;
          void w.terminate();
          resolve();
        }
      };
      res.on('close', onClose);
      w.on('message', (m: WorkerMessage) => {
        if (done) return;
        if (m.type === 'chunk') {
          if (!res.headersSent) res.writeHead(200, head);
          res.write(Buffer.from(m.data, 0, m.length), () => {
            // Written to the socket: the buffer goes back to the worker for the next chunk.
            if (!exited) w.postMessage({ type: 'return', data: m.data } satisfies MainMessage, [m.data]);
          });
        } else if (m.type === 'end') {
          done = true;
          if (!res.headersSent) res.writeHead(200, head);
          res.off('close', onClose);
          res.end(() => {
            void w.terminate(); // it is ending anyway; do not wait for it
            resolve();
          });
        } else {
          fail(new Error(`payout export failed: ${m.message}`));
        }
      });
      w.on('error', (err) => fail(err)); // e.g. ERR_WORKER_OUT_OF_MEMORY
      w.on('exit', () => {
        exited = true;
        if (!done) fail(new Error('the payout export worker stopped before the file was complete'));
      });
    });
  } finally {
    release();
  }
}
