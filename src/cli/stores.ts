/**
 * `kassa stores …`: stores and their settings, through the operator API (/operator/stores).
 *   kassa stores create --name "My shop" [--country EE] [--json]
 *   kassa stores list [--json]
 *   kassa stores set-address UUID --street "Narva mnt 5" --locality Tallinn --postal-code 10117 \
 *       --country EE --phone-country-code +372 --phone 6001234 [--name NAME] [--company NAME] [--region R] [--email E]
 *   kassa stores set-payout-account UUID --iban EE382200221020145685 --account-name "My shop OÜ"
 *   kassa stores set-tokens-without-exp UUID --allow true|false [--json]
 *   kassa stores set-bank-refunds UUID --enabled true|false [--json]
 *   kassa stores set-sandbox-settlement UUID --mode instant|realistic [--json]
 *   kassa stores set-method UUID --method paymentInitiation --country LV --enabled true|false [--env sandbox|production] [--json]
 */
import { parseArgs } from 'node:util';
import { booleanOption, listLines, operatorCall, usageError, type Io } from './kit.js';

// The switches a merchant's developer or an operator flips without a raw operator PATCH:
// `stores set-bank-refunds`, `stores set-sandbox-settlement` (issue 8: a sandbox that works with no
// set-up) and `stores set-tokens-without-exp` (production Bearer tokens without exp, as a PHP SDK
// signs them).
const STORE_SETTING_OPTIONS = {
  enabled: { type: 'string' },
  mode: { type: 'string' },
  allow: { type: 'string' },
  method: { type: 'string' },
  env: { type: 'string' },
} as const;

const STORE_SETTING_USAGE = `  kassa stores set-bank-refunds UUID --enabled true|false [--json]
  kassa stores set-sandbox-settlement UUID --mode instant|realistic [--json]
  kassa stores set-tokens-without-exp UUID --allow true|false [--json]
  kassa stores set-method UUID --method paymentInitiation --country EE|LV|LT|FI|PL --enabled true|false
        [--env sandbox|production (default: both)] [--json]   (bank payments per country)`;

/** Handles the store-setting commands; false when `verb` is none of them. */
async function storeSettings(
  verb: string | undefined,
  storeUuid: string | undefined,
  values: {
    enabled?: string | undefined;
    mode?: string | undefined;
    allow?: string | undefined;
    method?: string | undefined;
    country?: string | undefined;
    env?: string | undefined;
    json?: boolean | undefined;
  },
  out: (s: string) => void,
): Promise<boolean> {
  if (verb !== 'set-bank-refunds' && verb !== 'set-sandbox-settlement' && verb !== 'set-tokens-without-exp' && verb !== 'set-method') return false;
  if (!storeUuid) throw usageError('the store uuid is required');
  const route = `/operator/stores/${encodeURIComponent(storeUuid)}`;
  if (verb === 'set-method') {
    if (!values.method) throw usageError('--method is required (paymentInitiation: bank payments have a per-country switch)');
    if (!values.country) throw usageError('--country EE|LV|LT|FI|PL is required');
    const enabled = booleanOption(values.enabled, '--enabled');
    if (values.env !== undefined && values.env !== 'sandbox' && values.env !== 'production') throw usageError('--env must be sandbox or production');
    const envs = values.env ? [values.env] : ['sandbox', 'production'];
    // The server checks the method and country and names what is wrong.
    let s: { uuid: string; countriesOff: Record<string, Record<string, string[]>> } | undefined;
    for (const env of envs) s = (await operatorCall('PUT', `${route}/method-countries`, { env, method: values.method, country: values.country, enabled })) as typeof s;
    const off = Object.fromEntries(envs.map((env) => [env, s!.countriesOff[env]?.[values.method!] ?? []]));
    if (values.json) out(JSON.stringify({ uuid: s!.uuid, method: values.method, country: values.country, enabled, countriesOff: off }));
    else
      for (const env of envs)
        out(`store ${s!.uuid} ${env}: ${values.method} ${enabled ? 'on' : 'off'} in ${values.country}${off[env]!.length ? ` (off in ${off[env]!.join(', ')})` : ' (on everywhere)'}`);
    return true;
  }
  if (verb === 'set-bank-refunds') {
    const s = (await operatorCall('PATCH', route, { bankRefundsEnabled: booleanOption(values.enabled, '--enabled') })) as { uuid: string; bankRefundsEnabled: boolean };
    if (values.json) out(JSON.stringify({ uuid: s.uuid, bankRefundsEnabled: s.bankRefundsEnabled }));
    else out(`store ${s.uuid}: bank-payment refunds ${s.bankRefundsEnabled ? 'enabled (EUR payments)' : 'disabled'}`);
    return true;
  }
  if (verb === 'set-tokens-without-exp') {
    const s = (await operatorCall('PATCH', route, { allowTokensWithoutExp: booleanOption(values.allow, '--allow') })) as { uuid: string; allowTokensWithoutExp: boolean };
    if (values.json) out(JSON.stringify({ uuid: s.uuid, allowTokensWithoutExp: s.allowTokensWithoutExp }));
    else out(`store ${s.uuid} ${s.allowTokensWithoutExp ? 'accepts' : 'refuses'} production Bearer tokens without exp`);
    return true;
  }
  if (values.mode !== 'instant' && values.mode !== 'realistic') throw usageError('--mode instant|realistic is required');
  const s = (await operatorCall('PATCH', route, { sandboxSettlement: values.mode })) as { uuid: string; sandboxSettlement: string };
  if (values.json) out(JSON.stringify({ uuid: s.uuid, sandboxSettlement: s.sandboxSettlement }));
  else out(`store ${s.uuid}: sandbox payments settle ${s.sandboxSettlement === 'instant' ? 'at once (refundable when paid)' : 'after business days, as in production'}`);
  return true;
}

export const STORES_USAGE = `  kassa stores create --name NAME [--legal-name NAME] [--country EE|LV|LT|FI|PL] [--json]
  kassa stores list [--json]
  kassa stores set-address UUID --street S --locality L --postal-code P --country CC --phone-country-code +372 --phone N
        [--name NAME (default: the store's business name)] [--company NAME] [--region R] [--email E] [--json]
  kassa stores set-payout-account UUID --iban IBAN --account-name NAME [--json]
${STORE_SETTING_USAGE}`;

export async function storesCommand(argv: string[], io: Io): Promise<void> {
  const out = io.out;
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
      iban: { type: 'string' },
      'account-name': { type: 'string' },
      ...STORE_SETTING_OPTIONS,
      json: { type: 'boolean', default: false },
    },
  });
  const [noun, verb, subject] = positionals;
  if (await storeSettings(verb, subject, values, out)) return;
  if (verb === 'create') {
    if (!values.name) throw usageError('--name is required');
    const s = (await operatorCall('POST', '/operator/stores', {
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
    const { stores } = (await operatorCall('GET', '/operator/stores')) as { stores: { uuid: string; name: string; country: string }[] };
    if (values.json) return out(JSON.stringify(stores));
    return listLines(io, stores, 'stores', (s) => `${s.uuid}  ${s.country}  ${s.name}`);
  }
  if (verb === 'set-payout-account') {
    if (!subject) throw usageError('the store uuid is required');
    // The server checks the IBAN (ISO 13616) and names what is wrong.
    const s = (await operatorCall('PATCH', `/operator/stores/${encodeURIComponent(subject)}`, {
      payoutAccount: { iban: values.iban, accountName: values['account-name'] },
    })) as { uuid: string; payoutAccount: { iban: string; accountName: string } };
    if (values.json) return out(JSON.stringify(s.payoutAccount));
    out(`store ${s.uuid} is paid out to ${s.payoutAccount.iban} (${s.payoutAccount.accountName})`);
    return;
  }
  if (verb === 'set-address') {
    if (!subject) throw usageError('the store uuid is required');
    const found = (await operatorCall('GET', `/operator/stores/${encodeURIComponent(subject)}`)) as { businessName: string };
    // The server checks the address and names every missing or malformed field.
    const s = (await operatorCall('PATCH', `/operator/stores/${subject}`, {
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
