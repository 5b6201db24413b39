/**
 * The back office's overview (/dashboard): the store's balances, its notifications whose delivery
 * failed, and its recent orders (the orders area's table).
 */
import { html } from '../../platform/html.js';
import type { ChannelBalance } from '../../ledger/store.js';
import { TEXTS } from '../i18n.js';
import { dataTable, frame, money, q, when, type Frame } from '../layout.js';
import { ordersTable } from '../orders/pages.js';
import type { FailedDelivery } from '../service.js';
import type { OrderListRow } from '../../payments/orders/store.js';
import { channelName, word } from '../values.js';

export function overviewPage(f: Frame, recent: OrderListRow[], balances: readonly ChannelBalance[], failed: readonly FailedDelivery[]): string {
  const t = TEXTS[f.locale];
  const region = dataTable;
  return frame(
    f,
    t.overview,
    html`<section class="card"><h2>${t.balances}</h2>${
      balances.length
        ? region(
            t.balances,
            [t.channel, t.owed],
            balances.map((b) => html`<tr><td>${channelName(f.locale, b.channel)}</td><td>${money(b.owedMinor, b.currency, f.locale)}</td></tr>`),
          )
        : html`<p>—</p>`
    }</section>
<section class="card"><h2>${t.failedDeliveries}</h2>${
      failed.length
        ? region(
            t.failedDeliveries,
            [t.order, t.attempts, t.created],
            failed.map(
              (n) =>
                html`<tr><td>${n.order_id ? html`<a href="/dashboard/orders/${n.order_id}?${q(f)}">${word(f.locale, 'notificationKind', n.kind)} ${n.order_id}</a>` : word(f.locale, 'notificationKind', n.kind)}<br><span class="muted">${n.url}</span></td><td>${n.attempt_count}</td><td>${when(n.created_at)}</td></tr>`,
            ),
          )
        : html`<p>—</p>`
    }</section>
<section class="card"><h2>${t.recentOrders}</h2>${ordersTable(f, recent.slice(0, 10))}</section>`,
  );
}
