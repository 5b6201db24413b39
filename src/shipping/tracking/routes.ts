/**
 * GET /track/:carrierCode/:trackingNumber: the public tracking page a parcel's trackingLink opens,
 * in the language trackingLocale picks (?lang=, Accept-Language, destination country, en).
 */
import type { FastifyInstance } from 'fastify';
import { fill } from '../../platform/format.js';
import { html, newNonce, renderDocument, sendHtml, type Html } from '../../platform/html.js';
import { languageSwitcher, type Locale } from '../../platform/locales.js';
import type { Services } from '../../services.js';
import { formatUpdated, STATUS_KEYS, trackingLocale, trackingMessages } from './i18n.js';
import { errorResponses, htmlResponse, parserValidates, Security } from '../../platform/schemas.js';
import { TrackingParams, TrackingQuery } from './schema.js';
import type { TrackedParcel } from './service.js';

const CSS = `body{font-family:system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111}
main{max-width:36rem;margin:0 auto;padding:1.5rem}
.card{background:#fff;border-radius:.75rem;padding:1.25rem;margin-bottom:1rem;box-shadow:0 1px 2px rgba(0,0,0,.06)}
h1{font-size:1.25rem;margin:0 0 .25rem}h2{font-size:1.1rem;margin:0 0 .5rem}.from{color:#555;margin:.25rem 0 0}
ol.events{list-style:none;padding:0;margin:0}ol.events li{padding:.35rem 0;border-top:1px solid #e5e7eb}ol.events li:first-child{border-top:0}
ol.events time{display:block;color:#555;font-size:.85rem}.tn{font-family:ui-monospace,monospace;font-size:1.05rem;letter-spacing:.04em}
.status{font-size:1.35rem;font-weight:700;margin:.5rem 0}dt{color:#555;font-size:.85rem}dd{margin:0 0 .6rem}
ul{padding-left:1.1rem}a{color:#0b57d0}
nav ul{list-style:none;padding:0;margin:0 0 1rem;display:flex;flex-wrap:wrap;gap:.25rem .75rem;font-size:.85rem}
nav a[aria-current]{color:#111;font-weight:700;text-decoration:none}`;

function body(p: TrackedParcel, locale: Locale): Html {
  const t = trackingMessages(locale);
  const where =
    p.destination.kind === 'pickupPoint'
      ? html`${p.destination.name}, ${p.destination.locality}`
      : html`${p.destination.locality ?? ''}${p.destination.country ? html` (${p.destination.country})` : ''}`;
  return html`<main>
${languageSwitcher(t.language, locale, (l) => `?lang=${l}`)}
<div class="card">
<h1>${p.carrierName}</h1>
<div class="tn">${p.trackingNumber}</div>
<p class="from">${fill(t.sentBy, { store: p.storeName })}</p>
<p class="status">${t[STATUS_KEYS[p.status]]}</p>
<dl>
<dt>${t.updated}</dt><dd><time datetime="${p.updatedAt.toISOString()}">${formatUpdated(p.updatedAt, locale)}</time></dd>
<dt>${p.destination.kind === 'pickupPoint' ? t.pickupPoint : t.deliveryTo}</dt><dd>${where}</dd>
<dt>${t.parcel}</dt><dd>${fill(t.parcelOf, { index: p.parcelIndex, count: p.parcelCount })}</dd>
</dl>
${p.carrierTrackingUrl ? html`<p><a href="${p.carrierTrackingUrl}" rel="noopener noreferrer">${fill(t.trackAt, { carrier: p.carrierName })}</a></p>` : ''}
</div>
${p.events.length ? html`<div class="card"><h2>${t.history}</h2><ol class="events">${p.events.map((e) => html`<li><time datetime="${e.at.toISOString()}">${formatUpdated(e.at, locale)}</time> <span>${t[STATUS_KEYS[e.status]]}</span></li>`)}</ol></div>` : ''}
${p.products.length ? html`<div class="card"><h2>${t.inThisShipment}</h2><ul>${p.products.map((x) => html`<li>${x.quantity} × ${x.name}</li>`)}</ul></div>` : ''}
</main>`;
}

function notFoundBody(trackingNumber: string, locale: Locale): Html {
  const t = trackingMessages(locale);
  return html`<main>
${languageSwitcher(t.language, locale, (l) => `?lang=${l}`)}
<div class="card"><h1>${t.notFoundTitle}</h1><p>${fill(t.notFoundText, { trackingNumber })}</p></div>
</main>`;
}

export async function trackingRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  app.get<{ Params: { carrierCode: string; trackingNumber: string }; Querystring: { lang?: unknown } }>(
    '/track/:carrierCode/:trackingNumber',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags: ['pages'],
        security: Security.none,
        operationId: 'trackingPage',
        summary: "A parcel's public tracking page",
        description: "Public (no authentication): the page a parcel's trackingLink opens.",
        params: TrackingParams,
        querystring: TrackingQuery,
        response: {
          200: htmlResponse('The tracking page'),
          404: htmlResponse('No parcel with that carrier and tracking number (an HTML page)'),
          ...errorResponses(400),
        },
      },
    },
    async (req, reply) => {
      const nonce = newNonce();
      const policy = { nonce, formOrigins: [], imageOrigins: [] };
      const choice = { lang: req.query.lang, acceptLanguage: req.headers['accept-language'] };
      reply.header('vary', 'accept-language');
      const parcel = await opts.services.tracking.find(req.params.carrierCode, req.params.trackingNumber);
      if (!parcel) {
        const locale = trackingLocale(choice);
        const page = renderDocument({
          lang: locale,
          title: trackingMessages(locale).notFoundTitle,
          nonce,
          css: CSS,
          body: notFoundBody(req.params.trackingNumber, locale),
        });
        return sendHtml(reply, 404, page, policy);
      }
      const locale = trackingLocale({ ...choice, country: parcel.destination.country });
      const page = renderDocument({ lang: locale, title: `${parcel.carrierName} ${parcel.trackingNumber}`, nonce, css: CSS, body: body(parcel, locale) });
      return sendHtml(reply, 200, page, policy);
    },
  );
}
