/** The operator's admin token for CLI calls: KASSA_ADMIN_TOKEN, else the file the server keeps in its data dir. */
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_TOKEN_FILE } from '../runtime.js';

/** The token, or why there is none (the caller raises it as its own error). */
export function readAdminToken(): { token: string } | { missing: string } {
  if (process.env.KASSA_ADMIN_TOKEN) return { token: process.env.KASSA_ADMIN_TOKEN };
  const file = path.join(path.resolve(process.env.KASSA_DATA_DIR || './data'), ADMIN_TOKEN_FILE);
  try {
    return { token: fs.readFileSync(file, 'utf8').trim() };
  } catch {
    return { missing: `no operator token: set KASSA_ADMIN_TOKEN, or run from the folder whose data/ the server uses (looked for ${file})` };
  }
}
