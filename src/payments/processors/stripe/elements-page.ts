/**
 * Production's card page: Kassa's page that mounts Stripe's Payment Element (Stripe.js from
 * https://js.stripe.com/v3, the operator's publishable key, the PaymentIntent's client secret) and
 * confirms in the browser with `stripe.confirmPayment` (return_url: Kassa's return route). Card
 * numbers go from the shopper's browser to Stripe only; wallets come from the Payment Element.
 */
import { html, newNonce, renderDocument } from '../../../platform/html.js';
import type { Locale } from '../../../platform/locales.js';
import { simMessages } from '../sim-kit/messages.js';

export const ELEMENTS_PAGE_PATH = '/pay/:orderUuid/card';
export const STRIPE_JS = 'https://js.stripe.com/v3';

/** Stripe's origins a page with Stripe.js needs (docs.stripe.com/security/guide#content-security-policy). */
export const STRIPE_ORIGINS = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com', 'https://maps.googleapis.com'],
  img: ['https://*.stripe.com'],
} as const;

export function elementsPolicy(nonce: string, kassaOrigin: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' ${STRIPE_ORIGINS.script.join(' ')}`,
    `style-src 'nonce-${nonce}'`,
    `frame-src ${STRIPE_ORIGINS.frame.join(' ')}`,
    `connect-src ${STRIPE_ORIGINS.connect.join(' ')}`,
    `img-src 'self' data: ${STRIPE_ORIGINS.img.join(' ')}`,
    `form-action 'self' ${kassaOrigin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const CSS = `body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#eef0f3}
main{max-width:480px;margin:20px auto;padding:0 14px}.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:20px}
h1{font-size:1.25rem;margin:0 0 12px}button{font:inherit;font-weight:600;border-radius:8px;padding:12px 18px;margin-top:18px;width:100%;color:#fff;background:#2B2D42;border:0;cursor:pointer}
button:disabled{opacity:.6}.error{color:#b3261e;font-weight:600;margin:10px 0 0}`;

/**
 * The page's script: mount the Payment Element, confirm on submit. A decline goes back to Kassa's
 * return route (as a redirect after 3-D Secure does), which records it and offers another try.
 */
const SCRIPT = `(function(){
var d=document.getElementById('payment-form').dataset;
var stripe=Stripe(d.publishableKey,{locale:d.locale});
var elements=stripe.elements({clientSecret:d.clientSecret});
elements.create('payment',{layout:'tabs'}).mount('#payment-element');
var form=document.getElementById('payment-form'),msg=document.getElementById('payment-message'),btn=document.getElementById('submit');
form.addEventListener('submit',function(e){e.preventDefault();btn.disabled=true;msg.hidden=true;
stripe.confirmPayment({elements:elements,confirmParams:{return_url:d.returnUrl}}).then(function(r){
if(!r.error)return;
if(r.error.type==='card_error'&&r.error.payment_intent){var u=new URL(d.returnUrl);u.searchParams.set('payment_intent',r.error.payment_intent.id);u.searchParams.set('redirect_status','failed');window.location.assign(u.toString());return;}
msg.textContent=r.error.message||'';msg.hidden=false;btn.disabled=false;});});
})();`;

export function elementsPage(p: { locale: Locale; publishableKey: string; clientSecret: string; returnUrl: string; nonce?: string }): { nonce: string; document: string } {
  const t = simMessages(p.locale);
  const nonce = p.nonce ?? newNonce();
  const body = html`<script nonce="${nonce}" src="${STRIPE_JS}"></script>
<main><section class="card">
<h1>${t.payByCard}</h1>
<form id="payment-form" data-publishable-key="${p.publishableKey}" data-client-secret="${p.clientSecret}" data-return-url="${p.returnUrl}" data-locale="${p.locale}">
<div id="payment-element"></div>
<p id="payment-message" class="error" role="alert" hidden></p>
<button id="submit" type="submit">${t.payByCard}</button>
</form>
</section></main>`;
  return { nonce, document: renderDocument({ lang: p.locale, title: t.payByCard, nonce, css: CSS, body, script: SCRIPT }) };
}
