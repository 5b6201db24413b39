/**
 * `kassa keys …`: a store's API keys, through the operator API (/operator/stores/:uuid/keys).
 *   kassa keys list STORE [--json]
 *   kassa keys roll STORE --env sandbox|production [--overlap 24h] [--json]
 *   kassa keys revoke STORE --env sandbox|production [--json]
 * A roll prints the new secret once (it cannot be shown again); the previous secret keeps working
 * until the overlap ends (30m, 1h, 24h, 7d; 0 stops it at once). `revoke` ends that overlap now.
 */
import { parseArgs } from 'node:util';
import { listLines, operatorCall, usageError, type Io } from './kit.js';

export const KEYS_USAGE = `  kassa keys list STORE [--json]
  kassa keys roll STORE --env sandbox|production [--overlap 24h (e.g. 0, 90m, 1h, 7d; at most 7d)] [--json]
  kassa keys revoke STORE --env sandbox|production [--json]   (the previous secret stops now)`;

const UNIT_MINUTES: Record<string, number> = { m: 1, h: 60, d: 24 * 60 };

/** `--overlap`: a whole number with m, h or d (0 alone allowed), in minutes; the server checks the 7-day maximum. */
export function overlapMinutes(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d{1,6})([mhd])?$/.exec(value.trim());
  if (!m || (!m[2] && m[1] !== '0')) throw usageError('--overlap must be like 0, 90m, 1h, 24h or 7d');
  return Number(m[1]) * UNIT_MINUTES[m[2] ?? 'm']!;
}

function readEnv(value: string | undefined): 'sandbox' | 'production' {
  if (value !== 'sandbox' && value !== 'production') throw usageError('--env sandbox|production is required');
  return value;
}

interface Key {
  env: string;
  accessKey: string;
  secretEnding: string;
  createdAt: string;
  rolledAt: string | null;
  previousValidUntil: string | null;
}

export async function keysCommand(argv: string[], io: Io): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { env: { type: 'string' }, overlap: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const [noun, verb, store] = positionals;
  if (!verb) throw usageError(`"${noun}" needs a command`);
  if (!['list', 'roll', 'revoke'].includes(verb)) throw usageError(`unknown command "${noun} ${verb}"`);
  if (!store) throw usageError('the store uuid is required');
  const route = `/operator/stores/${encodeURIComponent(store)}/keys`;
  if (verb === 'list') {
    const { keys } = (await operatorCall('GET', route)) as { keys: Key[] };
    if (values.json) return io.out(JSON.stringify(keys));
    return listLines(io, keys, 'keys', (k) => {
      const overlap = k.previousValidUntil ? `  previous secret valid until ${k.previousValidUntil}` : '';
      return `${k.env.padEnd(10)}  ${k.accessKey}  secret …${k.secretEnding}${k.rolledAt ? `  rolled ${k.rolledAt}` : ''}${overlap}`;
    });
  }
  const env = readEnv(values.env);
  if (verb === 'roll') {
    const minutes = overlapMinutes(values.overlap);
    const r = (await operatorCall('POST', `${route}/roll`, { env, ...(minutes !== undefined ? { overlapMinutes: minutes } : {}) })) as {
      accessKey: string;
      secretKey: string;
      previousValidUntil: string;
    };
    if (values.json) return io.out(JSON.stringify({ env, ...r }));
    io.out(`${env} accessKey ${r.accessKey}  new secretKey ${r.secretKey}`);
    io.progress(`the new secret is shown only now; the previous one is accepted until ${r.previousValidUntil}`);
    return;
  }
  const k = (await operatorCall('POST', `${route}/revoke-previous`, { env })) as Key;
  if (values.json) return io.out(JSON.stringify(k));
  io.out(`${env} accessKey ${k.accessKey}: only the secret ending …${k.secretEnding} is accepted now (other API nodes within KASSA_AUTH_CACHE_MS)`);
}
