/**
 * The payment link pages' HTML: the link's page (payer details, delivery, payment method), the
 * closed pages (expired, paid, being paid) and the thank-you page. Rendering only.
 */
import type { Locale } from '../../platform/locales.js';
import { fill, formatMoney } from '../../platform/format.js';
import { html, type Html } from '../../platform/html.js';
import { messages, METHOD_TITLE_KEYS } from '../gateway/i18n.js';
import { GATEWAY_CSS } from '../gateway/styles.js';
import { frame, type Frame } from '../gateway/pages.js';
import type { OrderStatus } from '../orders/states.js';
import type { CarrierOffer, LinkPage } from './service.js';
import { LINK_MESSAGES, type LinkMessages } from './texts.js';

/** The hosted pages' look, and the link form's fields at full width (a long pickup point list stays inside the card). */
const LINK_CSS = `${GATEWAY_CSS}
form input:not([type=radio]),form select{display:block;width:100%;max-width:100%;box-sizing:border-box;padding:.45rem;font:inherit}
form fieldset{border:0;padding:0;margin:0 0 1rem}
ul.methods{list-style:none;padding:0}
.error{color:#b00020}
.hint{margin-bottom:0;color:#555}`;

/** The hosted pages' frame with the link form's style sheet. */
const linkFrame = (f: Omit<Frame, 'css'>): string => frame({ ...f, css: LINK_CSS });

export interface LinkPageModel {
  page: LinkPage;
  locale: Locale;
  nonce: string;
  /** The posted fields, shown again with the problems beside them. */
  values?: Record<string, string>;
  problems?: Record<string, string>;
}

function field(t: LinkMessages, m: LinkPageModel, name: string, label: string, type: string, autocomplete: string): Html {
  const problem = m.problems?.[name] as keyof LinkMessages | undefined;
  const id = `f-${name}`;
  return html`<p><label for="${id}">${label}</label><br>
<input id="${id}" name="${name}" type="${type}" autocomplete="${autocomplete}" required value="${m.values?.[name] ?? ''}"${problem ? html` aria-invalid="true" aria-describedby="${id}-e"` : ''}>
${problem ? html`<br><span id="${id}-e" class="error" role="alert">${t[problem] ?? t.required}</span>` : ''}</p>`;
}

function offerOptions(t: LinkMessages, m: LinkPageModel, c: CarrierOffer, chosen: string): Html {
  const { link } = m.page;
  const points = c.points.map(
    (p) => html`<option value="pickupPoint:${p.id}"${chosen === `pickupPoint:${p.id}` ? ' selected' : ''}>${p.name}, ${p.streetAddress}, ${p.locality}</option>`,
  );
  const couriers = c.couriers.map(
    (s) => html`<option value="courier:${s.id}"${chosen === `courier:${s.id}` ? ' selected' : ''}>${t.courier}: ${s.name}</option>`,
  );
  const price = (minor: number | null) => (minor === null ? '' : ` (+${formatMoney(minor, link.currency, m.locale)})`);
  return html`${points.length ? html`<optgroup label="${c.carrierCode} – ${t.pickupPoint}${price(c.pickupPointCost)}">${points}</optgroup>` : ''}
${couriers.length ? html`<optgroup label="${c.carrierCode} – ${t.courier}${price(c.courierCost)}">${couriers}</optgroup>` : ''}`;
}

/** The options of a carrier offer with nothing chosen yet, rendered once per offer and locale (the page's bulk). */
const OPTIONS = new WeakMap<CarrierOffer, Map<Locale, Html>>();

function deliverySection(t: LinkMessages, m: LinkPageModel): Html {
  const chosen = m.values?.shipping ?? '';
  const groups = m.page.carriers.map((c) => {
    if (chosen !== '') return offerOptions(t, m, c, chosen);
    let byLocale = OPTIONS.get(c);
    if (!byLocale) OPTIONS.set(c, (byLocale = new Map()));
    let rendered = byLocale.get(m.locale);
    if (!rendered) byLocale.set(m.locale, (rendered = offerOptions(t, m, c, '')));
    return rendered;
  });
  const problem = m.problems?.shipping as keyof LinkMessages | undefined;
  return html`<fieldset><legend>${t.delivery}</legend>
<p><label for="f-shipping">${t.pickupPoint} / ${t.courier}</label><br>
<select id="f-shipping" name="shipping" required${problem ? html` aria-invalid="true"` : ''}><option value=""></option>${groups}</select>
${problem ? html`<br><span class="error" role="alert">${t[problem]}</span>` : ''}</p>
${field(t, m, 'phone', t.phone, 'tel', 'tel')}
<p class="hint">${t.courier}:</p>
${['street', 'locality', 'postalCode'].map((n) => {
  const p = m.problems?.[n] as keyof LinkMessages | undefined;
  return html`<p><label for="f-${n}">${t[n as 'street']}</label><br><input id="f-${n}" name="${n}" value="${m.values?.[n] ?? ''}"${p ? html` aria-invalid="true"` : ''}>${p ? html`<br><span class="error" role="alert">${t[p]}</span>` : ''}</p>`;
})}
</fieldset>`;
}

export function linkPage(m: LinkPageModel): string {
  const t = LINK_MESSAGES[m.locale];
  const g = messages(m.locale);
  const { link, store } = m.page;
  const base = `/links/${link.id}`;
  const methodProblem = m.problems?.method;
  const methods = m.page.methods.map(
    (name, i) => html`<li><label><input type="radio" name="method" value="${name}"${(m.values?.method ?? (i === 0 ? name : '')) === name ? ' checked' : ''}> ${g[METHOD_TITLE_KEYS[name]]}</label></li>`,
  );
  const main = html`<section class="card" aria-labelledby="linkTitle">
<h1 id="linkTitle">${link.description}</h1>
<dl><dt>${t.amount}</dt><dd class="amount">${formatMoney(Number(link.amount), link.currency, m.locale)}</dd></dl>
</section>
<section class="card">
${m.problems && Object.keys(m.problems).length ? html`<p class="error" role="alert">${t.formError}</p>` : ''}
<form method="post" action="${base}">
<input type="hidden" name="lang" value="${m.locale}">
${link.ask_additional_info
  ? html`<fieldset><legend>${t.yourDetails}</legend>
${field(t, m, 'firstName', t.firstName, 'text', 'given-name')}
${field(t, m, 'lastName', t.lastName, 'text', 'family-name')}
${field(t, m, 'email', t.email, 'email', 'email')}
</fieldset>`
  : ''}
${link.show_shipping_options ? deliverySection(t, m) : ''}
<fieldset><legend>${t.method}</legend>
${methods.length ? html`<ul class="methods">${methods}</ul>` : html`<p>${t.noMethods}</p>`}
${methodProblem ? html`<span class="error" role="alert">${t.required}</span>` : ''}
</fieldset>
<p><button type="submit">${t.pay}</button></p>
</form>
</section>`;
  return linkFrame({
    locale: m.locale,
    nonce: m.nonce,
    title: link.description,
    storeName: store.name,
    sandbox: link.env === 'sandbox',
    langHref: (l) => `${base}?lang=${l}`,
    main,
  });
}

export function closedPage(page: LinkPage, locale: Locale, nonce: string, why: 'expired' | 'paid' | 'taken'): string {
  const t = LINK_MESSAGES[locale];
  const title = why === 'expired' ? t.expiredTitle : why === 'paid' ? t.paidTitle : t.takenTitle;
  const text = why === 'expired' ? t.expiredText : why === 'paid' ? t.paidText : t.takenText;
  const main = html`<section class="card status"><h1>${title}</h1><p>${page.link.description}</p><p>${text}</p></section>`;
  return linkFrame({ locale, nonce, title, storeName: page.store.name, sandbox: page.link.env === 'sandbox', langHref: (l) => `/links/${page.link.id}?lang=${l}`, main });
}

export function thanksPage(page: LinkPage, locale: Locale, nonce: string, status: OrderStatus | undefined, amount: number | undefined): string {
  const t = LINK_MESSAGES[locale];
  const paid = status === 'PAID';
  const main = html`<section class="card status"><h1>${paid ? t.thanksTitle : page.link.description}</h1>
<p>${paid ? t.thanksPaid : t.thanksOpen}</p>
${amount !== undefined ? html`<p class="amount">${fill('{amount}', { amount: formatMoney(amount, page.link.currency, locale) })}</p>` : ''}</section>`;
  return linkFrame({ locale, nonce, title: t.thanksTitle, storeName: page.store.name, sandbox: page.link.env === 'sandbox', main });
}
