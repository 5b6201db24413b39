/**
 * `kassa users …`: the back office's users (/operator/backoffice-users on the running server).
 *   kassa users add --store UUID --email E [--password P] [--role owner|viewer] [--json]
 *   kassa users list [--store UUID] [--json]
 *   kassa users remove --email E [--store UUID] [--json]   the membership of the store (the user too when it was the last), or the user
 *   kassa users set-password --email E [--password P] [--json]   every session of the user ends
 * Without --password the password is asked for (prompt.ts): at a terminal without echo, else one
 * line of standard input. --password still works, but lands in the shell's history and `ps`.
 * The server checks every field (and hashes the password with scrypt); this only carries them.
 */
import { parseArgs } from 'node:util';
import { listLines, operatorCall, plural, serverBase, usageError, type Io } from './kit.js';
import { readSecret } from './prompt.js';

export const USERS_USAGE = `  kassa users add --store UUID --email EMAIL [--password PASSWORD] [--role owner|viewer (default owner)] [--json]
  kassa users list [--store UUID] [--json]
  kassa users remove --email EMAIL [--store UUID (only this store's membership)] [--json]
  kassa users set-password --email EMAIL [--password PASSWORD] [--json]
        without --password: asked for at a terminal (not shown), else read as one line of stdin;
        --password PASSWORD lands in your shell's history and in the process list`;

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
    return listLines(
      io,
      users,
      'users',
      (u) => `${u.email}  ${u.userId}  ${plural(u.sessions, 'session')}  ${u.memberships.map((m) => `${m.role} of ${m.storeName} (${m.storeUuid})`).join(', ') || 'no store'}`,
    );
  }
  if (!values.email) throw usageError('--email is required');
  if (verb === 'remove') {
    const r = (await operatorCall('POST', '/operator/backoffice-users/remove', { email: values.email, storeUuid: values.store })) as { email: string; removed: string; storeUuid: string | null };
    return print(r, r.removed === 'user' ? `user ${r.email} removed; every session ended` : `user ${r.email} no longer sees store ${r.storeUuid}`);
  }
  if (verb === 'add' && !values.store) throw usageError('--store is required');
  if (values.role !== undefined && values.role !== 'owner' && values.role !== 'viewer') throw usageError('--role must be owner or viewer');
  const password = values.password ?? (await readSecret(`password for ${values.email}`));
  if (verb === 'set-password') {
    const r = (await operatorCall('POST', '/operator/backoffice-users/password', { email: values.email, password })) as { email: string };
    return print(r, `password of ${r.email} set; every session ended`);
  }
  const json = (await operatorCall('POST', '/operator/backoffice-users', { storeUuid: values.store, email: values.email, password, role: values.role })) as {
    userId: string;
    email: string;
    storeUuid: string;
    role: string;
  };
  print(json, `user ${json.email} (${json.userId}) is ${json.role} of store ${json.storeUuid}; sign in at ${serverBase()}/dashboard/login`);
}
