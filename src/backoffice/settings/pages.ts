/**
 * The Settings page: payment methods per country (this environment), bank-payment refunds and
 * tokens without exp, the sender address, the payout account, and this environment's API key with
 * its roll and overlap. An owner gets forms; a viewer the same values read-only (disabled fields,
 * no buttons). A form refused by validation comes back with what was typed and each problem under
 * its field.
 */
import { html, type Html } from '../../platform/html.js';
import { COUNTRIES } from '../../payments/methods/catalogue/banks.js';
import { countriesOn } from '../../payments/methods/countries.js';
import type { Store } from '../../stores/service.js';
import type { KeyInfo, RolledKey } from '../../stores/keys.js';
import { DEFAULT_OVERLAP_MINUTES } from '../../stores/keys.js';
import { frame, hiddenFields, option, when, type Frame } from '../layout.js';
import { formatIban } from '../../platform/iban.js';
import { TEXTS } from '../i18n.js';
import type { Fields } from '../schema.js';
import { SETTINGS_TEXTS, type SettingsKey } from './texts.js';
import { COUNTRIES as SHIPPING_COUNTRIES } from '../../shipping/carriers/countries.js';
import { countryName, methodName } from '../values.js';

/** The address form's fields, in its order, with whether the reader requires them. */
export const ADDRESS_FIELDS = [
  ['name', true],
  ['companyName', false],
  ['streetAddress', true],
  ['locality', true],
  ['region', false],
  ['postalCode', true],
  ['country', true],
  ['phoneCountryCode', false],
  ['phoneNumber', true],
  ['email', false],
] as const satisfies readonly (readonly [SettingsKey, boolean])[];
export const PAYOUT_FIELDS = [
  ['iban', true],
  ['accountName', true],
] as const satisfies readonly (readonly [SettingsKey, boolean])[];

/** The overlap windows an owner picks from (minutes), the default first. */
export const OVERLAP_CHOICES = [
  [DEFAULT_OVERLAP_MINUTES, 'hours24'],
  [60, 'hour1'],
  [7 * 24 * 60, 'days7'],
  [0, 'noOverlap'],
] as const satisfies readonly (readonly [number, SettingsKey])[];

export type SettingsForm = 'address' | 'payout';

export interface SettingsView {
  store: Store;
  keys: KeyInfo[];
  saved?: boolean;
  /** Just rolled: its new secret, shown this once. */
  rolled?: RolledKey;
  /** A refused form: what was typed and the problem of each field (by its form name). */
  refused?: { form: SettingsForm; values: Fields; problems: Map<string, string> };
  /** A refusal that is not about one field (a roll during an overlap). */
  error?: string;
  /** Production: the store's methods production cannot take, with the connector each needs (null: none exists yet). */
  unavailable?: { method: string; connector: string | null }[];
}

const prefixOf: Record<SettingsForm, string> = { address: 'shippingAddress', payout: 'payoutAccount' };

function textField(f: Frame, v: SettingsView, form: SettingsForm, key: SettingsKey, required: boolean, stored: string | null | undefined): Html {
  const s = SETTINGS_TEXTS[f.locale];
  const name = `${prefixOf[form]}.${key}`;
  const id = name.replace('.', '-');
  const refused = v.refused?.form === form ? v.refused : undefined;
  const value = refused ? (refused.values[name] ?? '') : key === 'iban' && stored ? formatIban(stored) : (stored ?? '');
  const problem = refused?.problems.get(name);
  const invalid = problem ? html` aria-invalid="true" aria-describedby="${id}-error"` : '';
  // An IBAN has up to 34 characters, shown in groups of four: 42 wide. A country is one of the
  // shipping countries, named in the page's language (a stored one outside the list stays chosen).
  const input =
    key === 'country'
      ? html`<select id="${id}" name="${name}"${required ? html` required` : ''}${invalid}>${option('', '—', value)}${[...new Set([...SHIPPING_COUNTRIES, ...(value ? [value] : [])])].map((c) => option(c, countryName(f.locale, c), value))}</select>`
      : html`<input id="${id}" name="${name}" value="${value}"${key === 'iban' ? html` class="iban" size="42" maxlength="50" autocomplete="off" spellcheck="false"` : ''}${required ? html` required` : ''}${invalid}>`;
  return html`<label for="${id}">${s[key]}${required ? '' : html` <span class="muted">(${s.optional})</span>`}</label>
${input}
${problem ? html`<p class="error" id="${id}-error">${s[key]}: ${problem}</p>` : ''}`;
}

/**
 * A form an owner can send; for a viewer, a disabled fieldset without its button. `legend`: the
 * fieldset's own name, or the id of the section heading that names it (no legend repeating it).
 */
function settingsForm(f: Frame, action: string, legend: string | { heading: string }, body: Html, button: string, opts: { danger?: boolean } = {}): Html {
  const owner = f.role === 'owner';
  const named =
    typeof legend === 'string' ? html`<fieldset${owner ? '' : html` disabled`}><legend>${legend}</legend>` : html`<fieldset aria-labelledby="${legend.heading}"${owner ? '' : html` disabled`}>`;
  return html`<form method="post" action="${action}">${hiddenFields(f)}${named}${body}</fieldset>
${owner ? html`<p><button type="submit"${opts.danger ? html` class="danger"` : ''}>${button}</button></p>` : ''}</form>`;
}

function keysSection(f: Frame, v: SettingsView): Html {
  const s = SETTINGS_TEXTS[f.locale];
  const key = v.keys.find((k) => k.env === f.env);
  if (!key) return html``;
  const rolled = v.rolled && v.rolled.env === f.env ? v.rolled : undefined;
  return html`<section class="card" aria-labelledby="keys-h"><h2 id="keys-h">${s.keys}</h2><p class="muted">${s.keysIntro}</p>
${rolled ? html`<div role="status"><p class="notice">${s.newSecretOnce}</p><label for="new-secret">${s.newSecret}</label><input id="new-secret" readonly size="48" value="${rolled.secretKey}"></div>` : ''}
<dl><dt>${s.accessKey}</dt><dd><code id="access-key">${key.accessKey}</code></dd>
<dt>${s.secretEnding}</dt><dd><code>…${key.secretEnding}</code></dd>
${key.rolledAt ? html`<dt>${s.rolledAt}</dt><dd>${when(key.rolledAt)} UTC</dd>` : ''}
${key.previousValidUntil ? html`<dt>${s.previousUntil}</dt><dd id="previous-until">${when(key.previousValidUntil)} UTC</dd>` : ''}</dl>
${
  key.previousValidUntil
    ? settingsForm(f, '/dashboard/settings/keys/revoke-previous', s.revokePrevious, html`<p>${s.previousUntil}: ${when(key.previousValidUntil)} UTC</p>`, s.revokePrevious, { danger: true })
    : settingsForm(
        f,
        '/dashboard/settings/keys/roll',
        s.roll,
        html`<label for="overlap">${s.overlap}</label><select id="overlap" name="overlapMinutes">${OVERLAP_CHOICES.map(
          ([minutes, label]) => html`<option value="${minutes}"${minutes === DEFAULT_OVERLAP_MINUTES ? html` selected` : ''}>${s[label]}</option>`,
        )}</select>`,
        s.roll,
      )
}</section>`;
}

export function settingsPage(f: Frame, v: SettingsView): string {
  const t = TEXTS[f.locale];
  const s = SETTINGS_TEXTS[f.locale];
  const store = v.store;
  const on = countriesOn(store, f.env, 'paymentInitiation');
  const bankEnabled = store.enabledMethods.includes('paymentInitiation');
  const checkbox = (name: string, id: string, label: string, checked: boolean) =>
    html`<input type="checkbox" id="${id}" name="${name}" value="on"${checked ? html` checked` : ''}><label class="inline" for="${id}">${label}</label>`;
  const address = store.shippingAddress;
  return frame(
    f,
    t.settings,
    html`${v.saved ? html`<p class="notice" role="status">${s.saved}</p>` : ''}
${v.refused ? html`<p class="error" role="alert">${s.fixErrors}</p>` : ''}
${v.error ? html`<p class="error" role="alert">${v.error}</p>` : ''}
${f.role === 'owner' ? '' : html`<p class="muted">${s.readOnly}</p>`}
${keysSection(f, v)}
<section class="card" aria-labelledby="methods-h"><h2 id="methods-h">${s.methods}</h2><p class="muted">${s.methodsIntro}</p>
<p>${s.storeWide}: ${store.enabledMethods.map((m) => methodName(f.locale, m)).join(', ') || '—'}</p>
${
  v.unavailable && v.unavailable.length > 0
    ? html`<div class="notice" role="note" id="not-in-production"><p>${s.notInProduction}:</p><ul>${v.unavailable.map((u) => html`<li>${methodName(f.locale, u.method)}: ${u.connector ? s.needsConnector.replace('{kind}', u.connector) : s.noConnectorYet}</li>`)}</ul></div>`
    : ''
}
${
  bankEnabled
    ? settingsForm(
        f,
        '/dashboard/settings/methods',
        s.bankCountries,
        html`${COUNTRIES.map((c) => html`<span>${checkbox(`country.${c}`, `country-${c}`, countryName(f.locale, c), on.includes(c))}</span> `)}`,
        s.save,
      )
    : ''
}</section>
<section class="card" aria-labelledby="options-h"><h2 id="options-h">${s.options}</h2>
${settingsForm(
  f,
  '/dashboard/settings/options',
  { heading: 'options-h' },
  html`<p>${checkbox('bankRefundsEnabled', 'bank-refunds', s.bankRefunds, store.bankRefundsEnabled)}</p>
<p>${checkbox('allowTokensWithoutExp', 'tokens-without-exp', s.tokensWithoutExp, store.allowTokensWithoutExp)}<br><span class="muted">${s.tokensWithoutExpHint}</span></p>`,
  s.save,
)}</section>
<section class="card" aria-labelledby="address-h"><h2 id="address-h">${s.address}</h2>
${settingsForm(f, '/dashboard/settings/address', { heading: 'address-h' }, html`${ADDRESS_FIELDS.map(([k, req]) => textField(f, v, 'address', k, req, address?.[k]))}`, s.save)}</section>
<section class="card" aria-labelledby="payout-h"><h2 id="payout-h">${s.payoutAccount}</h2>
${settingsForm(f, '/dashboard/settings/payout-account', { heading: 'payout-h' }, html`${PAYOUT_FIELDS.map(([k, req]) => textField(f, v, 'payout', k, req, store.payoutAccount?.[k]))}`, s.save)}</section>`,
  );
}
