/**
 * Shipments: create (validated against the catalogue and the store's active contracts, stored
 * pending with its parcels in one transaction, registered inline when `synchronous`), read,
 * update (only while registered or registrationFailed, or created without a method when the
 * PATCH gives it one; back to pending and registered again), and the sandbox test helper moving a registered shipment along the delivery states.
 */
import { withTx, type Db, type Queryable } from '../../platform/db.js';
import { Errors } from '../../platform/errors.js';
import { isUuid, uuidv7 } from '../../platform/ids.js';
import { Problems } from '../../platform/validate.js';
import { CallbackPolicy } from '../../platform/outbound.js';
import { systemClock, type Clock } from '../../platform/clock.js';
import type { Store } from '../../stores/service.js';
import type { Env } from '../../platform/env.js';
import type { LockerSize } from '../carriers/contract.js';
import type { CarrierCode } from '../carriers/registry.js';
import { isCountryCode } from '../carriers/countries.js';
import { carrierDefinition } from '../carriers/registry.js';
import { findCourierService, findPickupPoint } from '../catalogue/service.js';
import type { CarrierContractService } from '../contracts/service.js';
import { enqueueShipmentEvent } from '../webhooks/events.js';
import { pickContract, type ShipmentRegistration } from './registration.js';
import { parseCreateShipment, parsePatchShipment, withCallingCode, type CreateShipmentInput, type MethodInput, type ParcelInput, type PartyInput } from './schema.js';
import { transition } from '../../platform/state-machine.js';
import { HELPER_STATUSES, HELPER_TRANSITIONS, helperEvent, PATCHABLE, SHIPMENT_MACHINE, SHIPMENT_TRANSITIONS } from './states.js';
import {
  hasMethod,
  ShipmentStore,
  type MethodColumns,
  type NewParcel,
  type NoMethod,
  type ShipmentDefinition,
  type ShipmentRecord,
  type ShipmentStatus,
  type StoredParty,
  type StoredProduct,
} from './store.js';
import { shipmentJson, type ShipmentJson } from './view.js';
import { sampleSender } from './sample-sender.js';

export { HELPER_STATUSES, HELPER_TRANSITIONS, PATCHABLE };

/** The states a PATCH may start from: the spec's (update) and a created shipment getting its method (assignMethod). */
const PATCH_SOURCES: readonly ShipmentStatus[] = [...SHIPMENT_TRANSITIONS.assignMethod.from, ...PATCHABLE];

/**
 * The sender of a create request that names none: the store's default shipping address; without
 * one, in the sandbox, a sample sender in the store's country (`sample-sender.ts`); in
 * production, none.
 */
export function defaultSender(store: Store, env: Env): PartyInput | null {
  const address = store.shippingAddress ?? sampleSender(env, store.country);
  return address && { ...address, firstName: null, lastName: null };
}

/** Why a production create request without `sender` is refused when the store has no default address. */
export const NO_DEFAULT_SENDER =
  'is required in production: the store has no default shipping address (the operator sets one with PATCH /operator/stores/{uuid} shippingAddress, or `kassa stores set-address`; the sandbox ships from a sample sender until then)';

interface Resolved {
  carrierCode: CarrierCode;
  countryCode: string;
}

export class ShipmentService {
  private readonly store: ShipmentStore;

  constructor(
    private readonly db: Db,
    private readonly contracts: CarrierContractService,
    readonly registration: ShipmentRegistration,
    /** The deployment's rule for callback URLs (the composition root's one policy). */
    private readonly callbacks: CallbackPolicy = new CallbackPolicy(false),
    private readonly clock: Clock = systemClock,
  ) {
    this.store = new ShipmentStore(db);
  }

  /**
   * The rules needing the catalogue and the store's contracts, all problems in one 400: the
   * method id exists for its type; the store has an active contract with its carrier in `env`;
   * additional services offered there (COD in the destination's currency is the adapter's);
   * parcelHandoverMethod only for the carrier that takes it; courier receivers in the service's
   * country; dimensions where the method needs them. Returns the resolved definition.
   */
  private async resolve(
    q: Queryable,
    storeId: string,
    env: Env,
    method: MethodInput,
    parcels: readonly ParcelInput[],
    receiver: PartyInput,
    p: Problems,
  ): Promise<(Resolved & { lockerSize: LockerSize | null }) | undefined> {
    const found = method.type === 'pickupPoint' ? findPickupPoint(method.id) : findCourierService(method.id);
    if (!found) {
      p.add('shippingMethod.id', `is not a known ${method.type === 'pickupPoint' ? 'pickup point' : 'courier service'} id`);
      return undefined;
    }
    const def = carrierDefinition(found.carrierCode)!;
    const contract = pickContract(await this.contracts.active(storeId, env, q), found.carrierCode, found.countryCode);
    if (!contract) p.add('shippingMethod.id', `belongs to ${found.carrierCode}, with which the store has no active ${env} contract`);
    const offered = new Set(found.additionalServices.map((a) => a.code));
    method.additionalServices.forEach((a, i) => {
      if (!offered.has(a.code)) p.add(`shippingMethod.additionalServices[${i}].code`, `${a.code} is not offered by ${method.id}`);
    });
    if (method.parcelHandoverMethod !== null && !def.parcelHandoverMethods) {
      p.add('shippingMethod.parcelHandoverMethod', `is only accepted for carriers that take it (not ${def.code})`);
    }
    if (method.type === 'courier' && receiver.country !== null && receiver.country !== found.countryCode) {
      p.add('receiver.country', `must be ${found.countryCode}, the country of courier service ${method.id}`);
    }
    const countryMethod = isCountryCode(found.countryCode) ? def.methods[found.countryCode]?.find((m) => m.type === method.type) : undefined;
    if (countryMethod?.constraints.parcelDimensionsRequired) {
      parcels.forEach((parcel, i) => {
        if (parcel.lengthMm === null) p.add(`parcels[${i}].length`, `is required by ${method.id}`);
        if (parcel.widthMm === null) p.add(`parcels[${i}].width`, `is required by ${method.id}`);
        if (parcel.heightMm === null) p.add(`parcels[${i}].height`, `is required by ${method.id}`);
      });
    }
    if (!contract) return undefined;
    // lockerSize: as requested, else for pickup points (of carriers with lockers) the contract's default.
    const lockerSize = def.lockerSizes ? (method.lockerSize ?? (method.type === 'pickupPoint' ? contract.defaultLockerSize : null)) : null;
    return { carrierCode: found.carrierCode, countryCode: found.countryCode, lockerSize };
  }

  /** The rule webhook URLs follow: production refuses an obviously private notificationUrl. */
  /** Production registers only through a carrier's real client: without one, a 400 on the method's field names what is missing (after every other problem of the request). */
  private assertCarrierConnector(env: Env, resolved: { carrierCode: string } | undefined | null): void {
    const missing = resolved ? this.registration.unavailable(resolved.carrierCode, env) : undefined;
    if (missing) throw Errors.validation('shippingMethod.id', `cannot be shipped in production: ${missing}`);
  }

  private checkNotificationUrl(env: Env, url: string | null | undefined, p: Problems): void {
    if (url) this.callbacks.check(url, env, 'notificationUrl', p);
  }

  async create(store: Store, env: Env, body: unknown): Promise<ShipmentJson> {
    const { id, synchronous } = await withTx(this.db, (tx) => this.insert(tx, store, env, body));
    if (synchronous) await this.registration.registerNow(id);
    else this.registration.poke();
    return shipmentJson((await this.store.find(id, null))!);
  }

  /**
   * Creates a shipment (pending registration) inside the caller's transaction, as POST /shipments
   * would from `body`; returns its id. The caller pokes `registration` after its commit (a paid
   * payment link order's shipment is written with the PAID status, see payments/links).
   */
  async createInTx(tx: Queryable, store: Store, env: Env, body: unknown): Promise<string> {
    return (await this.insert(tx, store, env, body)).id;
  }

  private async insert(tx: Queryable, store: Store, env: Env, body: unknown): Promise<{ id: string; synchronous: boolean }> {
    return this.insertParsed(tx, store, env, parseCreateShipment(body));
  }

  /**
   * Creates a shipment from an already-read body inside the caller's transaction (the snake_case
   * API reads its own body, then stores the same shipment as v2 would); the caller registers it.
   * `shippingMethod` null (the snake_case API without shipping_method): stored `created`, with no
   * method, never registered until a PATCH gives it one.
   */
  async insertParsed(
    tx: Queryable,
    store: Store,
    env: Env,
    input: Omit<CreateShipmentInput, 'shippingMethod'> & { shippingMethod: MethodInput | null },
  ): Promise<{ id: string; synchronous: boolean }> {
    const p = new Problems();
    this.checkNotificationUrl(env, input.notificationUrl, p);
    const method = input.shippingMethod;
    const resolved = method && (await this.resolve(tx, store.id, env, method, input.parcels, input.receiver, p));
    // Refused here rather than stored for every carrier to refuse.
    const sender = input.sender ?? defaultSender(store, env);
    if (!sender) p.add('sender', NO_DEFAULT_SENDER);
    p.throwIfAny();
    this.assertCarrierConnector(env, resolved);
    const id = uuidv7();
    const createdAt = this.clock.now().toISOString();
    const products: StoredProduct[] | null = input.products?.map((x) => ({ id: uuidv7(), createdAt, ...x })) ?? null;
    const ok = await new ShipmentStore(tx).insert(
      {
        id,
        storeId: store.id,
        env,
        merchantReference: input.merchantReference,
        serviceOrderUuid: input.serviceOrderUuid,
        products,
        orderComment: input.orderComment,
        notificationUrl: input.notificationUrl,
        ...(method ? this.definition(method, resolved!, input.receiver, sender!, null) : this.unregistered(input.receiver, sender!)),
      },
      this.newParcels(input.parcels),
    );
    if (!ok) throw Errors.conflict(`A shipment with merchantReference ${input.merchantReference ?? ''} already exists`);
    return { id, synchronous: input.synchronous };
  }

  private definition(method: MethodInput, r: Resolved & { lockerSize: LockerSize | null }, receiver: PartyInput, sender: PartyInput, old: ShipmentRecord | null): ShipmentDefinition {
    return {
      methodType: method.type,
      methodId: method.id,
      carrierCode: r.carrierCode,
      countryCode: r.countryCode,
      additionalServices: method.additionalServices,
      parcelHandoverMethod: method.parcelHandoverMethod,
      lockerSize: r.lockerSize,
      // A receiver whose phone had no code and no country of ours: the shipment country's code.
      receiver: { ...withCallingCode(receiver, r.countryCode), id: old?.receiver.id ?? uuidv7() } satisfies StoredParty,
      sender: { ...sender, id: old?.sender.id ?? uuidv7() } satisfies StoredParty,
    };
  }

  /** A created shipment's definition: its parties, no method (nothing to resolve; a PATCH resolves one later). */
  private unregistered(receiver: PartyInput, sender: PartyInput): Omit<ShipmentDefinition, keyof MethodColumns> & NoMethod {
    return {
      methodType: null,
      methodId: null,
      carrierCode: null,
      countryCode: null,
      additionalServices: [],
      parcelHandoverMethod: null,
      lockerSize: null,
      receiver: { ...receiver, id: uuidv7() },
      sender: { ...sender, id: uuidv7() },
    };
  }

  private newParcels(parcels: readonly ParcelInput[]): NewParcel[] {
    return parcels.map((x) => ({ id: uuidv7(), ...x }));
  }

  async get(storeId: string, env: Env, id: string): Promise<ShipmentJson> {
    const s = await this.find(storeId, env, id);
    return shipmentJson(s);
  }

  private async find(storeId: string, env: Env, id: string): Promise<ShipmentRecord> {
    const s = isUuid(id) ? await this.store.find(id, { storeId, env }) : null;
    if (!s) throw Errors.notFound(`Shipment ${id}`);
    return s;
  }

  /**
   * PATCH: only while registered or registrationFailed (else 409 naming the status). The given
   * parts replace the stored ones; the shipment goes back to pending (carrier fields cleared)
   * and is registered again, inline when `synchronous`. A `created` shipment (no method: the
   * snake_case API without shipping_method) is PATCHed the same way once the body gives it a
   * shippingMethod (else 400 naming it): the table's assignMethod, then registered like any.
   */
  async update(storeId: string, env: Env, id: string, body: unknown): Promise<ShipmentJson> {
    const existing = await this.find(storeId, env, id);
    const input = parsePatchShipment(body, existing.methodType);
    const synchronous = await withTx(this.db, async (tx) => {
      const store = new ShipmentStore(tx);
      const s = (await store.find(id, { storeId, env }, true))!;
      if (!PATCH_SOURCES.includes(s.status)) {
        throw Errors.conflict(`Shipment ${id} is ${s.status}; it can be updated only while ${PATCH_SOURCES.join(', ')}`);
      }
      let method: MethodInput;
      if (input.shippingMethod) method = input.shippingMethod;
      else if (hasMethod(s)) {
        method = {
          type: s.methodType,
          id: s.methodId,
          additionalServices: s.additionalServices,
          parcelHandoverMethod: s.parcelHandoverMethod,
          // The stored size is the resolved one; keep it.
          lockerSize: s.lockerSize,
        };
      } else throw Errors.validation('shippingMethod', 'is required: the shipment is created without a method; this PATCH gives it one and registers it');
      transition(SHIPMENT_MACHINE, s.status, hasMethod(s) ? 'update' : 'assignMethod');
      const parcels: ParcelInput[] = input.parcels ?? s.parcels.map((x) => ({ weightG: x.weightG, lengthMm: x.lengthMm, widthMm: x.widthMm, heightMm: x.heightMm }));
      const strip = ({ id: _id, ...rest }: StoredParty): PartyInput => rest;
      const receiver = input.receiver ?? strip(s.receiver);
      const sender = input.sender ?? strip(s.sender);
      const p = new Problems();
      this.checkNotificationUrl(env, input.notificationUrl, p);
      if (method.type === 'courier' && !input.receiver) {
        for (const f of ['streetAddress', 'locality', 'postalCode', 'country'] as const) {
          if (receiver[f] === null || receiver[f] === '') p.add(`receiver.${f}`, 'is required for a courier shipment (send the whole receiver)');
        }
      }
      const resolved = await this.resolve(tx, storeId, env, method, parcels, receiver, p);
      p.throwIfAny();
      this.assertCarrierConnector(env, resolved);
      const ok = await store.requeue(id, this.definition(method, resolved!, receiver, sender, s), input.parcels ? this.newParcels(input.parcels) : null, input.notificationUrl);
      if (!ok) throw Errors.conflict(`Another shipment with merchantReference ${s.merchantReference ?? ''} already exists`);
      return input.synchronous;
    });
    if (synchronous) await this.registration.registerNow(id);
    else this.registration.poke();
    return shipmentJson((await this.store.find(id, null))!);
  }

  /** Sandbox test helper: moves the shipment along {@link HELPER_TRANSITIONS}; emits shipment.statusUpdated. */
  async moveStatus(storeId: string, env: Env, id: string, body: unknown): Promise<ShipmentJson> {
    const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['status'] : undefined;
    if (typeof raw !== 'string' || !(HELPER_STATUSES as readonly string[]).includes(raw)) {
      throw Errors.validation('status', `must be one of ${HELPER_STATUSES.join(', ')}`);
    }
    const to = raw as ShipmentStatus;
    await this.find(storeId, env, id);
    return withTx(this.db, async (tx) => {
      const store = new ShipmentStore(tx);
      const s = (await store.find(id, { storeId, env }, true))!;
      const event = helperEvent(s.status, to);
      if (!event) {
        const allowed = HELPER_TRANSITIONS[s.status] ?? [];
        throw Errors.conflict(`Shipment ${id} is ${s.status}; it cannot move to ${to}${allowed.length ? ` (only to ${allowed.join(', ')})` : ''}`);
      }
      const t = transition(SHIPMENT_MACHINE, s.status, event);
      await store.moveMany([id], t.to);
      const after = (await store.find(id, null))!;
      const json = shipmentJson(after);
      if (t.webhook) await enqueueShipmentEvent(tx, { eventType: t.webhook, storeId, env, shipmentId: id, data: json });
      return json;
    });
  }
}
