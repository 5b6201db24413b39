/**
 * The hosted pages' HTML: the payment page of each method, the status pages (paid, expired), and
 * the error pages (not found, unverifiable return). Rendering only: what to show is decided in
 * service.ts.
 */
import { languageSwitcher, type Locale } from '../../platform/locales.js';
import type { Bank } from '../methods/catalogue/banks.js';
import { bankLogoUrl } from '../methods/service.js';
import type { OrderRow } from '../orders/store.js';
import type { Store } from '../../stores/service.js';
import { fill, formatMoney } from '../../platform/format.js';
import { html, renderDocument, type Html } from '../../platform/html.js';
import { COUNTRY_KEYS, messages, METHOD_TITLE_KEYS, type HostedPageMessages } from './i18n.js';
import type { BankChoice } from './service.js';
import { HOSTED_PAGE_CSS } from './styles.js';

/** The hosted pages' common frame: sandbox banner, store name, language switcher and footer. */
export interface Frame {
  locale: Locale;
  nonce: string;
  title: string;
  storeName?: string;
  sandbox: boolean;
  /** Builds the URL of this page in another language (no switcher when absent). */
  langHref?: (l: Locale) => string;
  main: Html;
  /** The page's style sheet (default: the hosted pages' own). */
  css?: string;
}

export function frame(f: Frame): string {
  const t = messages(f.locale);
  const body = html`${f.sandbox ? html`<div class="sandbox" role="note">${t.sandbox}</div>` : ''}
${f.storeName !== undefined ? html`<header class="top"><p>${f.storeName}</p></header>` : ''}
<main>
${f.main}
</main>
<footer>
${f.langHref ? languageSwitcher(t.language, f.locale, f.langHref) : ''}
<p>${t.footer}</p>
</footer>`;
  return renderDocument({ lang: f.locale, title: f.title, nonce: f.nonce, css: f.css ?? HOSTED_PAGE_CSS, body });
}

function summary(t: HostedPageMessages, order: OrderRow, store: Store, locale: Locale): Html {
  return html`<section class="card" aria-labelledby="summaryTitle">
<h1 id="summaryTitle">${fill(t.pageTitle, { store: store.name })}</h1>
<dl>
<dt>${t.order}</dt><dd>${order.merchant_reference_display}</dd>
<dt>${t.amount}</dt><dd class="amount">${formatMoney(order.grand_total, order.currency, locale)}</dd>
</dl>
</section>`;
}

export interface PayPageModel {
  order: OrderRow;
  store: Store;
  locale: Locale;
  nonce: string;
  publicUrl: string;
  /** A translated error above the choice (declined attempt, invalid choice). */
  error?: keyof HostedPageMessages | undefined;
  bank?: BankChoice | undefined;
}

function hiddenLang(locale: Locale): Html {
  return html`<input type="hidden" name="lang" value="${locale}">`;
}

function bankSection(t: HostedPageMessages, m: PayPageModel, choice: BankChoice): Html {
  const base = `/pay/${m.order.id}`;
  const countryLinks = choice.countries.map(
    (c) => html`<li><a href="${base}?country=${c}&amp;lang=${m.locale}"${c === choice.country ? html` aria-current="true"` : ''}>${t[COUNTRY_KEYS[c]]}</a></li>`,
  );
  const bankButton = (b: Bank) => html`<li><button type="submit" name="bank" value="${b.code}" aria-label="${fill(t.payWithBank, { bank: b.name })}">
<img src="${bankLogoUrl(m.publicUrl, b.code)}" alt="" width="160" height="64"></button></li>`;
  return html`<h3 id="countryTitle">${t.countryLabel}</h3>
<nav aria-labelledby="countryTitle"><ul class="countries">${countryLinks}</ul></nav>
<h3 id="bankTitle">${t.chooseBank}</h3>
${
  choice.banks.length === 0
    ? html`<p>${fill(t.noBanks, { currency: m.order.currency })}</p>`
    : html`<form method="post" action="${base}/start">
${hiddenLang(m.locale)}<input type="hidden" name="country" value="${choice.country}">
<ul class="banks" aria-labelledby="bankTitle">${choice.banks.map(bankButton)}</ul>
</form>`
}`;
}

function cardSection(t: HostedPageMessages, m: PayPageModel): Html {
  const order = m.order.method_options.preferredMethod === 'card' ? (['card', 'wallet'] as const) : (['wallet', 'card'] as const);
  const label = { wallet: t.cardWallet, card: t.cardCard } as const;
  return html`<form method="post" action="/pay/${m.order.id}/start">
${hiddenLang(m.locale)}
<fieldset><legend>${t.chooseCardOption}</legend>
<div class="choices">${order.map((mode, i) => html`<button type="submit" class="choice${i === 0 ? ' first' : ''}" name="mode" value="${mode}">${label[mode]}</button>`)}</div>
</fieldset>
</form>`;
}

function bnplSection(t: HostedPageMessages, m: PayPageModel): Html {
  const selected = m.order.method_options.period ?? 1;
  const labels = { 1: t.period1, 2: t.period2, 3: t.period3 } as const;
  return html`<form method="post" action="/pay/${m.order.id}/start">
${hiddenLang(m.locale)}
<fieldset><legend>${t.choosePeriod}</legend>
${([1, 2, 3] as const).map(
  (p) => html`<label class="option" for="period${p}"><input type="radio" id="period${p}" name="period" value="${p}"${p === selected ? html` checked` : ''}> ${labels[p]}</label>`,
)}
</fieldset>
<button type="submit" class="primary">${t.continue}</button>
</form>`;
}

function continueSection(t: HostedPageMessages, m: PayPageModel, intro: string): Html {
  return html`<p>${intro}</p>
<form method="post" action="/pay/${m.order.id}/start">
${hiddenLang(m.locale)}
<button type="submit" class="primary">${t.continue}</button>
</form>`;
}

function methodSection(t: HostedPageMessages, m: PayPageModel): Html {
  switch (m.order.payment_method) {
    case 'paymentInitiation':
      return m.bank ? bankSection(t, m, m.bank) : html``;
    case 'cardPayments':
      return cardSection(t, m);
    case 'bnpl':
      return bnplSection(t, m);
    case 'mobilePay':
      return continueSection(t, m, t.introMobilePay);
    case 'blik':
      return continueSection(t, m, t.introBlik);
    case 'hirePurchase':
      return continueSection(t, m, t.introHirePurchase);
  }
}

export function payPage(m: PayPageModel): string {
  const t = messages(m.locale);
  const method = m.order.payment_method;
  const country = m.bank ? `country=${m.bank.country}&` : '';
  const main = html`${summary(t, m.order, m.store, m.locale)}
${m.error ? html`<div class="alert" role="alert">${t[m.error]}</div>` : ''}
<section class="card" aria-labelledby="methodTitle">
<h2 id="methodTitle">${t[METHOD_TITLE_KEYS[method]]}</h2>
${methodSection(t, m)}
</section>
<form method="post" action="/pay/${m.order.id}/cancel">
${hiddenLang(m.locale)}
<button type="submit" class="secondary">${t.cancelPayment}</button>
</form>`;
  return frame({
    locale: m.locale,
    nonce: m.nonce,
    title: fill(t.pageTitle, { store: m.store.name }),
    storeName: m.store.name,
    sandbox: m.order.env === 'sandbox',
    langHref: (l) => `/pay/${m.order.id}?${country}lang=${l}`,
    main,
  });
}

export interface StatusPageModel {
  order: OrderRow;
  store: Store;
  locale: Locale;
  nonce: string;
  kind: 'paid' | 'expired' | 'confirming';
  merchantReturnUrl: string;
  /** 'confirming': the address that asks the processor again. */
  checkAgainUrl?: string;
}

export function statusPage(m: StatusPageModel): string {
  const t = messages(m.locale);
  const [title, text] = m.kind === 'paid' ? [t.paidTitle, t.paidText] : m.kind === 'confirming' ? [t.confirmingTitle, t.confirmingText] : [t.expiredTitle, t.expiredText];
  const main = html`<section class="card status" aria-labelledby="statusTitle">
<h1 id="statusTitle">${title}</h1>
<p>${text}</p>
<dl>
<dt>${t.order}</dt><dd>${m.order.merchant_reference_display}</dd>
<dt>${t.total}</dt><dd>${formatMoney(m.order.grand_total, m.order.currency, m.locale)}</dd>
</dl>
${m.checkAgainUrl ? html`<p><a href="${m.checkAgainUrl}">${t.checkAgain}</a></p>` : ''}
<p><a href="${m.merchantReturnUrl}">${t.returnToStore}</a></p>
</section>`;
  return frame({
    locale: m.locale,
    nonce: m.nonce,
    title,
    storeName: m.store.name,
    sandbox: m.order.env === 'sandbox',
    langHref: (l) => `/pay/${m.order.id}?lang=${l}`,
    main,
  });
}

/** A page with a title and one paragraph (not found, unverifiable return). */
export function messagePage(locale: Locale, nonce: string, title: keyof HostedPageMessages, text: keyof HostedPageMessages): string {
  const t = messages(locale);
  const main = html`<section class="card status" aria-labelledby="statusTitle">
<h1 id="statusTitle">${t[title]}</h1>
<p>${t[text]}</p>
</section>`;
  return frame({ locale, nonce, title: t[title], sandbox: false, main });
}
