/**
 * The look of the simulators' own pages (a processor's pages, not Kassa's): a brand bar in the
 * processor's colour, the simulator ribbon, the payment summary, then the step's content.
 */
import type { FastifyReply } from 'fastify';
import { html, newNonce, originOf, renderDocument, sendHtml, type Html } from '../../../platform/html.js';
import { formatMoney } from '../../../platform/format.js';
import type { OrderMerchant } from './directory.js';
import { simMessages, type SimMessages } from './messages.js';
import type { SimRequest } from './protocol.js';
import { MAC_FIELD, type Fields } from './signing.js';

export interface Brand {
  name: string;
  /** #RRGGBB only (checked before it reaches the stylesheet). */
  color: string;
}

const SIM_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#eef0f3}
.brand{color:#fff;padding:14px 20px;font-weight:700;font-size:1.15rem;letter-spacing:.01em}
.ribbon{background:#fff3cd;color:#5c4400;text-align:center;font-size:.85rem;padding:6px 12px;border-bottom:1px solid #f0d98c}
main{max-width:480px;margin:20px auto;padding:0 14px}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:20px;margin-bottom:16px}
h1{font-size:1.25rem;margin:0 0 12px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 14px;margin:0}
dt{color:#5f6368}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
dd.amount{font-size:1.2rem}
label{display:block;font-weight:600;margin:14px 0 4px}
input[type=text],input[type=tel]{width:100%;padding:11px 12px;font-size:1rem;border:1px solid #9aa0a6;border-radius:8px}
input:focus,button:focus-visible,a:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
.hint{color:#5f6368;font-size:.9rem;margin:4px 0 0}
.error{color:#b3261e;font-weight:600;margin:6px 0 0}
.row{display:flex;gap:12px}
.row>div{flex:1;display:flex;flex-direction:column}
.row label{flex:1;display:flex;align-items:flex-end}
.actions{display:flex;flex-wrap:wrap;gap:10px;margin-top:18px}
button{font:inherit;font-weight:600;border-radius:8px;padding:12px 18px;cursor:pointer;border:1px solid transparent}
.primary{color:#fff;flex:1 1 auto}
.secondary{background:#fff;color:#1d1d1f;border-color:#9aa0a6}
.danger{background:#fff;color:#b3261e;border-color:#b3261e}
.wallet{width:100%;background:#000;color:#fff;font-size:1.05rem;padding:14px}
.link{display:inline-block;margin-top:14px;color:#1a5fb4}
fieldset{border:0;padding:0;margin:0}
legend{font-weight:600;margin-bottom:8px}
.option{display:flex;gap:10px;align-items:flex-start;border:1px solid #c4c7c5;border-radius:8px;padding:12px;margin-bottom:8px}
.option input{margin-top:4px}
.option ul{margin:4px 0 0;padding-left:18px;color:#3c4043;font-size:.92rem}
.app{max-width:340px;margin:0 auto;border:10px solid #222;border-radius:28px;padding:18px;background:#fff}
`;

export interface SimPage {
  req: SimRequest;
  brand: Brand;
  title: string;
  body: Html;
  /** Extra rows of the summary (e.g. the reference number). */
  extraRows?: readonly { label: string; value: string }[];
  script?: string;
}

export function summary(t: SimMessages, req: SimRequest, extra: readonly { label: string; value: string }[] = []): Html {
  return html`<dl>
<dt>${t.payee}</dt><dd>${req.payee}</dd>
<dt>${t.amount}</dt><dd class="amount">${formatMoney(req.amountMinor, req.currency, req.locale)}</dd>
<dt>${t.description}</dt><dd>${req.description}</dd>
${extra.map((r) => html`<dt>${r.label}</dt><dd>${r.value}</dd>`)}
</dl>`;
}

function safeColor(c: string): string {
  return /^#[0-9A-Fa-f]{6}$/.test(c) ? c : '#333333';
}

export function renderSimPage(p: SimPage, nonce: string): string {
  const t = simMessages(p.req.locale);
  const css = `${SIM_CSS}.brand{background:${safeColor(p.brand.color)}}.primary{background:${safeColor(p.brand.color)}}`;
  const body = html`<header class="brand">${p.brand.name}</header>
<div class="ribbon" role="note">${t.simBanner}</div>
<main>
<section class="card" aria-label="${t.amount}">${summary(t, p.req, p.extraRows)}</section>
${p.body}
</main>`;
  return renderDocument({ lang: p.req.locale, title: `${p.title} – ${p.brand.name}`, nonce, css, body, ...(p.script ? { script: p.script } : {}) });
}

/** Sends a simulator page; its forms may end in a redirect to Kassa and on to the merchant. */
export function sendSimPage(reply: FastifyReply, status: number, p: SimPage, merchant: OrderMerchant): FastifyReply {
  const nonce = newNonce();
  const kassa = originOf(p.req.returnUrl);
  const formOrigins = [kassa, merchant.merchantOrigin].filter((o): o is string => o !== undefined);
  return sendHtml(reply, status, renderSimPage(p, nonce), { nonce, formOrigins, imageOrigins: [] });
}

/** The answer to a request that is not authentic or not well-formed. */
export function sendInvalidRequest(reply: FastifyReply, locale: SimRequest['locale']): FastifyReply {
  const t = simMessages(locale);
  const nonce = newNonce();
  const body = html`<div class="ribbon" role="note">${t.simBanner}</div>
<main><section class="card"><h1>${t.invalidTitle}</h1><p>${t.invalidText}</p></section></main>`;
  return sendHtml(reply, 400, renderDocument({ lang: locale, title: t.invalidTitle, nonce, css: SIM_CSS, body }), {
    nonce,
    formOrigins: [],
    imageOrigins: [],
  });
}

/** The signed fields a form carries along (hidden), so the next step can check them again. */
export function hiddenFields(fields: Fields, names: readonly string[]): Html {
  return html`${[...names, MAC_FIELD].map((n) => html`<input type="hidden" name="${n}" value="${fields[n] ?? ''}">`)}`;
}
