/** Runs the installed `kassa` command (bin/kassa.js) against a test server, as an operator's or a developer's script does. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ADMIN_TOKEN } from './app.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/kassa.js');

export interface Ran {
  code: number | null;
  stdout: string;
  /** stdout as bytes (a file written to `--out -`). */
  bytes: Buffer;
  stderr: string;
}

/** `kassa ARGS…` with `env` over this process's environment, in `cwd` (default the checkout); `stdin` its whole standard input (none by default). */
export function runKassa(args: string[], env: Record<string, string>, cwd = ROOT, stdin = ''): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, ...env } });
    child.stdin.end(stdin);
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => {
      const bytes = Buffer.concat(out);
      resolve({ code, stdout: bytes.toString(), bytes, stderr });
    });
  });
}

/** A runner of `kassa ARGS…` with KASSA_URL = `url` and the test operator token. */
export function kassaAt(url: string): (args: string[], cwd?: string) => Promise<Ran> {
  return (args, cwd) => runKassa(args, { KASSA_URL: url, KASSA_ADMIN_TOKEN: ADMIN_TOKEN }, cwd);
}
