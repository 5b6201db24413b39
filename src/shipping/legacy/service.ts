/**
 * The snake_case shipping API's rules (shipping-legacy.md) over the SAME shipments as v2: a
 * creation body is read (schema.ts), its `shipping_method` identifier and `pickup_point_uuid`
 * become a v2 shipping method, and the shipment is stored by ShipmentService in one transaction
 * with its legacy-only fields (migration 018); registration, labels, state machine and webhooks
 * are v2's. One shipment, two views (view.ts).
 */
import { withTx, type Db } from '../../platform/db.js';
import { Errors } from '../../platform/errors.js';
import type { Env } from '../../platform/env.js';
import type { Store } from '../../stores/service.js';
import { cachedJson, courierServices, findPickupPoint, shippingCatalogue, type CachedJson } from '../catalogue/service.js';
import type { CarrierContractService } from '../contracts/service.js';
import type { LabelFileService } from '../label-files/service.js';
import type { ShipmentService } from '../shipments/service.js';
import { legacyPointType } from './methods.js';
import { parseLabelFromStore, parseLegacyShipment, type LegacyShipmentInput } from './schema.js';
import { LegacyStore } from './store.js';
import { LEGACY_STATUS, legacyShipmentJson, type LegacyShipmentJson } from './view.js';
import { PRINTABLE } from '../label-files/labels.js';
import type { MethodInput } from '../shipments/schema.js';

export class LegacyShippingService {
  /** GET /pickup-points answers per set of active carriers (the listing is the same for every store with that set). */
  private readonly listings = new Map<string, CachedJson>();

  constructor(
    private readonly db: Db,
    private readonly contracts: CarrierContractService,
    private readonly shipments: ShipmentService,
    private readonly labelFiles: LabelFileService,
  ) {}

  /** Pickup points of the carriers the store has an active contract with in `env`, grouped by country, provider and type. */
  async pickupPoints(store: Store, env: Env): Promise<CachedJson> {
    const codes = await this.contracts.activeCarrierCodes(store.id, env);
    const k = codes.join(',');
    let answer = this.listings.get(k);
    if (!answer) {
      const out: Record<string, { providers: Record<string, Record<string, unknown[]>> }> = {};
      // Only the active carriers' points are read (catalogue order, as the listing always was).
      for (const p of shippingCatalogue().pickupPointsOf(codes)) {
        // provider_name is the carrier code: clients key their lists and build identifiers from it.
        const provider = p.carrierCode;
        const type = legacyPointType(p.carrierCode, p.type);
        const byType = ((out[p.countryCode] ??= { providers: {} }).providers[provider] ??= {});
        (byType[type] ??= []).push({ uuid: p.id, name: p.name, country: p.countryCode, type, provider_name: provider, region: p.region || null, locality: p.locality });
      }
      answer = cachedJson(out);
      this.listings.set(k, answer);
    }
    return answer;
  }

  /**
   * POST /shipments (`synchronous`: registered before answering) and create-async. Without
   * `shipping_method` the shipment is stored `created` (no method, never registered, no webhook)
   * and answered as it is; a v2 PATCH with a shippingMethod registers it later.
   */
  async create(store: Store, env: Env, body: unknown, synchronous: boolean): Promise<LegacyShipmentJson> {
    const input = parseLegacyShipment(body);
    const method = await this.method(store, env, input);
    // A parcel to a pickup point goes to the point's country, whatever shipping_country says (the
    // WooCommerce plugin writes the point's country there; CrystallizeAPI always sends "EE").
    const point = method?.type === 'pickupPoint' ? findPickupPoint(method.id) : undefined;
    const receiver = point ? { ...input.receiver, country: point.countryCode } : input.receiver;
    const id = await withTx(this.db, async (tx) => {
      const { id } = await this.shipments.insertParsed(tx, store, env, {
        merchantReference: input.merchantReference,
        serviceOrderUuid: null,
        orderComment: null,
        synchronous,
        shippingMethod: method,
        parcels: input.parcels,
        receiver,
        sender: input.sender,
        products: null,
        notificationUrl: null,
      });
      await new LegacyStore(tx).insert(
        id,
        {
          identifier: input.method?.identifier ?? null,
          billing: input.billing,
          street2: input.street2,
          currency: input.currency,
          shippingTotalMinor: input.shippingTotalMinor,
          totalMinor: input.totalMinor,
          paymentMethod: input.paymentMethod,
        },
        input.webhookUrl,
      );
      return id;
    });
    if (method === null) return this.view(store, env, id); // created: nothing to register
    if (synchronous) await this.shipments.registration.registerNow(id);
    else this.shipments.registration.poke();
    return this.view(store, env, id);
  }

  async view(store: Store, env: Env, id: string): Promise<LegacyShipmentJson> {
    const v2 = await this.shipments.get(store.id, env, id);
    const { extras, earlier } = await new LegacyStore(this.db).find(id);
    return legacyShipmentJson(v2, extras, earlier);
  }

  /**
   * The v2 shipping method of a legacy body: a pickup point of the identifier's carrier,
   * or that carrier's standard courier service in `shipping_country`; the carrier must have an
   * active contract. Refused (400 naming the snake_case field) before anything is written. Null
   * without `shipping_method` (created, not registered; a `pickup_point_uuid` alone is ignored:
   * docs/decisions.md, The snake_case shipping API).
   */
  private async method(store: Store, env: Env, input: LegacyShipmentInput): Promise<MethodInput | null> {
    const m = input.method;
    if (!m) return null;
    const base = { additionalServices: [], parcelHandoverMethod: null, lockerSize: null };
    const codes = await this.contracts.activeCarrierCodes(store.id, env);
    if (!codes.includes(m.carrierCode)) throw Errors.validation('shipping_method', `${m.identifier}: the store has no active ${env} contract with ${m.carrierCode}`);
    if (m.type === 'pickupPoint') {
      // Any pickup point of the identifier's carrier: the point's own type is the method. The
      // WooCommerce legacy module's DPD parcel-shop method offers the points of its
      // `parcel_machine` list and sends them as `dpd_parcel_shops` (docs/decisions.md).
      const point = findPickupPoint(input.pickupPointUuid!);
      if (!point || point.carrierCode !== m.carrierCode) {
        throw Errors.validation('pickup_point_uuid', `is not a pickup point of ${m.carrierCode} (${m.identifier})`);
      }
      return { type: 'pickupPoint', id: point.id, ...base };
    }
    // The standard service; a country whose courier is business-only has just that one.
    const services = courierServices(m.carrierCode, input.receiver.country ?? '');
    const service = services.find((s) => s.type === m.subtype) ?? services[0];
    if (!service) throw Errors.validation('shipping_country', `${input.receiver.country}: ${m.identifier} has no courier service there`);
    return { type: 'courier', id: service.id, ...base };
  }

  /**
   * POST /shipments/label-from-store: one PDF of every label, through v2's label files (same
   * renderer, same signed link, the shipments move to labelsCreated). All or nothing: 404 naming
   * the first unknown reference, 409 naming the first one not registered yet.
   */
  async labelFromStore(store: Store, env: Env, body: unknown): Promise<{ url: string }> {
    const refs = parseLabelFromStore(body);
    const found = await new LegacyStore(this.db).byReferences(store.id, env, refs);
    refs.forEach((ref, i) => {
      if (!found.has(ref)) throw Errors.notFound(`merchant_references[${i}]: shipment ${ref}`);
    });
    refs.forEach((ref, i) => {
      const s = found.get(ref)!;
      if (!(PRINTABLE as readonly string[]).includes(s.status)) {
        throw Errors.conflict(
          `merchant_references[${i}]: shipment ${ref} is ${LEGACY_STATUS[s.status] ?? s.status}; ${s.status === 'created' ? 'it has no shipping method (give it one with the v2 PATCH /shipments/{uuid})' : 'it is not registered with its carrier yet'}`,
        );
      }
    });
    const file = await this.labelFiles.create(store, env, { shipmentIds: refs.map((r) => found.get(r)!.id), synchronous: true });
    if (!file.labelFileUrl) throw Errors.conflict(`merchant_references: the label file could not be rendered (${(file.errors ?? []).map((e) => e.message).join('; ')})`);
    return { url: file.labelFileUrl };
  }
}
