/**
 * The payment link pages' HTML: the link's page (payer details, delivery, payment method), the
 * closed pages (expired, paid, being paid) and the thank-you page. Rendering only.
 *
 * The link's page is an AssembledPage (platform/assembled-reply.ts): its bulk, the delivery
 * section with every carrier's pickup points (~130 KB for EE's carriers) and the style sheet, is
 * rendered, measured and deflated once per (carrier offers, locale) and kept as bytes; per
 * request only the link's own few KB are rendered, and the nonce is put in at sending. The page is
 * rendered as text with marks where those parts go (random per process, never sent, so no link,
 * store or payer text can forge one) and cut at them.
 */
import { randomBytes } from 'node:crypto';
import type { Locale } from '../../platform/locales.js';
import { fill, formatMoney } from '../../platform/format.js';
import { AssembledPage, NONCE, StaticPart, type Part } from '../../platform/assembled-reply.js';
import { html, trusted, type Html } from '../../platform/html.js';
import { messages, METHOD_TITLE_KEYS } from '../hosted-pages/i18n.js';
import { HOSTED_PAGE_CSS, LINK_FORM_CSS } from '../hosted-pages/styles.js';
import { frame, type Frame } from '../hosted-pages/pages.js';
import type { OrderStatus } from '../orders/states.js';
import type { PickupPoint } from '../../shipping/catalogue/service.js';
import { carrierLogoUrl } from '../../shipping/contracts/service.js';
import { BROWSER_BUNDLES } from '../../widget/bundles.js';
import type { CarrierOffer, LinkPage } from './service.js';
import { LINK_MESSAGES, type LinkMessages } from './texts.js';

/** The hosted pages' look with the link form's additions (both in hosted-pages/styles.ts). */
const LINK_CSS = `${HOSTED_PAGE_CSS}${LINK_FORM_CSS}`;

/** The hosted pages' frame with the link form's style sheet. */
const linkFrame = (f: Omit<Frame, 'css'>): string => frame({ ...f, css: LINK_CSS });

/** The link's page's style sheet, as a static part. */
const CSS_PART = new StaticPart(LINK_CSS);

/** Begins a mark in rendered text: a static part's index or `n` (the nonce) follows, then END. */
const MARK = `\u0001${randomBytes(12).toString('hex')}`;
const END = '\u0002';

/** The static parts of one rendering, placed in its text as marks, and the cut at them. */
class Marks {
  private readonly parts: StaticPart[] = [];
  readonly nonce = `${MARK}n${END}`;

  place(part: StaticPart): Html {
    this.parts.push(part);
    return trusted(`${MARK}${this.parts.length - 1}${END}`);
  }

  cut(text: string): Part[] {
    const out: Part[] = [];
    let at = 0;
    for (let i = text.indexOf(MARK); i !== -1; i = text.indexOf(MARK, at)) {
      out.push(text.slice(at, i));
      const end = text.indexOf(END, i);
      const id = text.slice(i + MARK.length, end);
      const part = id === 'n' ? NONCE : this.parts[Number(id)];
      if (part === undefined) throw new Error(`unknown page part ${id}`);
      out.push(part);
      at = end + END.length;
    }
    out.push(text.slice(at));
    return out;
  }
}

/** Where the pickup point picker's script is served (widget/bundles.ts). */
const PICKER_SCRIPT_PATH = BROWSER_BUNDLES.linkPicker.paths[0];

export interface LinkPageModel {
  page: LinkPage;
  locale: Locale;
  /** Kassa's public URL: the carrier logos and the picker's script. */
  publicUrl: string;
  /** The posted fields, shown again with the problems beside them. */
  values?: Record<string, string>;
  /** Problems by form field: a message key of texts.ts. */
  problems?: Record<string, string>;
}

/** Each form field's label, for the list of problems above the form (in the form's order). */
const FIELD_LABELS = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phone: 'phone',
  shipping: 'delivery',
  pickupPoint: 'pickupPoint',
  street: 'street',
  locality: 'locality',
  postalCode: 'postalCode',
  method: 'method',
} as const satisfies Record<string, keyof LinkMessages>;

const problemText = (t: LinkMessages, key: string | undefined): string => (key && key in t ? t[key as keyof LinkMessages] : t.required);

/** A field's problem beside it, and the attributes that tie it to the control. */
function problemOf(t: LinkMessages, m: LinkPageModel, name: string): { attrs: Html; note: Html } {
  const problem = m.problems?.[name];
  if (!problem) return { attrs: html``, note: html`` };
  return { attrs: html` aria-invalid="true" aria-describedby="f-${name}-e"`, note: html`<span id="f-${name}-e" class="field-error">${problemText(t, problem)}</span>` };
}

function field(t: LinkMessages, m: LinkPageModel, name: keyof typeof FIELD_LABELS, type: string, autocomplete: string, required: boolean): Html {
  const p = problemOf(t, m, name);
  return html`<div class="field"><label for="f-${name}">${t[FIELD_LABELS[name]]}</label>
<input id="f-${name}" name="${name}" type="${type}" autocomplete="${autocomplete}"${required ? ' required' : ''} value="${m.values?.[name] ?? ''}"${p.attrs}>${p.note}</div>`;
}

/** The problems above the form, in the form's order, each naming its field and linking to it. */
function problemList(t: LinkMessages, m: LinkPageModel): Html {
  const problems = m.problems ?? {};
  const names = (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]).filter((name) => problems[name] !== undefined);
  if (names.length === 0) return html``;
  const items = names.map((name) => html`<li><a href="#f-${name}">${t[FIELD_LABELS[name]]}: ${problemText(t, problems[name])}</a></li>`);
  return html`<div class="alert" role="alert"><p>${t.formError}</p><ul>${items}</ul></div>`;
}

const pointLabel = (p: PickupPoint) => `${p.name}, ${p.streetAddress}, ${p.postalCode} ${p.locality}`;
const plus = (minor: number | null, m: LinkPageModel) => (minor === null ? '' : `+${formatMoney(minor, m.page.link.currency, m.locale)}`);

/** A carrier's pickup points as one <optgroup> (its name and price as the label), `chosen` selected. */
function pointGroup(m: LinkPageModel, c: CarrierOffer, chosen: string): Html {
  const options = c.points.map((p) => html`<option value="${p.id}"${p.id === chosen ? ' selected' : ''}>${pointLabel(p)}</option>`);
  return html`<optgroup label="${c.carrierName} (${plus(c.pickupPointCost, m)})" data-carrier="${c.carrierCode}">${options}</optgroup>`;
}

/** A carrier's point list with nothing chosen, rendered once per offer and locale (a page shown again with problems). */
const GROUPS = new WeakMap<CarrierOffer, Map<Locale, StaticPart>>();

function cachedGroup(m: LinkPageModel, c: CarrierOffer): StaticPart {
  let byLocale = GROUPS.get(c);
  if (!byLocale) GROUPS.set(c, (byLocale = new Map()));
  let part = byLocale.get(m.locale);
  if (!part) byLocale.set(m.locale, (part = new StaticPart(pointGroup(m, c, '').value)));
  return part;
}

/**
 * The delivery section as the link's page first shows it (nothing chosen, no problems): the same
 * for every link with the same offers (carriers, country, currency: service.ts keeps one object
 * per offer), locale and public URL. A few store configurations and eight locales: kept, the
 * oldest dropped past DELIVERY_KEPT.
 */
const DELIVERY = new Map<string, StaticPart>();
const DELIVERY_KEPT = 64;
const OFFER_IDS = new WeakMap<CarrierOffer, number>();
let offerIds = 0;

function cachedDelivery(t: LinkMessages, m: LinkPageModel): StaticPart {
  const ids = m.page.carriers.map((c) => {
    let id = OFFER_IDS.get(c);
    if (id === undefined) OFFER_IDS.set(c, (id = ++offerIds));
    return id;
  });
  const key = `${m.locale} ${m.publicUrl} ${ids.join(',')}`;
  let part = DELIVERY.get(key);
  if (!part) {
    part = new StaticPart(deliverySection(t, m, (c) => pointGroup(m, c, '')).value);
    if (DELIVERY.size >= DELIVERY_KEPT) DELIVERY.delete(DELIVERY.keys().next().value!);
    DELIVERY.set(key, part);
  }
  return part;
}

/**
 * The delivery: one radio per carrier's pickup points and per courier service (logo, name,
 * price), then the pickup point list and the courier's address. Without JavaScript both show and
 * the server reads only the chosen one's; the picker script (widget/link-picker.ts) hides the
 * other and makes the list a searchable combobox.
 */
function deliverySection(t: LinkMessages, m: LinkPageModel, unchosenGroup: (c: CarrierOffer) => Html): Html {
  const chosen = m.values?.shipping ?? '';
  const choice = problemOf(t, m, 'shipping');
  let first = true;
  const radio = (c: CarrierOffer, value: string, what: string, minor: number | null) => {
    const id = first ? html` id="f-shipping"` : '';
    first = false;
    return html`<label class="option"><input type="radio" name="shipping" value="${value}" required${id}${value === chosen ? ' checked' : ''}${choice.attrs}>
<img src="${carrierLogoUrl(m.publicUrl, c.carrierCode)}" alt="" width="60" height="24"><span class="what"><b>${c.carrierName}</b> ${what} · <span class="price">${plus(minor, m)}</span></span></label>`;
  };
  const radios = m.page.carriers.flatMap((c) => [
    ...(c.points.length ? [radio(c, `pickupPoint:${c.carrierCode}`, t.pickupPoint, c.pickupPointCost)] : []),
    ...c.couriers.map((s) => radio(c, `courier:${s.id}`, s.type === 'standardB2B' ? t.courierB2B : t.courier, c.courierCost)),
  ]);
  const point = m.values?.pickupPoint ?? '';
  const groups = m.page.carriers.filter((c) => c.points.length).map((c) => (c.points.some((p) => p.id === point) ? pointGroup(m, c, point) : unchosenGroup(c)));
  const pointProblem = problemOf(t, m, 'pickupPoint');
  return html`<fieldset><legend>${t.delivery}</legend>
${radios}${choice.note}
</fieldset>
${
  groups.length
    ? html`<div class="field picker" id="pickup-fields" data-found="${t.pointsFound}" data-missing="${t.choosePickupPoint}">
<label for="f-pickupPoint">${t.pickupPoint}</label>
<p class="hint" id="f-pickupPoint-hint" hidden>${t.pointSearchHint}</p>
<select id="f-pickupPoint" name="pickupPoint"${pointProblem.attrs}><option value="">${t.choosePickupPoint}</option>${groups}</select>
<span class="visually-hidden" role="status" id="f-pickupPoint-status"></span>${pointProblem.note}
</div>`
    : ''
}
${
  m.page.carriers.some((c) => c.couriers.length)
    ? html`<fieldset id="courier-fields"><legend>${t.address}</legend>
${field(t, m, 'street', 'text', 'address-line1', false)}
${field(t, m, 'locality', 'text', 'address-level2', false)}
${field(t, m, 'postalCode', 'text', 'postal-code', false)}
</fieldset>`
    : ''
}`;
}

/**
 * The link's page as first shown, per read of the link (routes.ts hands the same LinkPage out for
 * a moment: recent-pages.ts) and locale: built once, sent again with another nonce.
 */
const BUILT = new WeakMap<LinkPage, Map<string, Map<Locale, AssembledPage>>>();

/** The link's page; the nonce is put in when it is sent (sendAssembledHtml). Found by public URL and locale, no key built per request. */
export function linkPage(m: LinkPageModel): AssembledPage {
  if (m.values || m.problems) return buildLinkPage(m);
  let byUrl = BUILT.get(m.page);
  if (!byUrl) BUILT.set(m.page, (byUrl = new Map()));
  let byLocale = byUrl.get(m.publicUrl);
  if (!byLocale) byUrl.set(m.publicUrl, (byLocale = new Map()));
  let page = byLocale.get(m.locale);
  if (!page) byLocale.set(m.locale, (page = buildLinkPage(m)));
  return page;
}

function buildLinkPage(m: LinkPageModel): AssembledPage {
  const marks = new Marks();
  const t = LINK_MESSAGES[m.locale];
  const g = messages(m.locale);
  const { link, store } = m.page;
  const base = `/links/${link.id}`;
  const method = problemOf(t, m, 'method');
  const methods = m.page.methods.map(
    (name, i) =>
      html`<label class="option"><input type="radio" name="method" value="${name}"${i === 0 ? html` id="f-method"` : ''}${(m.values?.method ?? (i === 0 ? name : '')) === name ? ' checked' : ''}${method.attrs}> ${g[METHOD_TITLE_KEYS[name]]}</label>`,
  );
  const shipping = link.show_shipping_options;
  const main = html`<section class="card" aria-labelledby="linkTitle">
<h1 id="linkTitle">${link.description}</h1>
<dl><dt>${t.amount}</dt><dd class="amount">${formatMoney(Number(link.amount), link.currency, m.locale)}</dd></dl>
</section>
<section class="card">
${problemList(t, m)}
<form method="post" action="${base}">
<input type="hidden" name="lang" value="${m.locale}">
${
  link.ask_additional_info
    ? html`<fieldset><legend>${t.yourDetails}</legend>
${field(t, m, 'firstName', 'text', 'given-name', true)}
${field(t, m, 'lastName', 'text', 'family-name', true)}
${field(t, m, 'email', 'email', 'email', true)}
${shipping ? field(t, m, 'phone', 'tel', 'tel', true) : ''}
</fieldset>`
    : ''
}
${shipping ? (m.values || m.problems ? deliverySection(t, m, (c) => marks.place(cachedGroup(m, c))) : marks.place(cachedDelivery(t, m))) : ''}
<fieldset><legend>${t.method}</legend>
${methods.length ? methods : html`<p>${t.noMethods}</p>`}${method.note}
</fieldset>
<button type="submit" class="primary">${t.pay}</button>
</form>
</section>
${shipping ? html`<script nonce="${trusted(marks.nonce)}" src="${m.publicUrl}${PICKER_SCRIPT_PATH}" defer></script>` : ''}`;
  const text = frame({
    locale: m.locale,
    nonce: marks.nonce,
    title: link.description,
    storeName: store.name,
    sandbox: link.env === 'sandbox',
    langHref: (l) => `${base}?lang=${l}`,
    main,
    css: marks.place(CSS_PART).value,
  });
  return new AssembledPage(marks.cut(text));
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
