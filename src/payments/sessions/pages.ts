/**
 * The embedded card form (framed by the merchant's checkout through Kassa's checkout script) and
 * its 3-D Secure page (framed full-screen over the checkout). Both talk to their parent window
 * with the official SDK's postMessage names (montonio+montonio-js src/services/Messaging/types.ts)
 * and to Kassa with same-origin fetches. Rendering only; what happens is in service.ts.
 */
import type { FastifyReply } from 'fastify';
import { contentSecurityPolicy, html, newNonce, originOf, renderDocument } from '../../platform/html.js';
import { fill, formatMoney } from '../../platform/format.js';
import type { Locale } from '../../platform/locales.js';
import { messages } from '../hosted-pages/i18n.js';
import { simMessages } from '../processors/sim-kit/messages.js';
import { embeddedMessages } from './i18n.js';
import { THREE_DS_FIELDS, type ChallengeContext } from './service.js';
import type { BrowserFields } from '../processors/contract.js';

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#fff}
form{padding:4px 2px 8px}
label{display:block;font-weight:600;margin:10px 0 4px}
input{width:100%;padding:11px 12px;font-size:1rem;border:1px solid #9aa0a6;border-radius:8px}
input[aria-invalid=true]{border-color:#b3261e}
input:focus,button:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
.row{display:flex;gap:12px}.row>div{flex:1}
.error{color:#b3261e;font-weight:600;margin:6px 0 0}
.ok{color:#1e6b34;font-weight:600;margin:6px 0 0}
.hint{color:#5f6368;font-size:.9rem;margin:0 0 6px}
.sandbox{background:#fff3cd;color:#5c4400;font-size:.8rem;padding:4px 8px;border-radius:6px;margin:0 0 6px}
`;

const CHALLENGE_CSS = `
*{box-sizing:border-box}
html,body{margin:0;min-height:100%;background:rgba(20,22,28,.55)}
body{font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;display:flex;align-items:center;justify-content:center;min-height:100vh;padding:16px}
.dialog{background:#fff;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.3);padding:22px;max-width:420px;width:100%}
.brand{background:#1A4D8F;color:#fff;margin:-22px -22px 16px;padding:12px 22px;border-radius:12px 12px 0 0;font-weight:700}
h1{font-size:1.2rem;margin:0 0 10px}
.actions{display:flex;flex-wrap:wrap;gap:10px;margin-top:18px}
button{font:inherit;font-weight:600;border-radius:8px;padding:12px 18px;cursor:pointer;border:1px solid transparent;flex:1 1 auto}
.primary{background:#1A4D8F;color:#fff}
.danger{background:#fff;color:#b3261e;border-color:#b3261e}
button:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
`;

/** The form's behaviour: the SDK's messages in, the card to Kassa, the outcome back to the parent. */
/**
 * What the card form and the Elements form answer their parent window (the merchant's checkout,
 * Montonio's EmbeddedPayments messages): submit, change the language, show a failure, validate.
 * Each script defines submit(), show(), post(), texts, d and isComplete() before it.
 */
const FRAME_LISTENER = `window.addEventListener('message',function(e){
if(e.source!==window.parent||(d.parent&&e.origin!==d.parent))return;
var m=e.data;if(!m||typeof m!=='object')return;
if(m.name==='montonio:checkout.submitPayment')submit();
else if(m.name==='montonio:checkout.changeLocale'&&m.payload){var l=String(m.payload.locale);var u=new URL(location.href);u.searchParams.set('lang',l==='en_US'?'en':l);location.replace(u.toString());}
else if(m.name==='montonio:checkout.sendPaymentFailedData'&&m.payload&&texts[m.payload.errorCode])show(texts[m.payload.errorCode]);
else if(m.name==='kassa:checkout.validate'){var v=isComplete();if(!v)show(texts.checkDetails);post('kassa:checkout.validated',{isValid:v});}
});`;

const FORM_SCRIPT = `(function(){
var d=document.body.dataset,target=d.parent||'*',texts=JSON.parse(d.texts);
var num=document.getElementById('cardNumber'),exp=document.getElementById('cardExpiry'),cvc=document.getElementById('cardCvc'),blik=document.getElementById('blikCode'),msg=document.getElementById('message');
var inputs=blik?[blik]:[num,exp,cvc];
function post(name,payload){var m={name:name};if(payload!==undefined)m.payload=payload;window.parent.postMessage(m,target);}
function height(){post('montonio:checkout.heightChanged',{height:Math.ceil(document.documentElement.getBoundingClientRect().height)});}
function complete(){if(blik)return /^\\d{6}$/.test(blik.value.replace(/\\s+/g,''));return num.value.replace(/[\\s-]/g,'').length>=12&&exp.value.trim().length>=4&&cvc.value.trim().length>=3;}
var last=null;
function isComplete(){return complete();}
function changed(){var v=complete();if(v!==last){last=v;post('kassa:checkout.validityChanged',{isValid:v});}}
function show(text,kind){msg.textContent=text||'';msg.hidden=!text;msg.className=kind||'error';height();}
function mark(el,id,bad){document.getElementById(id).hidden=!bad;if(bad)el.setAttribute('aria-invalid','true');else el.removeAttribute('aria-invalid');}
var busy=false;
function failed(code,intent){var p={errorCode:code};if(intent)p.paymentIntentUuid=intent;post('montonio:checkout.paymentFailed',p);}
function submit(){
if(busy)return;busy=true;show('');
fetch(d.payUrl,{method:'POST',credentials:'same-origin',headers:{'content-type':'application/json',accept:'application/json'},body:JSON.stringify(blik?{blikCode:blik.value}:{cardNumber:num.value,cardExpiry:exp.value,cardCvc:cvc.value})})
.then(function(r){return r.json().then(function(j){return {ok:r.ok,code:r.status,body:j};});})
.then(function(x){busy=false;var j=x.body;
if(!x.ok){show(x.code===409?texts.noOrder:texts.generic);failed(x.code===409?'ORDER_NOT_PAYABLE':'REQUEST_FAILED');return;}
if(blik)mark(blik,'blikCodeError',j.status==='invalidCode');
else{mark(num,'cardNumberError',j.status==='invalid'&&j.invalidNumber);mark(exp,'cardExpiryError',j.status==='invalid'&&j.invalidExpiry);mark(cvc,'cardCvcError',j.status==='invalid'&&j.invalidCvc);}
if(j.status==='paid'){show(texts.paid,'ok');post('montonio:checkout.paymentCompleted',{paymentIntentUuid:j.paymentIntentUuid,resultCode:j.resultCode});}
else if(j.status==='failed'){show(texts[j.errorCode]||texts.generic);failed(j.errorCode,j.paymentIntentUuid);}
else if(j.status==='invalid'){show(texts.checkDetails);failed('INVALID_CARD_DETAILS');}
else if(j.status==='invalidCode'){show('');failed('INVALID_BLIK_CODE');}
else if(j.status==='challenge'){post('montonio:checkout.startPaymentAuth',{paymentAuthData:{type:'embedded',embeddedUrl:j.embeddedUrl}});}
},function(){busy=false;show(texts.generic);failed('REQUEST_FAILED');});
}
${FRAME_LISTENER}
inputs.forEach(function(el){el.addEventListener('input',changed);});
post('montonio:checkout.paymentComponentReady');changed();height();
if(window.ResizeObserver)new ResizeObserver(height).observe(document.body);
})();`;

/** The 3-D Secure page's behaviour: ready, then the shopper's answer to Kassa and the outcome to the parent. */
const CHALLENGE_SCRIPT = `(function(){
var d=document.body.dataset,target=d.parent||'*',fields=JSON.parse(d.fields);
function post(name,payload){var m={name:name};if(payload!==undefined)m.payload=payload;window.parent.postMessage(m,target);}
var buttons=document.querySelectorAll('button[data-action]');
function answer(action){
for(var i=0;i<buttons.length;i++)buttons[i].disabled=true;
var body={action:action};for(var k in fields)body[k]=fields[k];
fetch(d.finishUrl,{method:'POST',credentials:'same-origin',headers:{'content-type':'application/json',accept:'application/json'},body:JSON.stringify(body)})
.then(function(r){return r.json().then(function(j){return {ok:r.ok,body:j};});})
.then(function(x){var j=x.body;
if(x.ok&&j.status==='paid')post('montonio:checkout.paymentCompleted',{paymentIntentUuid:j.paymentIntentUuid,resultCode:j.resultCode});
else post('montonio:checkout.paymentFailed',{errorCode:x.ok?j.errorCode:'REQUEST_FAILED',paymentIntentUuid:fields.intent});
},function(){post('montonio:checkout.paymentFailed',{errorCode:'REQUEST_FAILED',paymentIntentUuid:fields.intent});});
}
for(var i=0;i<buttons.length;i++)buttons[i].addEventListener('click',function(e){answer(e.currentTarget.getAttribute('data-action'));});
window.addEventListener('message',function(e){
if(e.source!==window.parent||(d.parent&&e.origin!==d.parent))return;
var m=e.data;if(m&&m.name==='montonio:checkout.sendPaymentAuthData'){var b=document.querySelector('button[data-action=complete]');if(b)b.focus();}
});
post('montonio:checkout.paymentAuthComponentReady');
})();`;

/** The parent origin a page was given, when it is exactly an origin (anything else is ignored). */
export function parentOrigin(value: string | undefined): string | undefined {
  return value !== undefined && originOf(value) === value ? value : undefined;
}

/**
 * Sends a page made to be framed by the merchant's checkout: the pages' strict CSP, except that
 * the frame's ancestors are the parent origin (any web origin when unknown) instead of none, and
 * fetches go to Kassa itself. No X-Frame-Options (it cannot name an origin list).
 */
export function sendFrameable(reply: FastifyReply, status: number, document: string, nonce: string, parent: string | undefined, browser?: BrowserFields): FastifyReply {
  let csp = contentSecurityPolicy({ nonce, formOrigins: [], imageOrigins: [] }).replace(
    "frame-ancestors 'none'",
    `connect-src 'self'${browser ? ` ${browser.origins.connect.join(' ')}` : ''}; frame-ancestors ${parent ?? 'http: https:'}`,
  );
  // The processor's fields (Stripe Elements): its script, its frames and its images (docs.stripe.com/security/guide#content-security-policy).
  if (browser) {
    csp = csp
      .replace(`script-src 'nonce-${nonce}'`, `script-src 'nonce-${nonce}' ${browser.origins.script.join(' ')}`)
      .replace("img-src 'self' data:", `img-src 'self' data: ${browser.origins.img.join(' ')}`)
      .replace('; base-uri', `; frame-src ${browser.origins.frame.join(' ')}; base-uri`);
  }
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', csp)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .send(document);
}

/** The texts the form scripts show (in the form's language). */
function formTexts(locale: Locale): Record<string, string> {
  const g = messages(locale);
  const e = embeddedMessages(locale);
  return {
    noOrder: e.noOrder,
    paid: e.paid,
    checkDetails: e.checkDetails,
    generic: g.errorGeneric,
    DECLINED: g.errorDECLINED,
    INSUFFICIENT_FUNDS: g.errorINSUFFICIENT_FUNDS,
    AUTHENTICATION_FAILED: g.errorAUTHENTICATION_FAILED,
    CODE_EXPIRED: g.errorCODE_EXPIRED,
  };
}

/**
 * Production's form: the card processor's own fields (Stripe's Payment Element, deferred-intent
 * mode: docs.stripe.com/payments/accept-a-payment-deferred) with the SDK's messages. On
 * submitPayment: `elements.submit()`, then Kassa binds the attempt's PaymentIntent
 * (`{elements: true}` → its client secret), then `stripe.confirmPayment` in the browser (3-D
 * Secure by Stripe.js); Stripe's webhook records the outcome. Kassa never sees the card.
 */
const ELEMENTS_SCRIPT = `(function(){
var d=document.body.dataset,target=d.parent||'*',texts=JSON.parse(d.texts),msg=document.getElementById('message');
function post(name,payload){var m={name:name};if(payload!==undefined)m.payload=payload;window.parent.postMessage(m,target);}
function height(){post('montonio:checkout.heightChanged',{height:Math.ceil(document.documentElement.getBoundingClientRect().height)});}
function show(text,kind){msg.textContent=text||'';msg.hidden=!text;msg.className=kind||'error';height();}
function failed(code,intent){var p={errorCode:code};if(intent)p.paymentIntentUuid=intent;post('montonio:checkout.paymentFailed',p);}
function reason(e){if(e&&e.code==='payment_intent_authentication_failure')return 'AUTHENTICATION_FAILED';if(e&&e.decline_code==='insufficient_funds')return 'INSUFFICIENT_FUNDS';return 'DECLINED';}
var stripe=Stripe(d.publicKey,{locale:d.locale});
var elements=stripe.elements({mode:'payment',amount:50,currency:'eur',paymentMethodTypes:['card']});
var field=elements.create('payment',{layout:'tabs'});field.mount('#payment-element');
var complete=false,last=null,busy=false;
field.on('change',function(e){complete=!!e.complete;if(complete!==last){last=complete;post('kassa:checkout.validityChanged',{isValid:complete});}});
function submit(){
if(busy)return;busy=true;show('');
elements.submit().then(function(r){
if(r.error){busy=false;show(r.error.message||texts.checkDetails);failed('INVALID_CARD_DETAILS');return;}
return fetch(d.payUrl,{method:'POST',credentials:'same-origin',headers:{'content-type':'application/json',accept:'application/json'},body:JSON.stringify({elements:true})})
.then(function(x){return x.json().then(function(j){return {ok:x.ok,code:x.status,body:j};});})
.then(function(x){var j=x.body;
if(!x.ok||j.status!=='confirm'){busy=false;show(x.code===409?texts.noOrder:texts.generic);failed(x.code===409?'ORDER_NOT_PAYABLE':'REQUEST_FAILED');return;}
return stripe.confirmPayment({elements:elements,clientSecret:j.clientSecret,confirmParams:{return_url:j.returnUrl},redirect:'if_required'}).then(function(res){busy=false;
if(res.error){var c=reason(res.error);show(texts[c]||res.error.message||texts.generic);failed(c,j.paymentIntentUuid);return;}
show(texts.paid,'ok');post('montonio:checkout.paymentCompleted',{paymentIntentUuid:j.paymentIntentUuid,resultCode:'AUTHORISED'});});
});
}).catch(function(){busy=false;show(texts.generic);failed('REQUEST_FAILED');});
}
function isComplete(){return complete;}
${FRAME_LISTENER}
post('montonio:checkout.paymentComponentReady');height();
if(window.ResizeObserver)new ResizeObserver(height).observe(document.body);
})();`;

export function elementsFormPage(m: { uuid: string; locale: Locale; parent: string | undefined; nonce: string; browser: BrowserFields }): string {
  const t = simMessages(m.locale);
  const body = html`<script nonce="${m.nonce}" src="${m.browser.scriptUrl}"></script>
<form id="cardForm" novalidate>
<div id="payment-element"></div>
<p id="message" class="error" role="status" hidden></p>
</form>`;
  const doc = renderDocument({ lang: m.locale, title: t.payByCard, nonce: m.nonce, css: CSS, body, script: ELEMENTS_SCRIPT });
  const payUrl = `/embedded/card/${m.uuid}/pay?${new URLSearchParams({ lang: m.locale, ...(m.parent ? { parent: m.parent } : {}) }).toString()}`;
  return doc.replace(
    '<body>',
    html`<body data-pay-url="${payUrl}" data-parent="${m.parent ?? ''}" data-public-key="${m.browser.publicKey}" data-locale="${m.locale}" data-texts="${JSON.stringify(formTexts(m.locale))}">`.value,
  );
}

/** The form where the card processor cannot be reached (production without its connector). */
export function unavailablePage(locale: Locale, nonce: string): string {
  return renderDocument({ lang: locale, title: messages(locale).errorGeneric, nonce, css: CSS, body: html`<p class="error" role="alert">${messages(locale).errorGeneric}</p>` });
}

export function cardFormPage(m: { uuid: string; locale: Locale; sandbox: boolean; parent: string | undefined; nonce: string; method: 'cardPayments' | 'blik' }): string {
  const t = simMessages(m.locale);
  const g = messages(m.locale);
  const texts = formTexts(m.locale);
  const fields =
    m.method === 'blik'
      ? html`<label for="blikCode">${t.blikCode}</label>
<p class="hint" id="blikHint">${t.blikHint}</p>
<input type="text" id="blikCode" name="blikCode" inputmode="numeric" autocomplete="one-time-code" maxlength="7" placeholder="123456" aria-describedby="blikHint" required>
<p class="error" id="blikCodeError" role="alert" hidden>${t.invalidBlikCode}</p>`
      : html`<label for="cardNumber">${t.cardNumber}</label>
<input type="text" id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<p class="error" id="cardNumberError" role="alert" hidden>${t.invalidCardNumber}</p>
<div class="row">
<div><label for="cardExpiry">${t.cardExpiry}</label>
<input type="text" id="cardExpiry" name="cardExpiry" inputmode="numeric" autocomplete="cc-exp" placeholder="12/34" required>
<p class="error" id="cardExpiryError" role="alert" hidden>${t.invalidExpiry}</p></div>
<div><label for="cardCvc">${t.cardCvc}</label>
<input type="text" id="cardCvc" name="cardCvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required>
<p class="error" id="cardCvcError" role="alert" hidden>${t.invalidCvc}</p></div>
</div>`;
  const body = html`${m.sandbox ? html`<p class="sandbox" role="note">${g.sandbox}</p>` : ''}
<form id="cardForm" novalidate>
${fields}
<p id="message" class="error" role="status" hidden></p>
</form>`;
  const doc = renderDocument({ lang: m.locale, title: m.method === 'blik' ? t.blikCode : t.payByCard, nonce: m.nonce, css: CSS, body, script: FORM_SCRIPT });
  // The script's settings ride on <body> as data attributes (escaped like any attribute).
  return doc.replace(
    '<body>',
    html`<body data-pay-url="/embedded/card/${m.uuid}/pay?${new URLSearchParams({ lang: m.locale, ...(m.parent ? { parent: m.parent } : {}) }).toString()}" data-parent="${m.parent ?? ''}" data-texts="${JSON.stringify(texts)}">`
      .value,
  );
}

export function challengePage(c: ChallengeContext, nonce: string): string {
  const t = simMessages(c.locale);
  const card = `${c.fields.brand ?? ''} •••• ${c.fields.last4 ?? ''}`;
  const text = fill(t.threeDsText, { amount: formatMoney(c.order.grand_total, c.order.currency, c.locale), payee: c.store.name, card });
  const signed = Object.fromEntries([...THREE_DS_FIELDS, 'mac'].map((n) => [n, c.fields[n] ?? '']));
  const body = html`<div class="dialog" role="dialog" aria-modal="true" aria-labelledby="title">
<div class="brand">${t.threeDsTitle}</div>
<h1 id="title">${t.threeDsTitle}</h1>
<p>${text}</p>
<div class="actions">
<button type="button" class="primary" data-action="complete">${t.threeDsComplete}</button>
<button type="button" class="danger" data-action="fail">${t.threeDsFail}</button>
</div>
</div>`;
  const doc = renderDocument({ lang: c.locale, title: t.threeDsTitle, nonce, css: CHALLENGE_CSS, body, script: CHALLENGE_SCRIPT });
  return doc.replace('<body>', html`<body data-finish-url="/embedded/card/3ds" data-parent="${c.parent}" data-fields="${JSON.stringify(signed)}">`.value);
}

export function notFoundPage(locale: Locale, nonce: string): string {
  const e = embeddedMessages(locale);
  return renderDocument({ lang: locale, title: e.notFound, nonce, css: CSS, body: html`<p class="error" role="alert">${e.notFound}</p>` });
}

export { newNonce };
