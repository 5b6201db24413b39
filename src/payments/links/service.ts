/**
 * Where payment links are decided: creation (every rule of the spec's table, one 400), reading,
 * the short URL, what the link's page offers (payer details, the store's carriers and pickup
 * points in customerCountry with the shipping cost, the store's payment methods for the currency),
 * the order a payer's submission creates (a one_time link: at most one, ever), and the v2 shipment
 * made in the transaction that marks such an order PAID.
 */
import { randomBytes } from 'node:crypto';
import { withSavepoint, withTx, type Db, type Queryable } from '../../platform/db.js';
import { ApiError, Errors } from '../../platform/errors.js';
import { isUuid, uuidv7 } from '../../platform/ids.js';
import type { Env } from '../../platform/env.js';
import type { Locale } from '../../platform/locales.js';
import { formatAmount, parseAmount, toNumber, type Currency } from '../../platform/money.js';
import type { CallbackPolicy } from '../../platform/outbound.js';
import { Problems, type Json } from '../../platform/validate.js';
import type { Store, StoreService } from '../../stores/service.js';
import type { KeyResolver } from '../../stores/auth.js';
import { storeNow } from '../../stores/store.js';
import { peek, verify } from '../../platform/jwt.js';
import { METHOD_CURRENCIES, PAYMENT_METHODS, type PaymentMethodName } from '../methods/catalogue/methods.js';
import type { OrderService } from '../orders/service.js';
import { EXPIRES_IN, type Address, type MethodOptions, type OrderInput } from '../orders/schema.js';
import { effectiveStatus, applyTransition } from '../orders/states.js';
import * as orderSql from '../orders/store.js';
import type { OrderRow } from '../orders/store.js';
import type { CarrierContractService } from '../../shipping/contracts/service.js';
import { courierServices, findCourierService, findPickupPoint, pickupPoints, type CourierService, type PickupPoint } from '../../shipping/catalogue/service.js';
import { calculateRates } from '../../shipping/rates/service.js';
import { isCountryCode, type CountryCode } from '../../shipping/carriers/countries.js';
import { carrierDefinition } from '../../shipping/carriers/registry.js';
import type { ShipmentService } from '../../shipping/shipments/service.js';
import { defaultSender } from '../../shipping/shipments/service.js';
import { DESCRIPTION_MAX, parseLinkPayload, type LinkStatus } from './schema.js';
import * as sql from './store.js';
import type { LinkRow, ShippingChoiceRow } from './store.js';
import { countriesOn, isOffered } from '../methods/countries.js';

export interface LinkDeps {
  orders: OrderService;
  stores: StoreService;
  keys: KeyResolver;
  contracts: CarrierContractService;
  shipments: ShipmentService;
  callbacks: CallbackPolicy;
  publicUrl: string;
}

export interface CreatedLink {
  uuid: string;
  url: string;
  shortUrl: string;
}

/**
 * The parcel the shipping cost is quoted for (the link carries no goods' measures): one box of
 * 30 × 20 × 10 cm weighing 1 kg, which every carrier's smallest locker and courier bracket take.
 */
export const DEFAULT_PARCEL = Object.freeze({ lengthMm: 300, widthMm: 200, heightMm: 100, weightG: 1000, quantity: 1 });

/** Pickup points listed per carrier on the page (the picker searches them in the browser). */
export const MAX_POINTS = 500;

export interface CarrierOffer {
  carrierCode: string;
  /** The carrier's display name (the carriers' registry): what the payer sees, never the code. */
  carrierName: string;
  /** Minor units of the link's currency for the default parcel; per method type. */
  pickupPointCost: number | null;
  courierCost: number | null;
  /** Sorted by town, then name (the no-JavaScript list reads in that order). */
  points: PickupPoint[];
  couriers: CourierService[];
}

export interface LinkPage {
  link: LinkRow;
  store: Store;
  status: LinkStatus;
  methods: PaymentMethodName[];
  carriers: CarrierOffer[];
  /** A one_time link whose order is PENDING: someone is paying it now. */
  taken: boolean;
}

/** The payer's form, as posted (untrusted strings). */
export type LinkForm = Record<string, string>;

export type SubmitResult =
  | { kind: 'order'; orderId: string }
  /** Field problems, by form field (shown beside the fields). */
  | { kind: 'invalid'; problems: Record<string, string> }
  /** The link takes no order: expired, paid, or its one order is being paid by someone. */
  | { kind: 'closed'; why: 'expired' | 'paid' | 'taken' };

const iso = (d: Date | string): string => new Date(d).toISOString();
const SHORT_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function shortCode(): string {
  const bytes = randomBytes(10);
  let out = '';
  for (const b of bytes) out += SHORT_ALPHABET[b % SHORT_ALPHABET.length];
  return out;
}

export function linkStatus(link: Pick<LinkRow, 'type' | 'paid_order_count' | 'expires_at' | 'now'>): LinkStatus {
  if (link.type === 'one_time' && link.paid_order_count > 0) return 'PAID';
  return new Date(link.expires_at).getTime() <= new Date(link.now).getTime() ? 'EXPIRED' : 'ACTIVE';
}

/** The methods a payer may choose: the store's enabled ones that take the link's currency. */
export function linkMethods(store: Store, link: Pick<LinkRow, 'currency' | 'env'>): PaymentMethodName[] {
  return PAYMENT_METHODS.filter((m) => isOffered(store, link.env, m) && METHOD_CURRENCIES[m].includes(link.currency));
}

const TOWN_ORDER = new Intl.Collator('en', { sensitivity: 'base' });

/** Offers depend only on the static catalogue and rate tables: computed once per carrier, country and currency. */
const OFFERS = new Map<string, CarrierOffer>();

function carrierOffer(code: string, country: CountryCode, currency: Currency): CarrierOffer {
  const key = `${code}/${country}/${currency}`;
  const known = OFFERS.get(key);
  if (known) return known;
  const cost = (type: 'pickupPoint' | 'courier'): number | null => {
    const rates = calculateRates({ destination: country, parcels: [{ items: [DEFAULT_PARCEL] }] }, { carrierCode: code, shippingMethodType: type });
    const subs = rates.carriers[0]?.shippingMethods[0]?.subtypes.filter((s) => s.currency === currency) ?? [];
    // The rate tables answer decimal strings ("3.49"): read once into minor units, never through a float.
    const minors = subs.map((s) => parseAmount(s.rate)).flatMap((r) => (r.ok ? [r.minor] : []));
    return minors.length === 0 ? null : Math.min(...minors);
  };
  const pickupPointCost = cost('pickupPoint');
  const courierCost = cost('courier');
  const byTown = (a: PickupPoint, b: PickupPoint) => TOWN_ORDER.compare(a.locality, b.locality) || TOWN_ORDER.compare(a.name, b.name);
  const offer: CarrierOffer = {
    carrierCode: code,
    carrierName: carrierDefinition(code)?.name ?? code,
    pickupPointCost,
    courierCost,
    points: pickupPointCost === null ? [] : pickupPoints(code, country, undefined, MAX_POINTS).slice().sort(byTown),
    couriers: courierCost === null ? [] : [...courierServices(code, country)],
  };
  OFFERS.set(key, offer);
  return offer;
}

/** The payer's delivery as the form names it: a carrier's pickup point or a courier service. */
export type Delivery =
  | { type: 'pickupPoint'; offer: CarrierOffer; id: string }
  | { type: 'courier'; offer: CarrierOffer; id: string }
  /** The form field to mark and the problem's message key (texts.ts). */
  | { type: 'problem'; field: 'shipping' | 'pickupPoint'; problem: 'chooseDelivery' | 'choosePickupPoint' | 'otherCarrierPoint' };

/**
 * Reads the form's delivery: `shipping` is the chosen method (`pickupPoint:<carrierCode>` or
 * `courier:<courierServiceId>`), `pickupPoint` the point for the former and ignored otherwise.
 * A `shipping` of `pickupPoint:<pointId>` (the form before the picker: a page loaded before an
 * upgrade and posted after it) names the point itself.
 */
export function readDelivery(carriers: readonly CarrierOffer[], form: LinkForm): Delivery {
  const [type, rest = ''] = (form.shipping ?? '').split(':', 2) as [string, string | undefined];
  if (type === 'courier') {
    const offer = carriers.find((c) => c.couriers.some((s) => s.id === rest));
    return offer ? { type, offer, id: rest } : { type: 'problem', field: 'shipping', problem: 'chooseDelivery' };
  }
  if (type !== 'pickupPoint') return { type: 'problem', field: 'shipping', problem: 'chooseDelivery' };
  const offer = carriers.find((c) => c.carrierCode === rest && c.points.length > 0);
  if (!offer) {
    const legacy = carriers.find((c) => c.points.some((p) => p.id === rest));
    return legacy ? { type, offer: legacy, id: rest } : { type: 'problem', field: 'shipping', problem: 'chooseDelivery' };
  }
  const id = (form.pickupPoint ?? '').trim();
  if (offer.points.some((p) => p.id === id)) return { type, offer, id };
  const elsewhere = id !== '' && carriers.some((c) => c.points.some((p) => p.id === id));
  return { type: 'problem', field: 'pickupPoint', problem: elsewhere ? 'otherCarrierPoint' : 'choosePickupPoint' };
}

export class PaymentLinkService {
  constructor(
    private readonly db: Db,
    private readonly deps: LinkDeps,
  ) {}

  url(id: string): string {
    return `${this.deps.publicUrl}/links/${id}`;
  }

  shortUrl(code: string): string {
    return `${this.deps.publicUrl}/l/${code}`;
  }

  /** POST /payment-links: every problem in one 400; nothing written unless all is well. */
  async create(store: Store, env: Env, claims: Json): Promise<CreatedLink> {
    const input = parseLinkPayload(claims, store.country);
    const p = new Problems();
    if (input.notificationUrl) this.deps.callbacks.check(input.notificationUrl, env, 'notificationUrl', p);
    const now = await storeNow(this.db, store.id, env);
    if (input.expiresAt.getTime() <= now.getTime()) p.add('expiresAt', `must be in the future (now ${now.toISOString()})`);
    if (linkMethods(store, { currency: input.currency, env }).length === 0) p.add('currency', `no payment method enabled for the store takes ${input.currency}`);
    if (input.preferredCountry && !countriesOn(store, env, 'paymentInitiation').includes(input.preferredCountry)) {
      p.add('preferredCountry', `bank payments are switched off in ${input.preferredCountry} for this store`);
    }
    if (input.showShippingOptions && input.customerCountry) {
      const contracts = (await this.deps.contracts.active(store.id, env)).filter((c) => c.country === input.customerCountry);
      if (contracts.length === 0) {
        p.add('showShippingOptions', `needs active shipping methods: the store has no carrier contract in ${env} for customerCountry ${input.customerCountry}`);
      }
      // A shipment is made when the payment completes; refused now rather than then.
      if (!defaultSender(store, env)) p.add('showShippingOptions', 'needs a sender in production: the store has no default shipping address (operator: PATCH /operator/stores/{uuid} shippingAddress)');
    }
    if (input.merchantReference && (await orderSql.orderReferenceTaken(this.db, store.id, env, input.merchantReference))) {
      p.add('merchantReference', 'is already used by an order of the store');
    }
    p.throwIfAny();
    const id = uuidv7();
    for (let attempt = 0; attempt < 3; attempt++) {
      const code = shortCode();
      if (await sql.insertLink(this.db, id, store.id, env, code, input)) return { uuid: id, url: this.url(id), shortUrl: this.shortUrl(code) };
      if (input.merchantReference) throw Errors.validation('merchantReference', 'is already used by another payment link of the store');
    }
    throw new Error('could not draw a free short code'); // 56^10 codes: not expected
  }

  /** GET /payment-links/:uuid: another store's or environment's link is unknown. */
  async get(id: string, store: Store, env: Env): Promise<LinkRow> {
    if (!isUuid(id)) throw Errors.validation('paymentLinkUuid', 'must be a UUID');
    const link = await sql.readLink(this.db, id);
    if (!link || link.store_id !== store.id || link.env !== env) throw Errors.notFound(`Payment link ${id}`);
    return link;
  }

  view(link: LinkRow) {
    return {
      uuid: link.id,
      url: this.url(link.id),
      shortUrl: this.shortUrl(link.short_code),
      status: linkStatus(link),
      type: link.type,
      description: link.description,
      amount: formatAmount(Number(link.amount)),
      currency: link.currency,
      locale: link.locale,
      expiresAt: iso(link.expires_at),
      merchantReference: link.merchant_reference,
      notificationUrl: link.notification_url,
      returnUrl: link.return_url,
      askAdditionalInfo: link.ask_additional_info,
      showShippingOptions: link.show_shipping_options,
      customerCountry: link.customer_country,
      preferredProvider: link.preferred_provider,
      preferredCountry: link.preferred_country,
      paymentReference: link.payment_reference,
      orderCount: link.order_count,
      paidOrderCount: link.paid_order_count,
      createdAt: iso(link.created_at),
    };
  }

  /** The link's page URL for a short code; undefined when unknown. */
  async resolveShort(code: string): Promise<string | undefined> {
    if (!/^[A-Za-z0-9]{1,32}$/.test(code)) return undefined;
    const found = await sql.readLinkByCode(this.db, code);
    return found && this.url(found.id);
  }

  /** What the link's page shows; undefined for an unknown link. */
  async page(id: string): Promise<LinkPage | undefined> {
    if (!isUuid(id)) return undefined;
    const link = await sql.readLink(this.db, id);
    if (!link) return undefined;
    // The store and the carriers are independent reads: in parallel. The store comes through the
    // key cache, as every API request's does (KASSA_AUTH_CACHE_MS; dropped on this node when its
    // settings change): no query per page view.
    const [{ store }, carriers, order] = await Promise.all([
      this.deps.keys.forStore(link.store_id, link.env),
      this.carriers(link),
      link.order_id ? this.deps.orders.getById(link.order_id) : undefined,
    ]);
    const taken = order !== undefined && effectiveStatus(order.status, new Date(order.expires_at), new Date(order.now)) === 'PENDING';
    return { link, store, status: linkStatus(link), methods: linkMethods(store, link), carriers, taken };
  }

  /** The store's carriers in customerCountry with their points, courier services and costs. */
  private async carriers(link: LinkRow): Promise<CarrierOffer[]> {
    if (!link.show_shipping_options || !link.customer_country || !isCountryCode(link.customer_country)) return [];
    const country = link.customer_country;
    const codes = [...new Set(await this.deps.contracts.carrierCodesIn(link.store_id, link.env, country))].sort();
    return codes.map((code) => carrierOffer(code, country, link.currency)).filter((c) => c.points.length > 0 || c.couriers.length > 0);
  }

  /**
   * A payer's submission: validated (problems by field), then the order. A one_time link's order
   * is claimed on the link row (see store.ts claimOneTime); when that order expired unpaid, the
   * same order is reopened for the new payer.
   */
  async submit(pg: LinkPage, form: LinkForm, locale: Locale): Promise<SubmitResult> {
    const { link, store } = pg;
    if (pg.status === 'PAID') return { kind: 'closed', why: 'paid' };
    if (pg.status === 'EXPIRED') return { kind: 'closed', why: 'expired' };
    const problems: Record<string, string> = {};
    const text = (k: string, max = 128): string | null => {
      const v = (form[k] ?? '').trim();
      if (v.length > max) problems[k] = 'tooLong';
      return v === '' ? null : v;
    };
    const method = form.method as PaymentMethodName;
    if (!pg.methods.includes(method)) problems.method = 'required';
    const shipping = link.show_shipping_options;
    const firstName = text('firstName');
    const lastName = text('lastName');
    const email = text('email');
    const phone = text('phone', 32);
    if (link.ask_additional_info) {
      if (!firstName) problems.firstName = 'required';
      if (!lastName) problems.lastName = 'required';
      if (!email) problems.email = 'required';
      else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.email = 'invalidEmail';
    }
    let choice: Omit<ShippingChoiceRow, 'order_id' | 'shipment_id'> | undefined;
    let shippingCost = 0;
    let address: { street: string | null; locality: string | null; postalCode: string | null } = { street: null, locality: null, postalCode: null };
    if (shipping) {
      if (!phone) problems.phone = 'required';
      else if (!/^\+?[0-9 ()-]{5,20}$/.test(phone)) problems.phone = 'invalidPhone';
      // Only the chosen delivery's fields are read: a courier's address is ignored for a pickup point.
      const delivery = readDelivery(pg.carriers, form);
      if (delivery.type === 'problem') problems[delivery.field] = delivery.problem;
      else {
        const { type, offer, id } = delivery;
        shippingCost = (type === 'pickupPoint' ? offer.pickupPointCost : offer.courierCost) ?? 0;
        if (type === 'courier') {
          address = { street: text('street', 255), locality: text('locality'), postalCode: text('postalCode', 16) };
          if (!address.street) problems.street = 'required';
          if (!address.locality) problems.locality = 'required';
          if (!address.postalCode) problems.postalCode = 'required';
        }
        choice = {
          method_type: type,
          method_id: id,
          receiver: {
            name: `${firstName ?? ''} ${lastName ?? ''}`.trim(),
            firstName,
            lastName,
            email,
            phoneNumber: phone,
            streetAddress: address.street,
            locality: address.locality,
            postalCode: address.postalCode,
            country: link.customer_country,
          },
        };
      }
    }
    if (Object.keys(problems).length) return { kind: 'invalid', problems };

    const orderId = uuidv7();
    const billing: Address | null = link.ask_additional_info
      ? {
          firstName,
          lastName,
          email,
          phoneNumber: phone,
          phoneCountry: null,
          addressLine1: address.street,
          addressLine2: null,
          locality: address.locality,
          region: null,
          country: link.customer_country ?? null,
          postalCode: address.postalCode,
          companyName: null,
          companyLegalName: null,
          companyRegCode: null,
          companyVatNumber: null,
        }
      : null;
    const options: MethodOptions = {};
    if (method === 'paymentInitiation') {
      // A country switched off since the link was made: no preselected bank, the payer picks among the countries that are on.
      const country = link.preferred_country as MethodOptions['preferredCountry'] | null;
      if (country && countriesOn(store, link.env, 'paymentInitiation').includes(country)) {
        if (link.preferred_provider) options.preferredProvider = link.preferred_provider;
        options.preferredCountry = country;
      }
      if (link.payment_reference) options.paymentReference = link.payment_reference;
      options.paymentDescription = link.description.slice(0, 140);
    }
    // Production pays only through configured connectors: a link's method without one is refused here too.
    await this.deps.orders.assertPayable(link.env, method);
    const reference = link.merchant_reference ?? `LINK-${link.short_code}-${orderId}`;
    const input: OrderInput = {
      merchantReference: reference,
      merchantReferenceDisplay: link.merchant_reference ?? link.description.slice(0, DESCRIPTION_MAX),
      returnUrl: link.return_url ?? `${this.url(link.id)}/thanks`,
      notificationUrl: link.notification_url,
      grandTotal: Number(link.amount) + shippingCost,
      currency: link.currency,
      locale,
      expiresIn: EXPIRES_IN.default,
      sessionUuid: null,
      paymentIntentUuid: null,
      method,
      methodDisplay: null,
      methodOptions: options,
      billingAddress: billing,
      shippingAddress: choice ? billing : null,
      lineItems: [{ name: link.description, quantity: 1, finalPrice: toNumber(Number(link.amount)) }, ...(choice ? [{ name: 'SHIPPING', quantity: 1, finalPrice: toNumber(shippingCost) }] : [])],
    };
    return withTx(this.db, async (tx) => {
      if (link.type === 'one_time' && !(await sql.claimOneTime(tx, link.id, orderId))) {
        return this.reopen(tx, link, input, choice);
      }
      const [row] = await orderSql.insertOrders(tx, [{ orderId, intentId: uuidv7(), storeId: store.id, env: link.env, input }]);
      if (!row) throw Errors.conflict(`merchantReference ${reference} is already used by another order`);
      await orderSql.setOrderLink(tx, orderId, link.id);
      if (choice) await sql.saveShippingChoice(tx, { order_id: orderId, ...choice });
      return { kind: 'order', orderId };
    });
  }

  /** A one_time link whose order exists: reopened for this payer only when it expired unpaid. */
  private async reopen(tx: Queryable, link: LinkRow, input: OrderInput, choice: Omit<ShippingChoiceRow, 'order_id' | 'shipment_id'> | undefined): Promise<SubmitResult> {
    const orderId = await sql.lockLinkOrder(tx, link.id);
    const order = orderId ? await orderSql.lockOrder(tx, orderId) : undefined;
    if (!order) return { kind: 'closed', why: 'taken' };
    const status = effectiveStatus(order.status, new Date(order.expires_at), new Date(order.now));
    if (status === 'PENDING') return { kind: 'closed', why: 'taken' };
    if (status !== 'ABANDONED') return { kind: 'closed', why: 'paid' };
    applyTransition(order.status, order.status === 'ABANDONED' ? 'reopen' : 'update');
    await orderSql.updateOrderFromInput(tx, order.id, { ...input, merchantReference: order.merchant_reference });
    await orderSql.refreshPendingIntent(tx, order.id, uuidv7());
    if (choice) await sql.saveShippingChoice(tx, { order_id: order.id, ...choice });
    else await sql.deleteShippingChoice(tx, order.id);
    return { kind: 'order', orderId: order.id };
  }

  /**
   * The order the thank-you page's `order-token` names: the token must be signed with the link
   * store's key (as Kassa signs it) and name an order of this link; undefined otherwise.
   */
  async thanksOrder(link: LinkRow, token: string | undefined): Promise<OrderRow | undefined> {
    if (!token) return undefined;
    let claims: Json;
    try {
      const key = await this.deps.keys.forStore(link.store_id, link.env);
      claims = verify(token, key.secretKey, peek(token));
    } catch {
      return undefined;
    }
    const orderId = claims.uuid;
    if (!isUuid(orderId)) return undefined;
    const row = await this.deps.orders.getById(orderId);
    return row && row.payment_link_id === link.id ? row : undefined;
  }

  /**
   * OrderService's afterPaid hook: a paid link order with a shipping choice gets its v2 shipment,
   * in the transaction that marks it PAID; the registration worker is poked after the commit.
   */
  async afterPaid(tx: Queryable, order: OrderRow): Promise<(() => void) | undefined> {
    if (!order.payment_link_id) return undefined;
    const choice = await sql.lockOpenShippingChoice(tx, order.id);
    if (!choice) return undefined;
    const store = await this.deps.stores.get(order.store_id, tx);
    if (!store) throw new Error(`store ${order.store_id} of order ${order.id} is missing`);
    const r = choice.receiver;
    const found = choice.method_type === 'pickupPoint' ? findPickupPoint(choice.method_id) : findCourierService(choice.method_id);
    const body = {
      merchantReference: order.merchant_reference,
      serviceOrderUuid: order.id,
      shippingMethod: { type: choice.method_type, id: choice.method_id },
      receiver: {
        name: r.name,
        phoneNumber: r.phoneNumber,
        email: r.email,
        ...(choice.method_type === 'courier' ? { streetAddress: r.streetAddress, locality: r.locality, postalCode: r.postalCode, country: r.country ?? found?.countryCode } : {}),
      },
      parcels: [{ weight: DEFAULT_PARCEL.weightG / 1000 }],
    };
    // A savepoint: a shipment the rules refuse (a contract or the sender removed since the link
    // was made, a merchantReference taken) never refuses the payment; why is recorded instead.
    let id: string;
    try {
      id = await withSavepoint(tx, 'link_shipment', () => this.deps.shipments.createInTx(tx, store, order.env, body));
    } catch (err) {
      if (err instanceof ApiError && err.statusCode < 500) {
        await sql.setShipmentError(tx, order.id, err.message);
        return undefined;
      }
      throw err;
    }
    await sql.setShipment(tx, order.id, id);
    return () => this.deps.shipments.registration.poke();
  }

  async shippingChoice(orderId: string): Promise<ShippingChoiceRow | undefined> {
    return sql.readShippingChoice(this.db, orderId);
  }
}
