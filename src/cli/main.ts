/**
 * The operator CLI: talks to a running server's operator API.
 *   npm run kassa -- stores create --name "My shop" [--country EE] [--json]
 *   npm run kassa -- stores list [--json]
 *   npm run kassa -- stores set-address UUID --street "Narva mnt 5" --locality Tallinn --postal-code 10117 \
 *       --country EE --phone-country-code +372 --phone 6001234 [--name NAME] [--company NAME] [--region R] [--email E]
 *   npm run kassa -- stores set-payout-account UUID --iban EE382200221020145685 --account-name "My shop OÜ"
 *   npm run kassa -- stores set-tokens-without-exp UUID --allow true|false [--json]
 *   npm run kassa -- contracts add STORE_UUID --carrier baltpost --country EE [--env sandbox|production] [--json]
 *   npm run kassa -- contracts list STORE_UUID [--json]
 *   npm run kassa -- notifications list [--status failed|pending|delivered] [--store UUID] [--json]
 *   npm run kassa -- notifications resend NOTIFICATION_ID
 *   npm run kassa -- stores set-bank-refunds UUID --enabled true|false [--json]
 *   npm run kassa -- stores set-sandbox-settlement UUID --mode instant|realistic [--json]
 * (or `npx kassa …`: package.json's bin runs bin/kassa.js, which runs this file.)
 * Exit codes: 0 done; 1 the server refused or could not be reached; 2 a usage error. Every failure
 * is one line on stderr. Output piped into a reader that stops early (`| head`) ends quietly.
 * KASSA_URL (default http://localhost:8080); KASSA_ADMIN_TOKEN, else the token the embedded
 * default generated into KASSA_DATA_DIR (default ./data)/admin-token.
 */
import { parseArgs } from 'node:util';
import { readAdminToken } from './operator-token.js';
import { users, USERS_USAGE } from './users.js';
import { DEVELOPER_OPTIONS, DEVELOPER_USAGE, DeveloperCliError, developer } from './developer.js';

// ─── BEGIN store settings ─────────────────────────────────────────────────────────────────────
// The switches a merchant's developer or an operator flips without a raw operator PATCH:
// `stores set-bank-refunds`, `stores set-sandbox-settlement` (issue 8: a sandbox that works with no
// set-up) and `stores set-tokens-without-exp` (production Bearer tokens without exp, as a PHP SDK
// signs them). Their options and usage lines live here too.
const STORE_SETTING_OPTIONS = {
  enabled: { type: 'string' },
  mode: { type: 'string' },
  allow: { type: 'string' },
} as const;

const STORE_SETTING_USAGE = `  kassa stores set-bank-refunds UUID --enabled true|false [--json]
  kassa stores set-sandbox-settlement UUID --mode instant|realistic [--json]
  kassa stores set-tokens-without-exp UUID --allow true|false [--json]`;

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, yes: true, on: true, '1': true, false: false, no: false, off: false, '0': false };

const booleanOption = (value: string | undefined, option: string): boolean => {
  const b = value === undefined ? undefined : BOOLEAN_WORDS[value.toLowerCase()];
  if (b === undefined) throw usageError(`${option} true|false is required`);
  return b;
};

/** Handles the store-setting commands; false when `verb` is none of them. */
async function storeSettings(
  verb: string | undefined,
  storeUuid: string | undefined,
  values: { enabled?: string | undefined; mode?: string | undefined; allow?: string | undefined; json?: boolean | undefined },
  out: (s: string) => void,
): Promise<boolean> {
  if (verb !== 'set-bank-refunds' && verb !== 'set-sandbox-settlement' && verb !== 'set-tokens-without-exp') return false;
  if (!storeUuid) throw usageError('the store uuid is required');
  const route = `/operator/stores/${encodeURIComponent(storeUuid)}`;
  if (verb === 'set-bank-refunds') {
    const s = (await call('PATCH', route, { bankRefundsEnabled: booleanOption(values.enabled, '--enabled') })) as { uuid: string; bankRefundsEnabled: boolean };
    if (values.json) out(JSON.stringify({ uuid: s.uuid, bankRefundsEnabled: s.bankRefundsEnabled }));
    else out(`store ${s.uuid}: bank-payment refunds ${s.bankRefundsEnabled ? 'enabled (EUR payments)' : 'disabled'}`);
    return true;
  }
  if (verb === 'set-tokens-without-exp') {
    const s = (await call('PATCH', route, { allowTokensWithoutExp: booleanOption(values.allow, '--allow') })) as { uuid: string; allowTokensWithoutExp: boolean };
    if (values.json) out(JSON.stringify({ uuid: s.uuid, allowTokensWithoutExp: s.allowTokensWithoutExp }));
    else out(`store ${s.uuid} ${s.allowTokensWithoutExp ? 'accepts' : 'refuses'} production Bearer tokens without exp`);
    return true;
  }
  if (values.mode !== 'instant' && values.mode !== 'realistic') throw usageError('--mode instant|realistic is required');
  const s = (await call('PATCH', route, { sandboxSettlement: values.mode })) as { uuid: string; sandboxSettlement: string };
  if (values.json) out(JSON.stringify({ uuid: s.uuid, sandboxSettlement: s.sandboxSettlement }));
  else out(`store ${s.uuid}: sandbox payments settle ${s.sandboxSettlement === 'instant' ? 'at once (refundable when paid)' : 'after business days, as in production'}`);
  return true;
}
// ─── END store settings ──────────────────────────────────────────────────────────────

const USAGE = `usage:
  kassa stores create --name NAME [--legal-name NAME] [--country EE|LV|LT|FI|PL] [--json]
  kassa stores list [--json]
  kassa stores set-address UUID --street S --locality L --postal-code P --country CC --phone-country-code +372 --phone N
        [--name NAME (default: the store's business name)] [--company NAME] [--region R] [--email E] [--json]
  kassa stores set-payout-account UUID --iban IBAN --account-name NAME [--json]
  kassa contracts add STORE_UUID --carrier baltpost|parcelnord|swiftcourier|polexpress --country CC
        [--env sandbox|production (default sandbox)] [--json]
  kassa contracts list STORE_UUID [--json]
  kassa notifications list [--status failed|pending|delivered (default failed)] [--store UUID] [--json]
  kassa notifications resend NOTIFICATION_ID
${STORE_SETTING_USAGE}
${USERS_USAGE}
${DEVELOPER_USAGE}
environment: KASSA_URL (default http://localhost:8080), KASSA_ADMIN_TOKEN or KASSA_DATA_DIR (default ./data)`;

/** A failure to report in one line on stderr; `exitCode` 2 for usage errors, 1 otherwise. */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

function usageError(problem: string): CliError {
  return new CliError(`${problem} (kassa --help shows the usage)`, 2);
}

function adminToken(): string {
  const r = readAdminToken();
  if ('missing' in r) throw new CliError(r.missing);
  return r.token;
}

async function call(method: string, route: string, body?: unknown): Promise<unknown> {
  const base = (process.env.KASSA_URL || 'http://localhost:8080').replace(/\/+$/, '');
  let res: Response;
  try {
    res = await fetch(base + route, {
      method,
      headers: { authorization: `Bearer ${adminToken()}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw new CliError(`cannot reach the Kassa server at ${base} (is it running? set KASSA_URL): ${(err as Error).message}`);
  }
  const json = (await res.json().catch(() => null)) as { message?: string } | null;
  if (!res.ok) throw new CliError(`${method} ${route} failed: ${res.status} ${json?.message ?? ''}`.trim());
  return json;
}

export async function run(argv: string[], out: (s: string) => void): Promise<void> {
  if (argv[0] === 'users') return users(argv.slice(1), out);
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      'legal-name': { type: 'string' },
      country: { type: 'string' },
      street: { type: 'string' },
      locality: { type: 'string' },
      'postal-code': { type: 'string' },
      region: { type: 'string' },
      'phone-country-code': { type: 'string' },
      phone: { type: 'string' },
      company: { type: 'string' },
      email: { type: 'string' },
      carrier: { type: 'string' },
      iban: { type: 'string' },
      status: { type: 'string' },
      store: { type: 'string' },
      'account-name': { type: 'string' },
      env: { type: 'string' },
      ...STORE_SETTING_OPTIONS,
      ...DEVELOPER_OPTIONS,
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [noun, verb, subject] = positionals;
  if (values.help || noun === 'help') return out(USAGE);
  if (await developer(noun, verb, subject, values, out)) return;
  if (noun === 'contracts') return contracts(verb, subject, values, out);
  if (noun === 'notifications') return notifications(verb, subject, values, out);
  if (noun !== 'stores') throw usageError(noun ? `unknown command "${noun}"` : 'a command is required');
  if (await storeSettings(verb, subject, values, out)) return;
  if (verb === 'create') {
    if (!values.name) throw usageError('--name is required');
    const s = (await call('POST', '/operator/stores', {
      name: values.name,
      legalName: values['legal-name'],
      country: values.country,
    })) as { uuid: string; name: string; sandbox: { accessKey: string; secretKey: string }; production: { accessKey: string; secretKey: string } };
    if (values.json) return out(JSON.stringify(s));
    out(`store ${s.name} (${s.uuid})`);
    out(`  sandbox     accessKey ${s.sandbox.accessKey}  secretKey ${s.sandbox.secretKey}`);
    out(`  production  accessKey ${s.production.accessKey}  secretKey ${s.production.secretKey}`);
    return;
  }
  if (verb === 'list') {
    const { stores } = (await call('GET', '/operator/stores')) as { stores: { uuid: string; name: string; country: string }[] };
    if (values.json) return out(JSON.stringify(stores));
    for (const s of stores) out(`${s.uuid}  ${s.country}  ${s.name}`);
    return;
  }
  if (verb === 'set-payout-account') {
    if (!subject) throw usageError('the store uuid is required');
    // The server checks the IBAN (ISO 13616) and names what is wrong.
    const s = (await call('PATCH', `/operator/stores/${encodeURIComponent(subject)}`, {
      payoutAccount: { iban: values.iban, accountName: values['account-name'] },
    })) as { uuid: string; payoutAccount: { iban: string; accountName: string } };
    if (values.json) return out(JSON.stringify(s.payoutAccount));
    out(`store ${s.uuid} is paid out to ${s.payoutAccount.iban} (${s.payoutAccount.accountName})`);
    return;
  }
  if (verb === 'set-address') {
    if (!subject) throw usageError('the store uuid is required');
    const found = (await call('GET', `/operator/stores/${encodeURIComponent(subject)}`)) as { businessName: string };
    // The server checks the address and names every missing or malformed field.
    const s = (await call('PATCH', `/operator/stores/${subject}`, {
      shippingAddress: {
        name: values.name ?? found.businessName,
        companyName: values.company,
        streetAddress: values.street,
        locality: values.locality,
        region: values.region,
        postalCode: values['postal-code'],
        country: values.country,
        phoneCountryCode: values['phone-country-code'],
        phoneNumber: values.phone,
        email: values.email,
      },
    })) as { uuid: string; shippingAddress: Record<string, string | null> };
    if (values.json) return out(JSON.stringify(s.shippingAddress));
    const a = s.shippingAddress;
    out(`store ${s.uuid} ships from: ${a.name}, ${a.streetAddress}, ${a.postalCode} ${a.locality}, ${a.country}; ${a.phoneCountryCode} ${a.phoneNumber}`);
    return;
  }
  throw usageError(verb ? `unknown command "${noun} ${verb}"` : `"${noun}" needs a command`);
}

interface ContractOut {
  id: string;
  carrierId: string;
  country: string;
  isDirectContract: boolean;
}

/** Carrier contracts of a store (the operator API's /operator/stores/{uuid}/carrier-contracts). */
async function contracts(
  verb: string | undefined,
  storeUuid: string | undefined,
  values: { carrier?: string | undefined; country?: string | undefined; env?: string | undefined; json?: boolean | undefined },
  out: (s: string) => void,
): Promise<void> {
  if (!storeUuid) throw usageError('the store uuid is required');
  const route = `/operator/stores/${encodeURIComponent(storeUuid)}/carrier-contracts`;
  const line = (c: ContractOut & { env?: string }) => `${c.id}  ${c.carrierId}  ${c.country}  ${c.isDirectContract ? 'DIRECT' : 'SERVICE'}${c.env ? `  ${c.env}` : ''}`;
  if (verb === 'add') {
    // The server checks carrier, country and environment, naming each wrong field.
    const c = (await call('POST', route, { carrierCode: values.carrier, country: values.country, env: values.env ?? 'sandbox' })) as ContractOut;
    if (values.json) return out(JSON.stringify(c));
    return out(`contract ${line(c)}`);
  }
  if (verb === 'list') {
    const res = (await call('GET', route)) as Record<'sandbox' | 'production', ContractOut[]>;
    if (values.json) return out(JSON.stringify(res));
    for (const env of ['sandbox', 'production'] as const) for (const c of res[env]) out(line({ ...c, env }));
    return;
  }
  throw usageError(verb ? `unknown command "contracts ${verb}"` : `"contracts" needs a command`);
}

interface NotificationOut {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  url: string;
  subjectId: string;
  lastAttempt: { at: string; responseStatus: number | null; error: string | null } | null;
}

/** The outbox as the operator sees it; re-sending one that failed. */
async function notifications(
  verb: string | undefined,
  id: string | undefined,
  values: { status?: string | undefined; store?: string | undefined; json?: boolean | undefined },
  out: (s: string) => void,
): Promise<void> {
  const line = (n: NotificationOut) =>
    `${n.id}  ${n.kind.padEnd(7)} ${n.status.padEnd(9)} ${String(n.attempts).padStart(2)} attempts  ${n.lastAttempt ? `last ${n.lastAttempt.responseStatus ?? n.lastAttempt.error}` : ''}  ${n.url}`;
  if (verb === 'list') {
    const q = new URLSearchParams({ status: values.status ?? 'failed', ...(values.store ? { storeUuid: values.store } : {}) });
    const { notifications: list } = (await call('GET', `/operator/notifications?${q}`)) as { notifications: NotificationOut[] };
    if (values.json) return out(JSON.stringify(list));
    for (const n of list) out(line(n));
    return;
  }
  if (verb === 'resend') {
    if (!id) throw usageError('the notification id is required');
    const n = (await call('POST', `/operator/notifications/${encodeURIComponent(id)}/resend`, {})) as NotificationOut;
    if (values.json) return out(JSON.stringify(n));
    return out(`queued again: ${line(n)}`);
  }
  throw usageError(verb ? `unknown command "notifications ${verb}"` : `"notifications" needs a command`);
}

/** One line, whatever the error: a CliError's message, an argument error's, or any other's. */
function oneLine(err: unknown): { message: string; exitCode: number } {
  if (err instanceof CliError || err instanceof DeveloperCliError) return { message: err.message, exitCode: err.exitCode };
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) return { message: `${message} (kassa --help shows the usage)`, exitCode: 2 };
  return { message: `kassa: ${message}`, exitCode: 1 };
}

/** The process entry (bin/kassa.js, npm run kassa): exit codes and pipes that scripts can trust. */
export async function main(argv: string[]): Promise<void> {
  // A reader that stops early (`| head`) closes the pipe: stop quietly, as other Unix tools do.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    process.stderr.write(`kassa: ${err.message}\n`);
    process.exit(1);
  });
  try {
    await run(argv, (s) => process.stdout.write(s + '\n'));
  } catch (err) {
    const { message, exitCode } = oneLine(err);
    process.stderr.write(`${message.replace(/\s*\n\s*/g, ' ')}\n`);
    process.exitCode = exitCode;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
