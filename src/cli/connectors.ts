/**
 * `kassa connectors …`: what production reaches (/operator/connectors).
 *   kassa connectors list [--json]
 *   kassa connectors set KIND (--settings JSON | --settings-file FILE) --secrets-file FILE [--secret NAME=FILE …] [--json]
 *   kassa connectors remove KIND [--name NAME] [--json]
 * Secrets are read from files (a JSON object; `-` is stdin), and single secrets such as a PEM key
 * from their own file with --secret NAME=FILE: never from the command line, where the shell's
 * history and the process list would keep them.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CliError, operatorCall, usageError, type Io } from './kit.js';
import type { ConnectorKindView, ConnectorView } from '../connectors/service.js';

export const CONNECTORS_USAGE = `  kassa connectors list [--json]
  kassa connectors set KIND (--settings JSON | --settings-file FILE) --secrets-file FILE|- [--secret NAME=FILE …] [--json]
  kassa connectors remove KIND [--name NAME] [--json]`;

type ConnectorOut = ConnectorView;
type KindOut = Pick<ConnectorKindView, 'kind' | 'title' | 'configured'>;

function readJsonFile(path: string, what: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (e) {
    throw new CliError(`cannot read ${what} ${path}: ${(e as Error).message}`, 2);
  }
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new CliError(`${what} ${path} must hold a JSON object`, 2);
}

export async function connectorsCommand(argv: string[], io: Io): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      settings: { type: 'string' },
      'settings-file': { type: 'string' },
      'secrets-file': { type: 'string' },
      secret: { type: 'string', multiple: true },
      name: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const [, verb, kind] = positionals;
  const out = io.out;
  if (verb === 'list') {
    const r = (await operatorCall('GET', '/operator/connectors')) as { kinds: KindOut[]; connectors: ConnectorOut[] };
    if (values.json) return out(JSON.stringify(r.connectors));
    for (const k of r.kinds) {
      out(`${k.kind.padEnd(8)} ${k.title}: ${k.configured === 0 ? 'not configured (production does not offer what it serves)' : `${k.configured} configured`}`);
      for (const c of r.connectors.filter((x) => x.kind === k.kind)) out(`  ${c.name || '(default)'}  secrets: ${c.secretsSet.join(', ') || 'none'}  updated ${c.updatedAt}`);
    }
    return;
  }
  if (verb === 'set') {
    if (!kind) throw usageError('"connectors set" needs a KIND');
    let settings: Record<string, unknown>;
    if (values.settings !== undefined) {
      try {
        settings = JSON.parse(values.settings) as Record<string, unknown>;
      } catch {
        throw usageError('--settings must be a JSON object');
      }
    } else if (values['settings-file']) settings = readJsonFile(values['settings-file'], 'settings file');
    else throw usageError('--settings or --settings-file is required');
    const secrets: Record<string, unknown> = values['secrets-file'] ? readJsonFile(values['secrets-file'], 'secrets file') : {};
    for (const pair of values.secret ?? []) {
      const eq = pair.indexOf('=');
      if (eq <= 0) throw usageError('--secret takes NAME=FILE');
      const file = pair.slice(eq + 1);
      try {
        secrets[pair.slice(0, eq)] = readFileSync(file, 'utf8');
      } catch (e) {
        throw new CliError(`cannot read secret file ${file}: ${(e as Error).message}`, 2);
      }
    }
    const c = (await operatorCall('PUT', `/operator/connectors/${encodeURIComponent(kind)}`, { settings, secrets })) as ConnectorOut;
    if (values.json) return out(JSON.stringify(c));
    return out(`set ${c.kind}${c.name ? ` ${c.name}` : ''} (${c.title}); secrets sealed: ${c.secretsSet.join(', ') || 'none'}`);
  }
  if (verb === 'remove') {
    if (!kind) throw usageError('"connectors remove" needs a KIND');
    const q = values.name ? `?name=${encodeURIComponent(values.name)}` : '';
    await operatorCall('DELETE', `/operator/connectors/${encodeURIComponent(kind)}${q}`);
    if (values.json) return out(JSON.stringify({ removed: { kind, name: values.name ?? '' } }));
    return out(`removed ${kind}${values.name ? ` ${values.name}` : ''}`);
  }
  throw usageError(verb ? `unknown command "connectors ${verb}"` : '"connectors" needs a command');
}
