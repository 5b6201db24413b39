/**
 * `kassa users …`: the back office's users (/operator/backoffice-users on the running server).
 *   kassa users add --store UUID --email E --password P [--role owner|viewer] [--json]
 *   kassa users list [--store UUID] [--json]
 *   kassa users remove --email E [--store UUID] [--json]   the membership of the store (the user too when it was the last), or the user
 *   kassa users set-password --email E --password P [--json]   every session of the user ends
 * The server checks every field (and hashes the password with scrypt); this only carries them.
 */
import { parseArgs } from 'node:util';
import { operatorCall, serverBase, usageError, type Io } from './kit.js';

export const USERS_USAGE = `  kassa users add --store UUID --email EMAIL --password PASSWORD [--role owner|viewer (default owner)] [--json]
  kassa users list [--store UUID] [--json]
  kassa users remove --email EMAIL [--store UUID (only this store's membership)] [--json]
  kassa users set-password --email EMAIL --password PASSWORD [--json]`;

interface UserOut {
  userId: string;
  email: string;
  createdAt: string;
  memberships: { storeUuid: string; storeName: string; role: string }[];
  sessions: number;
}

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
  const print = (json: unknown, text: string) => io.out(values.json ? JSON.stringify(json) : text);
  if (!verb || !['add', 'list', 'remove', 'set-password'].includes(verb)) throw usageError(verb ? `unknown command "users ${verb}"` : '"users" needs a command');
  if (verb === 'list') {
    const q = values.store ? `?${new URLSearchParams({ storeUuid: values.store })}` : '';
    const { users } = (await operatorCall('GET', `/operator/backoffice-users${q}`)) as { users: UserOut[] };
    if (values.json) return io.out(JSON.stringify(users));
    for (const u of users) {
      io.out(`${u.email}  ${u.userId}  ${u.sessions} session${u.sessions === 1 ? '' : 's'}  ${u.memberships.map((m) => `${m.role} of ${m.storeName} (${m.storeUuid})`).join(', ') || 'no store'}`);
    }
    return;
  }
  if (!values.email) throw usageError('--email is required');
  if (verb === 'remove') {
    const r = (await operatorCall('POST', '/operator/backoffice-users/remove', { email: values.email, storeUuid: values.store })) as { email: string; removed: string; storeUuid: string | null };
    return print(r, r.removed === 'user' ? `user ${r.email} removed; every session ended` : `user ${r.email} no longer sees store ${r.storeUuid}`);
  }
  if (!values.password) throw usageError('--password is required');
  if (verb === 'set-password') {
    const r = (await operatorCall('POST', '/operator/backoffice-users/password', { email: values.email, password: values.password })) as { email: string };
    return print(r, `password of ${r.email} set; every session ended`);
  }
  if (!values.store) throw usageError('--store is required');
  if (values.role !== undefined && values.role !== 'owner' && values.role !== 'viewer') throw usageError('--role must be owner or viewer');
  const json = (await operatorCall('POST', '/operator/backoffice-users', { storeUuid: values.store, email: values.email, password: values.password, role: values.role })) as {
    userId: string;
    email: string;
    storeUuid: string;
    role: string;
  };
  print(json, `user ${json.email} (${json.userId}) is ${json.role} of store ${json.storeUuid}; sign in at ${serverBase()}/dashboard/login`);
}
