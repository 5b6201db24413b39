/**
 * The payouts page: the store's payouts of the environment, newest first, a keyset page at a time,
 * each with its four export downloads (plain links: the file is streamed as it is written, so
 * there is nothing to wait for and no script).
 */
import { html } from '../../platform/html.js';
import { parseAmount } from '../../platform/money.js';
import { formatIban } from '../../platform/iban.js';
import type { PayoutCursor } from '../../payouts/service.js';
import type { PayoutView } from '../../payouts/view.js';
import { EXPORT_FORMAT_INFO, EXPORT_FORMATS } from '../../payouts/exports/index.js';
import { fill } from '../i18n.js';
import { dataTable, frame, money, q, when, type Frame } from '../layout.js';
import { PAYOUT_TEXTS } from './texts.js';
import { channelName, word } from '../values.js';

/** The download path of a payout's export in `format` (the page's store, environment and language kept). */
export const exportPath = (f: Frame, payoutUuid: string, format: string) => `/dashboard/payouts/${payoutUuid}/export-${format}?${q(f)}`;

export function payoutsPage(f: Frame, title: string, payouts: readonly PayoutView[], next: PayoutCursor | null): string {
  const t = PAYOUT_TEXTS[f.locale];
  const amount = (decimal: string, currency: string) => {
    const p = parseAmount(decimal);
    return p.ok ? money(p.minor, currency, f.locale) : `${decimal} ${currency}`;
  };
  const downloads = (p: PayoutView) =>
    html`<ul>${EXPORT_FORMATS.map((format) => {
      const label = EXPORT_FORMAT_INFO[format].extension.toUpperCase();
      return html`<li><a href="${exportPath(f, p.uuid, format)}" download aria-label="${fill(t.download, { format: label, date: when(p.createdAt) })}">${label}</a></li>`;
    })}</ul>`;
  const table = payouts.length
    ? dataTable(
        title,
        [t.created, t.status, t.settlementType, t.payments, t.refunds, t.total, t.arrival, t.account, t.exports],
        payouts.map(
          (p) =>
            html`<tr><td>${when(p.createdAt)}<br><span class="muted">${p.uuid}</span></td><td>${word(f.locale, 'payoutStatus', p.status)}</td><td>${channelName(f.locale, p.settlementType)}</td><td>${amount(p.paymentsAmount, p.currency)}</td><td>${amount(p.refundsAmount, p.currency)}</td><td><strong>${amount(p.totalAmount, p.currency)}</strong></td><td>${p.expectedArrivalDate ?? '—'}</td><td>${formatIban(p.iban)}<br><span class="muted">${p.accountName}</span></td><td>${downloads(p)}</td></tr>`,
        ),
      )
    : html`<p>${t.none}</p>`;
  const nextLink = next ? html`<p><a rel="next" href="/dashboard/payouts?${q(f, { afterAt: next.at, afterId: next.id })}">${t.next}</a></p>` : '';
  return frame(f, title, html`<section class="card"><p>${t.intro}</p>${table}${nextLink}</section>`);
}
