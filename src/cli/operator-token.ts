/** The operator's admin token for CLI calls: KASSA_ADMIN_TOKEN, else the file the server keeps in its data dir. */
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_TOKEN_FILE } from '../platform/served-url.js';

/** The data dir the CLI reads the server's files from: KASSA_DATA_DIR, as the server's, default ./data. */
export const cliDataDir = (): string => path.resolve(process.env.KASSA_DATA_DIR || './data');

/** The token and where it came from, or why there is none (the caller raises it as its own error). */
export function readAdminToken(): { token: string; from: string } | { missing: string } {
  if (process.env.KASSA_ADMIN_TOKEN) return { token: process.env.KASSA_ADMIN_TOKEN, from: 'KASSA_ADMIN_TOKEN' };
  const file = path.join(cliDataDir(), ADMIN_TOKEN_FILE);
  try {
    return { token: fs.readFileSync(file, 'utf8').trim(), from: file };
  } catch {
    return { missing: `no operator token: set KASSA_ADMIN_TOKEN, or run from the folder whose data/ the server uses (looked for ${file})` };
  }
}
