/**
 * `kassa users …`: the back office's users (POST /operator/backoffice-users on the running server).
 *   npm run kassa -- users add --store UUID --email E --password P [--role owner|viewer] [--json]
 * The server checks every field (and hashes the password with scrypt); this only carries them.
 */
import { parseArgs } from 'node:util';
import { readAdminToken } from './operator-token.js';

export const USERS_USAGE = `  kassa users add --store UUID --email EMAIL --password PASSWORD [--role owner|viewer (default owner)] [--json]`;

/** A usage error: main.ts's one-line reporter answers it with exit code 2 (as for parseArgs's own). */
function usage(problem: string): Error {
  return Object.assign(new Error(problem), { code: 'ERR_PARSE_ARGS_USERS' });
}

function adminToken(): string {
  const r = readAdminToken();
  if ('missing' in r) throw new Error(r.missing);
  return r.token;
}

export async function users(argv: string[], out: (s: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      store: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const [verb] = positionals;
  if (verb !== 'add') throw usage(verb ? `unknown command "users ${verb}"` : '"users" needs a command');
  if (!values.store) throw usage('--store is required');
  if (!values.email) throw usage('--email is required');
  if (!values.password) throw usage('--password is required');
  if (values.role !== undefined && values.role !== 'owner' && values.role !== 'viewer') throw usage('--role must be owner or viewer');
  const base = (process.env.KASSA_URL || 'http://localhost:8080').replace(/\/+$/, '');
  const token = adminToken();
  let res: Response;
  try {
    res = await fetch(`${base}/operator/backoffice-users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ storeUuid: values.store, email: values.email, password: values.password, role: values.role }),
    });
  } catch (err) {
    throw new Error(`cannot reach the Kassa server at ${base} (is it running? set KASSA_URL): ${(err as Error).message}`);
  }
  const json = (await res.json().catch(() => null)) as { message?: string; userId?: string; email?: string; storeUuid?: string; role?: string } | null;
  if (!res.ok || !json) throw new Error(`POST /operator/backoffice-users failed: ${res.status} ${json?.message ?? ''}`.trim());
  if (values.json) return out(JSON.stringify(json));
  out(`user ${json.email} (${json.userId}) is ${json.role} of store ${json.storeUuid}; sign in at ${base}/dashboard/login`);
}
