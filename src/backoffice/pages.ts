/**
 * The back office's pages: server-rendered, escaped by the `html` template, no script, no asset
 * from another host (sent with the nonce CSP of platform/html.ts). Every form carries the CSRF
 * token. The navigation already names the pages of the next pass (payouts, settings, shipping).
 */
import { html, renderDocument, type Html } from '../platform/html.js';
import { formatAmount } from '../platform/money.js';
import type { Locale } from '../platform/locales.js';
import type { Env } from '../platform/env.js';
import { TEXTS } from './i18n.js';
import type { FailedDelivery, Membership, OrderDetail, OrderListRow, Role } from './store.js';
import type { ChannelBalance } from '../ledger/store.js';
import { randomBytes } from 'node:crypto';

const CSS = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f6f7f9}
header,main{max-width:72rem;margin:0 auto;padding:1rem}header{display:flex;flex-wrap:wrap;gap:1rem;align-items:center}
nav ul{display:flex;flex-wrap:wrap;gap:.75rem;list-style:none;margin:0;padding:0}
a{color:#0645ad}a:focus,button:focus,input:focus,select:focus{outline:3px solid #1d4ed8;outline-offset:2px}
.banner{background:#fff3c4;color:#5c4400;padding:.5rem 1rem;text-align:center;font-weight:600}
.card{background:#fff;border:1px solid #d0d4da;border-radius:.5rem;padding:1rem;margin-bottom:1rem}
label{display:block;margin:.5rem 0 .25rem}input,select{font:inherit;padding:.4rem;border:1px solid #6b7280;border-radius:.25rem;max-width:100%}
button{font:inherit;padding:.45rem 1rem;border:0;border-radius:.25rem;background:#1d4ed8;color:#fff;cursor:pointer}
.error{color:#a50e0e;font-weight:600}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem;border-bottom:1px solid #e5e7eb}
.table{overflow-x:auto}.filters{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end}.muted{color:#4b5563}
`;

export interface Frame {
  locale: Locale;
  nonce: string;
  csrf: string;
  email: string;
  memberships: Membership[];
  storeId: string;
  env: Env;
  current: 'overview' | 'orders';
  role: Role;
}

/** One Intl.NumberFormat per locale and currency (making one costs far more than using it; a page shows 50 amounts). */
const FORMATS = new Map<string, Intl.NumberFormat>();
function money(minor: number, currency: string, locale: Locale): string {
  const key = `${locale} ${currency}`;
  let f = FORMATS.get(key);
  if (!f) FORMATS.set(key, (f = new Intl.NumberFormat(locale, { style: 'currency', currency })));
  return f.format(formatAmount(minor) as `${number}`);
}

function csrfField(token: string): Html {
  return html`<input type="hidden" name="csrf" value="${token}">`;
}

function doc(locale: Locale, nonce: string, title: string, body: Html): string {
  return renderDocument({ lang: locale, title: `${title} · ${TEXTS[locale].title}`, nonce, css: CSS, body });
}

export function loginPage(o: { locale: Locale; nonce: string; csrf: string; email?: string; error?: 'invalid' | 'rateLimited' | 'forbidden' }): string {
  const t = TEXTS[o.locale];
  return doc(
    o.locale,
    o.nonce,
    t.signIn,
    html`<main><div class="card"><h1>${t.title}</h1>
${o.error ? html`<p class="error" role="alert">${t[o.error]}</p>` : ''}
<form method="post" action="/dashboard/login?lang=${o.locale}">${csrfField(o.csrf)}
<label for="email">${t.email}</label><input id="email" name="email" type="email" autocomplete="username" required value="${o.email ?? ''}">
<label for="password">${t.password}</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<p><button type="submit">${t.signIn}</button></p></form></div></main>`,
  );
}

export function messagePage(locale: Locale, nonce: string, key: 'forbidden' | 'notFound' | 'badSearch'): string {
  const t = TEXTS[locale];
  return doc(locale, nonce, t[key], html`<main><div class="card"><h1>${t[key]}</h1><p><a href="/dashboard?lang=${locale}">${t.overview}</a></p></div></main>`);
}

const q = (f: Frame, extra: Record<string, string> = {}) => new URLSearchParams({ store: f.storeId, env: f.env, lang: f.locale, ...extra }).toString();

function frame(f: Frame, title: string, content: Html): string {
  const t = TEXTS[f.locale];
  const other: Env = f.env === 'sandbox' ? 'production' : 'sandbox';
  const link = (page: 'overview' | 'orders', path: string) =>
    html`<li><a href="${path}?${q(f)}"${f.current === page ? html` aria-current="page"` : ''}>${t[page]}</a></li>`;
  return doc(
    f.locale,
    f.nonce,
    title,
    html`${f.env === 'sandbox' ? html`<div class="banner" role="status">${t.sandboxBanner}</div>` : ''}
<header><strong>${t.title}</strong>
<nav aria-label="${t.title}"><ul>${link('overview', '/dashboard')}${link('orders', '/dashboard/orders')}
<li><span class="muted">${t.payouts} (${t.nextPass})</span></li><li><span class="muted">${t.settings} (${t.nextPass})</span></li><li><span class="muted">${t.shipping} (${t.nextPass})</span></li></ul></nav>
<form method="get" action="/dashboard"><input type="hidden" name="lang" value="${f.locale}">
<label for="store-switch">${t.store}</label><select id="store-switch" name="store">${f.memberships.map(
      (m) => html`<option value="${m.storeId}"${m.storeId === f.storeId ? html` selected` : ''}>${m.storeName} (${m.role})</option>`,
    )}</select> <input type="hidden" name="env" value="${f.env}"><button type="submit">${t.store}</button></form>
<a href="/dashboard?${q({ ...f, env: other })}">${t[other]}</a>
<form method="post" action="/dashboard/logout">${csrfField(f.csrf)}<button type="submit">${t.signOut} (${f.email})</button></form>
</header>
<main><h1>${title} · ${t[f.env]}</h1>${content}</main>`,
  );
}

function ordersTable(f: Frame, rows: OrderListRow[]): Html {
  const t = TEXTS[f.locale];
  if (!rows.length) return html`<p>${t.none}</p>`;
  return html`<div class="table" tabindex="0" role="region" aria-label="${t.orders}"><table><thead><tr><th scope="col">${t.reference}</th><th scope="col">${t.status}</th><th scope="col">${t.amount}</th><th scope="col">${t.created}</th></tr></thead><tbody>
${rows.map(
  (r) =>
    html`<tr><td><a href="/dashboard/orders/${r.id}?${q(f)}">${r.merchant_reference_display}</a><br><span class="muted">${r.id}</span></td><td>${r.status}</td><td>${money(r.grand_total, r.currency, f.locale)}</td><td>${r.created_at.toISOString().slice(0, 16).replace('T', ' ')}</td></tr>`,
)}
</tbody></table></div>`;
}

export function overviewPage(f: Frame, recent: OrderListRow[], balances: readonly ChannelBalance[], failed: readonly FailedDelivery[]): string {
  const t = TEXTS[f.locale];
  const region = (label: string, head: string[], rows: Html[]) =>
    html`<div class="table" tabindex="0" role="region" aria-label="${label}"><table><thead><tr>${head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead><tbody>${rows}</tbody></table></div>`;
  return frame(
    f,
    t.overview,
    html`<section class="card"><h2>${t.balances}</h2>${balances.length ? region(t.balances, [t.channel, t.owed], balances.map((b) => html`<tr><td>${b.channel}</td><td>${money(b.owedMinor, b.currency, f.locale)}</td></tr>`)) : html`<p>—</p>`}</section>
<section class="card"><h2>${t.failedDeliveries}</h2>${failed.length ? region(t.failedDeliveries, [t.order, t.attempts, t.created], failed.map((n) => html`<tr><td>${n.order_id ? html`<a href="/dashboard/orders/${n.order_id}?${q(f)}">${n.kind} ${n.order_id}</a>` : n.kind}<br><span class="muted">${n.url}</span></td><td>${n.attempt_count}</td><td>${when(n.created_at)}</td></tr>`)) : html`<p>—</p>`}</section>
<section class="card"><h2>${t.recentOrders}</h2>${ordersTable(f, recent.slice(0, 10))}</section>`,
  );
}

export interface OrderSearch {
  reference?: string;
  status?: string;
  from?: string;
  to?: string;
}

export function ordersPage(f: Frame, search: OrderSearch, rows: OrderListRow[], next: { createdAt: string; id: string } | undefined, statuses: readonly string[]): string {
  const t = TEXTS[f.locale];
  const nextLink = next
    ? html`<p><a rel="next" href="/dashboard/orders?${q(f, {
        ...Object.fromEntries(Object.entries(search).filter((e): e is [string, string] => e[1] !== undefined)),
        afterAt: next.createdAt,
        afterId: next.id,
      })}">${t.next}</a></p>`
    : '';
  return frame(
    f,
    t.orders,
    html`<form class="card filters" method="get" action="/dashboard/orders"><input type="hidden" name="store" value="${f.storeId}"><input type="hidden" name="env" value="${f.env}"><input type="hidden" name="lang" value="${f.locale}">
<div><label for="q">${t.reference} / UUID</label><input id="q" name="q" value="${search.reference ?? ''}"></div>
<div><label for="status">${t.status}</label><select id="status" name="status"><option value="">—</option>${statuses.map((s) => html`<option${s === search.status ? html` selected` : ''}>${s}</option>`)}</select></div>
<div><label for="from">${t.from}</label><input id="from" name="from" type="date" value="${search.from ?? ''}"></div>
<div><label for="to">${t.to}</label><input id="to" name="to" type="date" value="${search.to ?? ''}"></div>
<div><button type="submit">${t.search}</button></div></form>
<section class="card">${ordersTable(f, rows)}${nextLink}</section>`,
  );
}

const when = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString()).slice(0, 19).replace('T', ' ');

/** One order: its payment attempts, refunds, and notifications with every delivery attempt. */
export function orderPage(f: Frame, d: OrderDetail, error?: string): string {
  const t = TEXTS[f.locale];
  const o = d.order;
  const owner = f.role === 'owner';
  const hidden = html`${csrfField(f.csrf)}<input type="hidden" name="store" value="${f.storeId}"><input type="hidden" name="env" value="${f.env}"><input type="hidden" name="lang" value="${f.locale}">`;
  const refundForm = owner
    ? html`<form method="post" action="/dashboard/orders/${o.id}/refund">${hidden}<input type="hidden" name="idempotencyKey" value="${randomBytes(16).toString('hex')}">
<label for="amount">${t.amount} (${o.currency})</label><input id="amount" name="amount" inputmode="decimal" required> <button type="submit">${t.refund}</button></form>`
    : html`<p class="muted">${t.viewerOnly}</p>`;
  // A pending notification is sent when due: no button (the service would refuse it, 409).
  const resend = (id: string, status: string) =>
    owner && status !== 'pending' ? html`<form method="post" action="/dashboard/orders/${o.id}/notifications/${id}/resend">${hidden}<button type="submit">${t.resend}</button></form>` : '';
  const table = (caption: string, head: string[], rows: Html[]) =>
    html`<div class="table" tabindex="0" role="region" aria-label="${caption}"><table><thead><tr>${head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead><tbody>${rows}</tbody></table></div>`;
  return frame(
    f,
    `${t.order} ${o.merchant_reference_display}`,
    html`${error ? html`<p class="error" role="alert">${error}</p>` : ''}<section class="card"><dl><dt>UUID</dt><dd>${o.id}</dd><dt>${t.status}</dt><dd>${o.status}</dd><dt>${t.amount}</dt><dd>${money(o.grand_total, o.currency, f.locale)}</dd><dt>${t.created}</dt><dd>${when(o.created_at)}</dd></dl></section>
<section class="card"><h2>${t.intents}</h2>${d.intents.length ? table(t.intents, ['UUID', t.status, t.amount, t.created], d.intents.map((i) => html`<tr><td>${i.id}<br><span class="muted">${i.payment_method}</span></td><td>${i.status}${i.failure_reason ? html`<br><span class="muted">${i.failure_reason}</span>` : ''}</td><td>${money(i.amount, i.currency, f.locale)}</td><td>${when(i.created_at)}</td></tr>`)) : html`<p>—</p>`}</section>
<section class="card"><h2>${t.refunds}</h2>${d.refunds.length ? table(t.refunds, ['UUID', t.status, t.amount, t.created], d.refunds.map((r) => html`<tr><td>${r.id}<br><span class="muted">${r.type}</span></td><td>${r.status}${r.status_description ? html`<br><span class="muted">${r.status_description}</span>` : ''}</td><td>${money(r.amount, r.currency, f.locale)}</td><td>${when(r.created_at)}</td></tr>`)) : html`<p>—</p>`}${refundForm}</section>
<section class="card"><h2>${t.notifications}</h2>${d.notifications.length ? d.notifications.map((n) => html`<h3>${n.kind} · ${n.status}</h3><p class="muted">${n.url}</p>${resend(n.id, n.status)}${table(`${t.attempts} ${n.id}`, ['#', t.status, t.duration, t.response, t.created], n.attempts.map((a) => html`<tr><td>${a.attempt}</td><td>${a.outcome}</td><td>${a.duration_ms} ms</td><td>${a.response_status ?? a.error ?? ''}</td><td>${when(a.started_at)}</td></tr>`))}`) : html`<p>—</p>`}</section>`,
  );
}
