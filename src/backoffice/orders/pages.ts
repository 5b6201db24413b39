/**
 * The orders area of the back office: the orders list (search, keyset pages) and one order (payment
 * attempts, refunds, notifications), with the refund form's refusals in the page's language. The
 * frame they share (navigation, store and environment switch, CSS) is ../layout.ts.
 */
import { randomBytes } from 'node:crypto';
import { html, type Html } from '../../platform/html.js';
import type { Locale } from '../../platform/locales.js';
import { fill, TEXTS } from '../i18n.js';
import type { OrderDetail } from '../service.js';
import type { OrderListRow } from '../../payments/orders/store.js';
import { dataTable, frame, hiddenFields, money, q, when, type Frame } from '../layout.js';
import { deliveriesList } from '../deliveries.js';
import { refundRefusal } from '../../payments/refunds/service.js';
import { failureText, methodName, word } from '../values.js';

export type { Frame };

/** A table of orders, each linked to its page (the list, and the overview's recent orders). */
export function ordersTable(f: Frame, rows: OrderListRow[]): Html {
  const t = TEXTS[f.locale];
  if (!rows.length) return html`<p>${t.none}</p>`;
  return html`<div class="table" tabindex="0" role="region" aria-label="${t.orders}"><table><thead><tr><th scope="col">${t.reference}</th><th scope="col">${t.status}</th><th scope="col">${t.amount}</th><th scope="col">${t.created}</th></tr></thead><tbody>
${rows.map(
  (r) =>
    html`<tr><td><a href="/dashboard/orders/${r.id}?${q(f)}">${r.merchant_reference_display}</a><br><span class="muted">${r.id}</span></td><td>${word(f.locale, 'orderStatus', r.status)}</td><td>${money(r.grand_total, r.currency, f.locale)}</td><td>${r.created_at.toISOString().slice(0, 16).replace('T', ' ')}</td></tr>`,
)}
</tbody></table></div>`;
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
<div><label for="status">${t.status}</label><select id="status" name="status"><option value="">—</option>${statuses.map((s) => html`<option value="${s}"${s === search.status ? html` selected` : ''}>${word(f.locale, 'orderStatus', s)}</option>`)}</select></div>
<div><label for="from">${t.from}</label><input id="from" name="from" type="date" value="${search.from ?? ''}"></div>
<div><label for="to">${t.to}</label><input id="to" name="to" type="date" value="${search.to ?? ''}"></div>
<div><button type="submit">${t.search}</button></div></form>
<section class="card">${ordersTable(f, rows)}${nextLink}</section>`,
  );
}

/**
 * Why the refund form was refused, in the page's language: RefundService.create's rule (the same
 * refusal the API answers in English), or the form's own amount problem. A refusal of no known rule
 * keeps the service's message rather than hiding it.
 */
export function refundErrorText(locale: Locale, err: unknown): string {
  const t = TEXTS[locale];
  const r = refundRefusal(err);
  if (!r) return err instanceof Error ? err.message : String(err);
  switch (r.rule) {
    case 'keyUsed':
      return t.refundKeyUsed;
    case 'alreadyRefunded':
      return t.refundAlreadyRefunded;
    case 'bankCurrency':
      return t.refundBankCurrency;
    case 'bankDisabled':
      return t.refundBankDisabled;
    case 'method':
      return t.refundMethod;
    case 'notPaid':
      return fill(t.refundNotPaid, { status: word(locale, 'orderStatus', r.status) });
    case 'notSettled':
      return fill(t.refundNotSettled, { from: when(r.from) + ' UTC' });
    case 'exceeds':
      return fill(t.refundExceeds, { amount: money(r.availableMinor, r.currency, locale) });
  }
}

/** One order: its payment attempts, refunds, and notifications with every delivery attempt. */
export function orderPage(f: Frame, d: OrderDetail, error?: string): string {
  const t = TEXTS[f.locale];
  const o = d.order;
  const owner = f.role === 'owner';
  const hidden = hiddenFields(f);
  const refundForm = owner
    ? html`<form method="post" action="/dashboard/orders/${o.id}/refund">${hidden}<input type="hidden" name="idempotencyKey" value="${randomBytes(16).toString('hex')}">
<label for="amount">${t.amount} (${o.currency})</label><input id="amount" name="amount" inputmode="decimal" required> <button type="submit">${t.refund}</button></form>`
    : html`<p class="muted">${t.viewerOnly}</p>`;
  const table = dataTable;
  return frame(
    f,
    `${t.order} ${o.merchant_reference_display}`,
    html`${error ? html`<p class="error" role="alert">${error}</p>` : ''}<section class="card"><dl><dt>UUID</dt><dd>${o.id}</dd><dt>${t.status}</dt><dd>${word(f.locale, 'orderStatus', o.status)}</dd><dt>${t.amount}</dt><dd>${money(o.grand_total, o.currency, f.locale)}</dd><dt>${t.created}</dt><dd>${when(o.created_at)}</dd></dl></section>
<section class="card"><h2>${t.intents}</h2>${
      d.intents.length
        ? table(
            t.intents,
            ['UUID', t.status, t.amount, t.created],
            d.intents.map(
              (i) =>
                html`<tr><td>${i.id}<br><span class="muted">${methodName(f.locale, i.payment_method)}</span></td><td>${word(f.locale, 'intentStatus', i.status)}${i.failure_reason ? html`<br><span class="muted">${failureText(f.locale, i.failure_reason)}</span>` : ''}</td><td>${money(i.amount, i.currency, f.locale)}</td><td>${when(i.created_at)}</td></tr>`,
            ),
          )
        : html`<p>—</p>`
    }</section>
<section class="card"><h2>${t.refunds}</h2>${
      d.refunds.length
        ? table(
            t.refunds,
            ['UUID', t.status, t.amount, t.created],
            d.refunds.map(
              (r) =>
                html`<tr><td>${r.id}<br><span class="muted">${word(f.locale, 'refundType', r.type)}</span></td><td>${word(f.locale, 'refundStatus', r.status)}${r.status_description ? html`<br><span class="muted">${word(f.locale, 'refundDescription', r.status_description)}</span>` : ''}</td><td>${money(r.amount, r.currency, f.locale)}</td><td>${when(r.created_at)}</td></tr>`,
            ),
          )
        : html`<p>—</p>`
    }${refundForm}</section>
<section class="card"><h2>${t.notifications}</h2>${deliveriesList(f, d.notifications, (id) => `/dashboard/orders/${o.id}/notifications/${id}/resend`)}</section>`,
  );
}
