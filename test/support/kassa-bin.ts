/** Runs the installed `kassa` command (bin/kassa.js) against a test server, as an operator's script does. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ADMIN_TOKEN } from './app.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/kassa.js');

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A runner of `kassa ARGS…` with KASSA_URL = `url` and the test operator token. */
export function kassaAt(url: string): (args: string[]) => Promise<Ran> {
  return (args) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, KASSA_URL: url, KASSA_ADMIN_TOKEN: ADMIN_TOKEN } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
}
