/** A real Kassa server process (src/main.ts), as an operator would start it. */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../src/platform/processes.js';
import { compiledServer } from '../setup/server-build.js';
import { handSigned } from './jwt.js';

export { freePort };
/** The connection URL of the embedded PostgreSQL a server runs under a data dir. */
export { embeddedDatabaseUrl } from '../../src/platform/embedded-postgres.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The arguments that make `node` (process.execPath) run the server as `npm start` does: compiled
 * JavaScript (test/setup/server-build.ts, never stale), not src/ through tsx.
 */
export async function serverArgs(): Promise<string[]> {
  return [await compiledServer()];
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  let out = '';
  const child = spawn(process.execPath, await serverArgs(), {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', KASSA_API_PROCESSES: '1', ...env, PORT: port, KASSA_PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out}`);
    try {
      const r = await fetch(`${url}/readyz`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`server did not become ready:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    output: () => out,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/** Runs the operator CLI as `npm run kassa -- …` does (bin/kassa.js: compiled, never stale) and returns its standard output. */
export async function cli(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['bin/kassa.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  return stdout;
}

/** Polls `probe` every 100 ms until it gives a value (not undefined); throws after `ms`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await probe();
    if (got !== undefined) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface DemoKeys {
  accessKey: string;
  secretKey: string;
}

/** The demo store's sandbox keys, as the first start of an empty database prints them. */
export function demoKeys(output: string): DemoKeys {
  const accessKey = /sandbox accessKey:\s+(\S+)/.exec(output)?.[1];
  const secretKey = /sandbox secretKey:\s+(\S+)/.exec(output)?.[1];
  if (!accessKey || !secretKey) throw new Error(`no demo store keys in the output:\n${output}`);
  return { accessKey, secretKey };
}

/** Creates a sandbox order as the README shows; answers the HTTP status and the order's uuid. */
export async function createOrder(url: string, keys: DemoKeys, reference = 'ORDER-1'): Promise<{ status: number; uuid: string | undefined }> {
  const data = handSigned(
    {
      accessKey: keys.accessKey,
      merchantReference: reference,
      returnUrl: 'https://shop.example/return',
      notificationUrl: 'https://shop.example/notify',
      grandTotal: 10.5,
      currency: 'EUR',
      locale: 'en',
      payment: { method: 'paymentInitiation', amount: 10.5, currency: 'EUR' },
      exp: Math.floor(Date.now() / 1000) + 600,
    },
    keys.secretKey,
  );
  const res = await fetch(`${url}/sandbox/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) });
  const body = (await res.json()) as { uuid?: string };
  return { status: res.status, uuid: body.uuid };
}
