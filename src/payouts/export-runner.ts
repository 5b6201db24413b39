/**
 * Runs payout exports in worker threads with capped heaps, at most MAX_WORKERS at once (the rest
 * wait their turn), and bridges each worker's bytes into a Readable with backpressure: the worker
 * sends its next chunk only after the reader took the last. The API process's heap never sees the
 * hundreds of thousands of short-lived row objects of a large export, so its memory stays flat.
 */
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { ExportJob, WorkerMessage } from './export-worker.js';

const MAX_WORKERS = 2;
/** Enough for the cursor's batches and the writers; a runaway export fails alone. */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 24, maxYoungGenerationSizeMb: 8, stackSizeMb: 4 };

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

export function exportInWorker(job: ExportJob): Readable {
  let worker: Worker | undefined;
  let owed = false; // the worker waits for 'more'
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    release();
  };
  const out = new Readable({
    highWaterMark: 256 * 1024,
    read() {
      if (owed && worker) {
        owed = false;
        worker.postMessage('more');
      }
    },
    destroy(err, callback) {
      // The reader went away (or failed): stop the worker; its connection closes with it.
      const w = worker;
      worker = undefined;
      if (w && !finished) void w.terminate().finally(finish);
      callback(err);
    },
  });
  void acquire().then(() => {
    if (out.destroyed) return finish();
    const w = new Worker(WORKER_URL, { workerData: job, resourceLimits: RESOURCE_LIMITS, execArgv: SOURCE ? ['--import', 'tsx'] : [] });
    worker = w;
    w.on('message', (m: WorkerMessage) => {
      if (m.type === 'chunk') {
        if (out.push(Buffer.from(m.data))) w.postMessage('more');
        else owed = true;
      } else if (m.type === 'end') {
        out.push(null);
      } else {
        out.destroy(new Error(`payout export failed: ${m.message}`));
      }
    });
    w.on('error', (err) => out.destroy(err)); // e.g. ERR_WORKER_OUT_OF_MEMORY
    w.on('exit', () => {
      finish();
      if (!out.readableEnded && !out.destroyed) out.destroy(new Error('the payout export worker stopped before the file was complete'));
    });
  });
  return out;
}
