/**
 * Where a running Kassa serves HTTP, recorded in its data dir (`<dataDir>/kassa.url`) beside the
 * admin token the `kassa` CLI reads from the same dir: a server started with PORT=8081 (or its own
 * HOST) is found by the CLI without KASSA_URL, rather than the CLI calling the default :8080, where
 * another Kassa may answer "401 invalid operator token".
 *
 * The record names the process (pid and start time, as the data dir's lock does), so a record left
 * by a process that is gone is not taken for a running server. Several servers on one PostgreSQL
 * may share a data dir: the last to start is recorded, and each removes the record only while it
 * is still its own.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { systemClock } from './clock.js';
import { processStartTime, stillRunning } from './processes.js';

export const SERVED_URL_FILE = 'kassa.url';
/** The operator token the server generates into its data dir when KASSA_ADMIN_TOKEN is unset (runtime.ts); the CLI reads it. */
export const ADMIN_TOKEN_FILE = 'admin-token';

export interface ServedUrl {
  /** The base URL this machine reaches the server at, e.g. http://127.0.0.1:8081. */
  url: string;
  pid: number;
  startTime?: string;
  since: string;
}

/** The URL a local client reaches a listening socket at: a wildcard address becomes the loopback. */
export function localUrl(address: AddressInfo | string | null): string | undefined {
  if (!address || typeof address === 'string') return undefined;
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? 'localhost' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** Records `url` as this process's; returns the function that removes the record (if still this process's). */
export function recordServedUrl(dataDir: string, url: string): () => void {
  const file = path.join(dataDir, SERVED_URL_FILE);
  const me: ServedUrl = { url, pid: process.pid, startTime: processStartTime(process.pid), since: systemClock.now().toISOString() };
  fs.mkdirSync(dataDir, { recursive: true });
  // Written whole under a private name, then renamed: a reader never sees half a record.
  const tmp = `${file}.${process.pid}`;
  fs.writeFileSync(tmp, JSON.stringify(me) + '\n', { mode: 0o644 });
  fs.renameSync(tmp, file);
  return () => {
    if (readRecord(file)?.pid === me.pid) fs.rmSync(file, { force: true });
  };
}

function readRecord(file: string): ServedUrl | undefined {
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8')) as ServedUrl;
    return typeof r.url === 'string' && Number.isInteger(r.pid) ? r : undefined;
  } catch {
    return undefined;
  }
}

/** The URL a running Kassa recorded in `dataDir`, if its process still runs (not a reuse of its pid). */
export function servedUrl(dataDir: string): ServedUrl | undefined {
  const r = readRecord(path.join(dataDir, SERVED_URL_FILE));
  return r && stillRunning(r) ? r : undefined;
}
