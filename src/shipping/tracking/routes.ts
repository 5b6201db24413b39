/** GET /track/:carrierCode/:trackingNumber: the public tracking page a parcel's trackingLink opens. */
import type { FastifyInstance } from 'fastify';
import { html, newNonce, renderDocument, sendHtml, type Html } from '../../platform/html.js';
import type { Services } from '../../services.js';
import type { ShipmentStatus } from '../shipments/store.js';
import { findTrackedParcel, type TrackedParcel } from './service.js';

const STATUS_TEXT: Readonly<Record<ShipmentStatus, string>> = {
  pending: 'Being registered with the carrier',
  registered: 'Registered with the carrier; the parcel is being prepared',
  registrationFailed: 'Not yet handed to the carrier',
  labelsCreated: 'Label printed; waiting for the carrier to pick it up',
  inTransit: 'On its way',
  awaitingCollection: 'Ready for collection',
  delivered: 'Delivered',
  returned: 'Returned to the sender',
};

const CSS = `body{font-family:system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111}
main{max-width:36rem;margin:0 auto;padding:1.5rem}
.card{background:#fff;border-radius:.75rem;padding:1.25rem;margin-bottom:1rem;box-shadow:0 1px 2px rgba(0,0,0,.06)}
h1{font-size:1.25rem;margin:0 0 .25rem}.tn{font-family:ui-monospace,monospace;font-size:1.05rem;letter-spacing:.04em}
.status{font-size:1.35rem;font-weight:700;margin:.5rem 0}dt{color:#555;font-size:.85rem}dd{margin:0 0 .6rem}
ul{padding-left:1.1rem}a{color:#0b57d0}`;

function body(p: TrackedParcel): Html {
  const where =
    p.destination.kind === 'pickupPoint'
      ? html`${p.destination.name}, ${p.destination.locality}`
      : html`${p.destination.locality ?? ''}${p.destination.country ? html` (${p.destination.country})` : ''}`;
  return html`<main>
<div class="card">
<h1>${p.carrierName}</h1>
<div class="tn">${p.trackingNumber}</div>
<p class="status">${STATUS_TEXT[p.status]}</p>
<dl>
<dt>Updated</dt><dd>${p.updatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC</dd>
<dt>${p.destination.kind === 'pickupPoint' ? 'Pickup point' : 'Delivery to'}</dt><dd>${where}</dd>
<dt>Parcel</dt><dd>${p.parcelIndex} of ${p.parcelCount}</dd>
</dl>
<p><a href="${p.carrierTrackingUrl}" rel="noopener noreferrer">Track at ${p.carrierName}</a></p>
</div>
${p.products.length ? html`<div class="card"><h1>In this shipment</h1><ul>${p.products.map((x) => html`<li>${x.quantity} × ${x.name}</li>`)}</ul></div>` : ''}
</main>`;
}

export async function trackingRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  app.get<{ Params: { carrierCode: string; trackingNumber: string } }>(
    '/track/:carrierCode/:trackingNumber',
    { schema: { hide: true } },
    async (req, reply) => {
      const nonce = newNonce();
      const policy = { nonce, formOrigins: [], imageOrigins: [] };
      const parcel = await findTrackedParcel(opts.services.db, req.params.carrierCode, req.params.trackingNumber);
      if (!parcel) {
        const page = renderDocument({ lang: 'en', title: 'Parcel not found', nonce, css: CSS, body: html`<main><div class="card"><h1>Parcel not found</h1><p>No parcel has the tracking number ${req.params.trackingNumber}.</p></div></main>` });
        return sendHtml(reply, 404, page, policy);
      }
      const page = renderDocument({ lang: 'en', title: `${parcel.carrierName} ${parcel.trackingNumber}`, nonce, css: CSS, body: body(parcel) });
      return sendHtml(reply, 200, page, policy);
    },
  );
}
