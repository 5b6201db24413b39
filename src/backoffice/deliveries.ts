/**
 * Deliveries as the back office shows them: a notification or webhook (one row of `notifications`,
 * whatever its kind) with every delivery attempt, and its "Send again" form. The orders area shows
 * an order's and its refunds' notifications, the shipping area a webhook's deliveries; both load
 * them through notifications/store.ts and render them with `deliveriesList`. Each attempt shows the first
 * bytes the receiver answered (escaped, in a <pre>), so a merchant sees why its endpoint refused.
 */
import { html, type Html } from '../platform/html.js';
import { TEXTS } from './i18n.js';
import { dataTable, hiddenFields, when, type Frame } from './layout.js';
import type { Delivery } from '../notifications/store.js';
import { word } from './values.js';

export type { Delivery, DeliveryAttempt } from '../notifications/store.js';

/**
 * Each delivery: kind and status, URL, the owner's "Send again" (posting to `resendAction(id)`;
 * not on a pending one, which is sent when due) and the attempts table.
 */
export function deliveriesList(f: Frame, deliveries: readonly Delivery[], resendAction: (id: string) => string): Html {
  const t = TEXTS[f.locale];
  if (!deliveries.length) return html`<p>—</p>`;
  const resend = (d: Delivery) =>
    f.role === 'owner' && d.status !== 'pending' ? html`<form method="post" action="${resendAction(d.id)}">${hiddenFields(f)}<button type="submit">${t.resend}</button></form>` : '';
  return html`${deliveries.map(
    (d) =>
      html`<h3>${word(f.locale, 'notificationKind', d.kind)} · ${word(f.locale, 'notificationStatus', d.status)}</h3><p class="muted">${d.url}</p>${resend(d)}${dataTable(
        `${t.attempts} ${d.id}`,
        ['#', t.status, t.duration, t.response, t.excerpt, t.created],
        d.attempts.map(
          (a) =>
            html`<tr><td>${a.attempt}</td><td>${word(f.locale, 'attemptOutcome', a.outcome)}</td><td>${a.duration_ms} ms</td><td>${a.response_status ?? a.error ?? ''}</td><td>${a.response_excerpt ? html`<pre>${a.response_excerpt}</pre>` : '—'}</td><td>${when(a.started_at)}</td></tr>`,
        ),
      )}`,
  )}`;
}
