/**
 * The Shipping area's pages: shipments (search, keyset pages, selection for a label file), one
 * shipment, a label file, the Providers tab (carrier contracts) and the webhooks with their
 * deliveries. Built on the shared frame (../layout.ts) and deliveries renderer (../deliveries.ts).
 */
import { html, type Html } from '../../platform/html.js';
import { COUNTRIES } from '../../shipping/carriers/countries.js';
import { CARRIERS } from '../../shipping/carriers/registry.js';
import { LOCKER_SIZES } from '../../shipping/carriers/vocabulary.js';
import { CONTRACT_HANDOVER_METHODS, maskUsername, type CarrierContract } from '../../shipping/contracts/service.js';
import type { LabelFileJson } from '../../shipping/label-files/model.js';
import { SHIPMENT_STATUSES } from '../../shipping/shipments/states.js';
import { TEXTS } from '../i18n.js';
import { deliveriesList } from '../deliveries.js';
import { dataTable, frame, hiddenFields, option, q, when, type Frame } from '../layout.js';
import type { Fields } from '../schema.js';
import type { ShipmentsSearch } from './schema.js';
import type { ShipmentDetail, WebhookDeliveries } from './service.js';
import type { ShipmentListRow } from '../../shipping/shipments/store.js';
import { SHIPPING_TEXTS } from './texts.js';
import { countryName, word } from '../values.js';

export const BASE = '/dashboard/shipping';
const TABS = [
  { key: 'shipments', path: BASE },
  { key: 'providers', path: `${BASE}/providers` },
  { key: 'webhooks', path: `${BASE}/webhooks` },
] as const;
type Tab = (typeof TABS)[number]['key'];

/** Where a resend from this page goes back to (checked by the route: one of these shapes only). */
export const backTo = (path: string) => `?back=${encodeURIComponent(path)}`;
const resendAction = (back: string) => (id: string) => `${BASE}/deliveries/${id}/resend${backTo(back)}`;

function tabs(f: Frame, active: Tab): Html {
  const s = SHIPPING_TEXTS[f.locale];
  return html`<nav aria-label="${TEXTS[f.locale].shipping}" class="card"><ul>${TABS.map(
    (t) => html`<li><a href="${t.path}?${q(f)}"${t.key === active ? html` aria-current="page"` : ''}>${s[t.key]}</a></li>`,
  )}</ul></nav>`;
}

/** A carrier as the pages show it: its name (the code when no registered carrier has it). */
const carrierName = (code: string) => CARRIERS.find((c) => c.code === code)?.name ?? code;

const alert = (error?: string) => (error ? html`<p class="error" role="alert">${error}</p>` : '');
const ownerOnly = (f: Frame) => html`<p class="muted">${SHIPPING_TEXTS[f.locale].ownerOnly}</p>`;
const shipmentLink = (f: Frame, id: string, text: string) => html`<a href="${BASE}/shipments/${id}?${q(f)}">${text}</a>`;

export function shipmentsPage(f: Frame, search: ShipmentsSearch, rows: readonly ShipmentListRow[], next: { createdAt: string; id: string } | undefined, error?: string): string {
  const t = TEXTS[f.locale];
  const s = SHIPPING_TEXTS[f.locale];
  const owner = f.role === 'owner';
  const kept: Record<string, string> = {};
  const shown = search.id ?? search.text;
  if (shown) kept.q = shown;
  if (search.status) kept.status = search.status;
  const nextLink = next ? html`<p><a rel="next" href="${BASE}?${q(f, { ...kept, afterAt: next.createdAt, afterId: next.id })}">${t.next}</a></p>` : '';
  const table = rows.length
    ? dataTable(
        s.shipments,
        [...(owner ? [s.select] : []), t.reference, t.status, s.carrier, s.trackingNumbers, t.created],
        rows.map(
          (r) => html`<tr>${owner ? html`<td><input type="checkbox" name="shipment" value="${r.id}" id="pick-${r.id}" aria-label="${s.select} ${r.merchant_reference ?? r.id}"></td>` : ''}
<td>${shipmentLink(f, r.id, r.merchant_reference ?? r.id)}<br><span class="muted">${r.id}</span></td><td>${word(f.locale, 'shipmentStatus', r.status)}</td><td>${r.carrier_code ? carrierName(r.carrier_code) : '—'}${r.method_type ? html`<br><span class="muted">${word(f.locale, 'deliveryType', r.method_type)}</span>` : ''}</td><td>${r.tracking_numbers.join(', ') || '—'}</td><td>${when(r.created_at)}</td></tr>`,
        ),
      )
    : html`<p>${s.noShipments}</p>`;
  const selection =
    owner && rows.length
      ? html`<form method="post" action="${BASE}/label-files">${hiddenFields(f)}${table}
<div class="filters"><div><label for="pageSize">${s.pageSize}</label><select id="pageSize" name="pageSize"><option value="A6">${s.a6}</option><option value="A4">${s.a4}</option></select></div>
<div><button type="submit">${s.createLabelFile}</button></div></div></form>`
      : html`${table}${owner ? '' : ownerOnly(f)}`;
  return frame(
    f,
    s.shipments,
    html`${tabs(f, 'shipments')}${alert(error)}<form class="card filters" method="get" action="${BASE}"><input type="hidden" name="store" value="${f.storeId}"><input type="hidden" name="env" value="${f.env}"><input type="hidden" name="lang" value="${f.locale}">
<div><label for="q">${s.searchLabel}</label><input id="q" name="q" value="${shown ?? ''}"></div>
<div><label for="status">${t.status}</label><select id="status" name="status"><option value="">—</option>${SHIPMENT_STATUSES.map((x) => html`<option value="${x}"${x === search.status ? html` selected` : ''}>${word(f.locale, 'shipmentStatus', x)}</option>`)}</select></div>
<div><button type="submit">${t.search}</button></div></form>
<section class="card">${selection}${nextLink}</section>`,
  );
}

/** One shipment: its data, parcels with tracking numbers and Kassa's tracking page, status history, label files and deliveries. */
export function shipmentPage(f: Frame, d: ShipmentDetail): string {
  const t = TEXTS[f.locale];
  const s = SHIPPING_TEXTS[f.locale];
  const x = d.shipment;
  const track = (n: string | null) => (n && x.carrierCode ? html`<a href="/track/${encodeURIComponent(x.carrierCode)}/${encodeURIComponent(n)}?lang=${f.locale}">${s.trackingPage}</a>` : '—');
  return frame(
    f,
    `${s.shipment} ${x.merchantReference ?? x.id}`,
    html`${tabs(f, 'shipments')}<section class="card"><dl><dt>UUID</dt><dd>${x.id}</dd><dt>${t.reference}</dt><dd>${x.merchantReference ?? '—'}</dd><dt>${t.status}</dt><dd>${word(f.locale, 'shipmentStatus', x.status)}</dd>
<dt>${s.carrier}</dt><dd>${x.carrierCode ? carrierName(x.carrierCode) : '—'}</dd><dt>${s.method}</dt><dd>${x.methodType ? html`${word(f.locale, 'deliveryType', x.methodType)} <span class="muted">${x.methodId}</span>` : '—'}</dd><dt>${s.country}</dt><dd>${x.countryCode ? countryName(f.locale, x.countryCode) : '—'}</dd>
<dt>${s.receiver}</dt><dd>${x.receiver.name}${x.receiver.locality ? `, ${x.receiver.locality}` : ''}</dd><dt>${t.created}</dt><dd>${when(x.createdAt)}</dd></dl>
${x.errors?.length ? html`<ul class="error">${x.errors.map((e) => html`<li>${e.field ? `${e.field}: ` : ''}${e.message} (${e.code})</li>`)}</ul>` : ''}</section>
<section class="card"><h2>${s.parcels}</h2>${dataTable(
      s.parcels,
      ['#', s.weight, s.trackingNumbers, s.trackingPage],
      x.parcels.map((p) => html`<tr><td>${p.position}</td><td>${(p.weightG / 1000).toFixed(3)} kg</td><td>${p.carrierParcelId ?? '—'}</td><td>${track(p.carrierParcelId)}</td></tr>`),
    )}</section>
<section class="card"><h2>${s.history}</h2>${dataTable(
      s.history,
      [t.status, t.created],
      d.events.map((e) => html`<tr><td>${word(f.locale, 'shipmentStatus', e.status)}</td><td>${when(e.at)}</td></tr>`),
    )}</section>
<section class="card"><h2>${s.labelFiles}</h2>${d.labelFiles.length ? html`<ul>${d.labelFiles.map((l) => html`<li><a href="${BASE}/label-files/${l.id}?${q(f)}">${l.id}</a> · ${word(f.locale, 'labelFileStatus', l.status)} · ${when(l.created_at)}</li>`)}</ul>` : html`<p>—</p>`}</section>
<section class="card"><h2>${s.deliveries}</h2>${deliveriesList(f, d.deliveries, resendAction(`${BASE}/shipments/${x.id}`))}</section>`,
  );
}

/** A label file: pending (with a reload link), ready (the download) or failed (why). */
export function labelFilePage(f: Frame, l: LabelFileJson): string {
  const t = TEXTS[f.locale];
  const s = SHIPPING_TEXTS[f.locale];
  const state =
    l.status === 'pending'
      ? html`<p role="status">${s.pending}</p><p><a href="${BASE}/label-files/${l.id}?${q(f)}">${s.reload}</a></p>`
      : l.status === 'ready'
        ? html`<p><a href="${BASE}/label-files/${l.id}/download?${q(f)}" download="labels-${l.id}.pdf">${s.download}</a></p>`
        : html`<p class="error" role="alert">${s.failed}</p><ul>${(l.errors ?? []).map((e) => html`<li>${e.shipmentId ?? ''} ${e.field}: ${e.message}</li>`)}</ul>`;
  return frame(
    f,
    `${s.labelFile} ${l.id}`,
    html`${tabs(f, 'shipments')}<section class="card"><dl><dt>UUID</dt><dd>${l.id}</dd><dt>${t.status}</dt><dd>${word(f.locale, 'labelFileStatus', l.status)}</dd><dt>${s.pageSize}</dt><dd>${l.pageSize} × ${l.labelsPerPage}</dd><dt>${t.created}</dt><dd>${when(l.createdAt)}</dd></dl>${state}</section>
<section class="card"><h2>${s.shipments}</h2><ul>${l.shipmentIds.map((id) => html`<li>${shipmentLink(f, id, id)}</li>`)}</ul></section>`,
  );
}

/** The Providers tab: the store's contracts in force (the sandbox's built-in ones marked), add and remove. */
export function providersPage(f: Frame, contracts: readonly CarrierContract[], error?: string, form: Fields = {}): string {
  const t = TEXTS[f.locale];
  const s = SHIPPING_TEXTS[f.locale];
  const owner = f.role === 'owner';
  const rows = contracts.map(
    (c) => html`<tr><td>${carrierName(c.carrierCode)}<br><span class="muted">${c.carrierCode}</span></td><td>${countryName(f.locale, c.country)}</td>
<td>${c.isDirectContract ? s.direct : s.service}${c.builtIn ? html`<br><strong>${s.builtIn}</strong>` : ''}</td>
<td>${maskUsername(c.username) ?? '—'}${c.hasPassword ? ' · ••••••' : ''}</td><td>${c.logisticsContractNumber ?? '—'}</td><td>${c.returnsAllowed ? `✓ ${c.daysAllowedForReturns ?? ''}` : '—'}</td><td>${when(c.createdAt)}</td>
<td>${owner && !c.builtIn ? html`<form method="post" action="${BASE}/providers/${c.id}/remove">${hiddenFields(f)}<button type="submit" class="danger" aria-label="${s.remove} ${carrierName(c.carrierCode)} ${countryName(f.locale, c.country)}">${s.remove}</button></form>` : ''}</td></tr>`,
  );
  const v = (k: string) => form[k] ?? '';
  const add = owner
    ? html`<section class="card"><h2>${s.addContract}</h2><form method="post" action="${BASE}/providers">${hiddenFields(f)}
<div class="filters">
<div><label for="carrierCode">${s.carrier}</label><select id="carrierCode" name="carrierCode" required>${option('', '—', v('carrierCode'))}${CARRIERS.map((c) => option(c.code, c.name, v('carrierCode')))}</select></div>
<div><label for="country">${s.country}</label><select id="country" name="country" required>${option('', '—', v('country'))}${COUNTRIES.map((c) => option(c, countryName(f.locale, c), v('country')))}</select></div>
<div><label for="isDirectContract">${s.contractType}</label><select id="isDirectContract" name="isDirectContract">${option('', s.carrierDefault, v('isDirectContract'))}${option('true', s.direct, v('isDirectContract'))}${option('false', s.service, v('isDirectContract'))}</select></div>
</div>
<fieldset><legend>${s.credentials}</legend><p class="muted">${s.passwordNote}</p>
<label for="username">${s.username}</label><input id="username" name="username" autocomplete="off" value="${v('username')}">
<label for="password">${t.password}</label><input id="password" name="password" type="password" autocomplete="new-password"></fieldset>
<div class="filters">
<div><label for="logisticsContractNumber">${s.contractNumber}</label><input id="logisticsContractNumber" name="logisticsContractNumber" value="${v('logisticsContractNumber')}"></div>
<div><label for="parcelHandoverMethod">${s.handover}</label><select id="parcelHandoverMethod" name="parcelHandoverMethod">${option('', '—', v('parcelHandoverMethod'))}${CONTRACT_HANDOVER_METHODS.map((m) => option(m, word(f.locale, 'handover', m), v('parcelHandoverMethod')))}</select></div>
<div><label for="defaultLockerSize">${s.lockerSize}</label><select id="defaultLockerSize" name="defaultLockerSize">${option('', '—', v('defaultLockerSize'))}${LOCKER_SIZES.map((m) => option(m, m, v('defaultLockerSize')))}</select></div>
<div><label for="daysAllowedForReturns">${s.returnDays}</label><input id="daysAllowedForReturns" name="daysAllowedForReturns" inputmode="numeric" value="${v('daysAllowedForReturns')}"></div>
</div>
<p><input type="checkbox" id="returnsAllowed" name="returnsAllowed" value="true"${v('returnsAllowed') ? html` checked` : ''}><label class="inline" for="returnsAllowed">${s.returnsAllowed}</label>
<input type="checkbox" id="dropOffPinService" name="dropOffPinService" value="true"${v('dropOffPinService') ? html` checked` : ''}><label class="inline" for="dropOffPinService">${s.dropOffPin}</label></p>
<p><button type="submit">${s.addContract}</button></p></form></section>`
    : ownerOnly(f);
  return frame(
    f,
    s.providers,
    html`${tabs(f, 'providers')}${alert(error)}<section class="card">${contracts.length ? dataTable(s.providers, [s.carrier, s.country, s.contractType, s.credentials, s.contractNumber, s.returnsAllowed, t.created, s.remove], rows) : html`<p>${s.noContracts}</p>`}</section>${add}`,
  );
}

/**
 * The store's webhooks (v2 registrations and the snake_case tracking URL), each with its deliveries
 * and every attempt; an owner can delete a registered webhook (WebhookService.delete, as the API's
 * DELETE /webhooks/:id).
 */
export function webhooksPage(f: Frame, w: WebhookDeliveries, error?: string): string {
  const s = SHIPPING_TEXTS[f.locale];
  const back = resendAction(`${BASE}/webhooks`);
  const remove = (id: string, url: string) =>
    f.role === 'owner'
      ? html`<form method="post" action="${BASE}/webhooks/${id}/delete">${hiddenFields(f)}<button type="submit" class="danger" aria-label="${s.deleteWebhook} ${url}">${s.deleteWebhook}</button></form>`
      : '';
  const sections = [
    ...w.webhooks.map(
      ({ webhook, deliveries }) =>
        html`<section class="card"><h2>${webhook.url}</h2><p class="muted">${s.events}: ${webhook.enabledEvents.map((e) => word(f.locale, 'webhookEvent', e)).join(', ')} · ${when(webhook.createdAt)} · ${webhook.id}</p>${remove(webhook.id, webhook.url)}${deliveriesList(f, deliveries, back)}</section>`,
    ),
    ...(w.legacy ? [html`<section class="card"><h2>${s.legacyWebhook}</h2><p class="muted">${w.legacy.url}</p>${deliveriesList(f, w.legacy.deliveries, back)}</section>`] : []),
  ];
  return frame(f, s.webhooks, html`${tabs(f, 'webhooks')}${alert(error)}${sections.length ? sections : html`<section class="card"><p>${s.noWebhooks}</p></section>`}`);
}
