/**
 * The frame every signed-in page of the back office shares: the document (nonce CSP, no asset from
 * another host, no script), the navigation of the five areas, the store and environment switch,
 * the sandbox banner, and the small pieces pages are built of (tables, amounts, dates, the hidden
 * fields every form carries: CSRF token, store, environment, language). The two pages without the
 * frame are here too: the sign-in page and the page that only says a message (not found, forbidden).
 *
 * An area (overview, orders, payouts, settings, shipping) keeps its pages, routes and texts in its own
 * module and uses only this file and context.ts from the rest of the back office.
 */
import { html, renderDocument, type Html } from '../platform/html.js';
import { formatMoney } from '../platform/format.js';
import type { Locale } from '../platform/locales.js';
import type { Env } from '../platform/env.js';
import { TEXTS } from './i18n.js';
import type { Membership, Role } from './roles.js';
import { word } from './values.js';

const CSS = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f6f7f9;overflow-wrap:anywhere}
table{overflow-wrap:normal}fieldset{min-width:0}
header,main{max-width:72rem;margin:0 auto;padding:1rem}header{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center}
nav ul{display:flex;flex-wrap:wrap;gap:.75rem;list-style:none;margin:0;padding:0}
header form{display:flex;align-items:center;gap:.4rem;margin:0;min-width:0;max-width:100%}header label{display:inline;margin:0}header select{min-width:0;max-width:min(100%,12rem)}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.who{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;min-width:3rem}
@media (min-width:75rem){header{max-width:none;flex-wrap:nowrap;white-space:nowrap;gap:.875rem;font-size:.9375rem}header>*{flex:none}header>.out{flex:0 1 auto}nav ul{flex-wrap:nowrap}}
a{color:#0645ad}a:focus,button:focus,input:focus,select:focus,summary:focus{outline:3px solid #1d4ed8;outline-offset:2px}
.banner{background:#fff3c4;color:#5c4400;padding:.5rem 1rem;text-align:center;font-weight:600}
.card{background:#fff;border:1px solid #d0d4da;border-radius:.5rem;padding:1rem;margin-bottom:1rem}
label{display:block;margin:.5rem 0 .25rem}input,select,textarea{font:inherit;padding:.4rem;border:1px solid #6b7280;border-radius:.25rem;max-width:100%}
input[type=checkbox],input[type=radio]{width:1.1rem;height:1.1rem;vertical-align:middle}label.inline{display:inline;margin:0 .75rem 0 .25rem}
button{font:inherit;padding:.45rem 1rem;border:0;border-radius:.25rem;background:#1d4ed8;color:#fff;cursor:pointer}
button.danger{background:#a50e0e}
.error{color:#a50e0e;font-weight:600}.notice{color:#14532d;font-weight:600}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem;border-bottom:1px solid #e5e7eb;vertical-align:top}
.table{overflow-x:auto}.filters{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end}.filters>*{min-width:0;max-width:100%}.muted{color:#4b5563}
pre,code,input.iban{font-family:ui-monospace,monospace}pre,code{font-size:.875rem}input.iban{width:44ch}pre{white-space:pre-wrap;word-break:break-all;background:#f3f4f6;padding:.5rem;border-radius:.25rem;margin:0}
`;

/** The five areas of the navigation, in its order, with their paths. */
export const AREAS = [
  { page: 'overview', path: '/dashboard' },
  { page: 'orders', path: '/dashboard/orders' },
  { page: 'payouts', path: '/dashboard/payouts' },
  { page: 'settings', path: '/dashboard/settings' },
  { page: 'shipping', path: '/dashboard/shipping' },
] as const;
export type Area = (typeof AREAS)[number]['page'];

export interface Frame {
  locale: Locale;
  nonce: string;
  csrf: string;
  email: string;
  memberships: Membership[];
  storeId: string;
  env: Env;
  current: Area;
  role: Role;
}

/** An amount in minor units, as the page's locale writes it in the currency. */
export const money = formatMoney;

/** A timestamp as "YYYY-MM-DD HH:MM:SS" (UTC). */
export const when = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString()).slice(0, 19).replace('T', ' ');

export function csrfField(token: string): Html {
  return html`<input type="hidden" name="csrf" value="${token}">`;
}

/** What every signed-in form carries: the CSRF token, and the store, environment and language it was shown in. */
export function hiddenFields(f: Frame): Html {
  return html`${csrfField(f.csrf)}<input type="hidden" name="store" value="${f.storeId}"><input type="hidden" name="env" value="${f.env}"><input type="hidden" name="lang" value="${f.locale}">`;
}

/** The query string that keeps the page's store, environment and language (plus `extra`). */
export const q = (f: Pick<Frame, 'storeId' | 'env' | 'locale'>, extra: Record<string, string> = {}) => new URLSearchParams({ store: f.storeId, env: f.env, lang: f.locale, ...extra }).toString();

/** An <option> of a <select>, selected when it is `chosen`. */
export const option = (value: string, label: string, chosen: string | undefined) => html`<option value="${value}"${value === (chosen ?? '') ? html` selected` : ''}>${label}</option>`;

/** A labelled, scrollable, keyboard-focusable table (axe: a scrollable region must be focusable). */
export function dataTable(caption: string, head: readonly string[], rows: readonly Html[]): Html {
  return html`<div class="table" tabindex="0" role="region" aria-label="${caption}"><table><thead><tr>${head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead><tbody>${rows}</tbody></table></div>`;
}

export function doc(locale: Locale, nonce: string, title: string, body: Html): string {
  return renderDocument({ lang: locale, title: `${title} · ${TEXTS[locale].title}`, nonce, css: CSS, body });
}

/** The sign-in page (no frame: nobody is signed in yet). */
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

/** A page that only says `heading` (not found, forbidden, a malformed search…) and `more`, with a way back. */
export function messagePage(locale: Locale, nonce: string, heading: string, more: Html | '' = ''): string {
  const t = TEXTS[locale];
  return doc(locale, nonce, heading, html`<main><div class="card"><h1>${heading}</h1>${more}<p><a href="/dashboard?lang=${locale}">${t.overview}</a></p></div></main>`);
}

/**
 * The store the page is about, with the user's role there; a user of several stores picks another
 * here (its label is for screen readers: the options name the stores).
 */
function storeSwitch(f: Frame): Html {
  const t = TEXTS[f.locale];
  const named = (m: Membership) => `${m.storeName} · ${word(f.locale, 'role', m.role)}`;
  if (f.memberships.length === 1) return html`<span class="store-name">${named(f.memberships[0]!)}</span>`;
  return html`<form class="store" method="get" action="/dashboard"><input type="hidden" name="lang" value="${f.locale}">
<label for="store-switch" class="sr">${t.store}</label><select id="store-switch" name="store">${f.memberships.map(
    (m) => html`<option value="${m.storeId}"${m.storeId === f.storeId ? html` selected` : ''}>${named(m)}</option>`,
  )}</select><input type="hidden" name="env" value="${f.env}"><button type="submit" aria-label="${t.store}">→</button></form>`;
}

/** A signed-in page: banner, header (navigation, store and environment switch, sign-out) and `content` under an h1. */
export function frame(f: Frame, title: string, content: Html): string {
  const t = TEXTS[f.locale];
  const other: Env = f.env === 'sandbox' ? 'production' : 'sandbox';
  const otherPath = AREAS.find((a) => a.page === f.current)!.path;
  return doc(
    f.locale,
    f.nonce,
    title,
    html`${f.env === 'sandbox' ? html`<div class="banner" role="status">${t.sandboxBanner}</div>` : ''}
<header><strong>Kassa</strong>
<nav aria-label="${t.title}"><ul>${AREAS.map((a) => html`<li><a href="${a.path}?${q(f)}"${f.current === a.page ? html` aria-current="page"` : ''}>${t[a.page]}</a></li>`)}</ul></nav>
${storeSwitch(f)}
<a href="${otherPath}?${q({ ...f, env: other })}">${t.switchTo} ${t[other]}</a>
<form class="out" method="post" action="/dashboard/logout">${csrfField(f.csrf)}<span class="who muted" title="${f.email}">${f.email}</span><button type="submit">${t.signOut}</button></form>
</header>
<main><h1>${title} · ${t[f.env]}</h1>${content}</main>`,
  );
}
