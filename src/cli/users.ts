/**
 * `kassa users …`: the back office's users (POST /operator/backoffice-users on the running server).
 *   npm run kassa -- users add --store UUID --email E --password P [--role owner|viewer] [--json]
 * The server checks every field (and hashes the password with scrypt); this only carries them.
 */
import { parseArgs } from 'node:util';
import { operatorCall, serverBase, usageError, type Io } from './kit.js';

export const USERS_USAGE = `  kassa users add --store UUID --email EMAIL --password PASSWORD [--role owner|viewer (default owner)] [--json]`;

export async function usersCommand(argv: string[], io: Io): Promise<void> {
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
  const [, verb] = positionals;
  if (verb !== 'add') throw usageError(verb ? `unknown command "users ${verb}"` : '"users" needs a command');
  if (!values.store) throw usageError('--store is required');
  if (!values.email) throw usageError('--email is required');
  if (!values.password) throw usageError('--password is required');
  if (values.role !== undefined && values.role !== 'owner' && values.role !== 'viewer') throw usageError('--role must be owner or viewer');
  const json = (await operatorCall('POST', '/operator/backoffice-users', { storeUuid: values.store, email: values.email, password: values.password, role: values.role })) as {
    userId: string;
    email: string;
    storeUuid: string;
    role: string;
  };
  if (values.json) return io.out(JSON.stringify(json));
  io.out(`user ${json.email} (${json.userId}) is ${json.role} of store ${json.storeUuid}; sign in at ${serverBase()}/dashboard/login`);
}
