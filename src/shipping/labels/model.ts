/**
 * The input of one shipping label: everything printed on it, already resolved by the caller
 * (the shipping service maps a registered shipment's parcel onto one LabelInput per parcel).
 * Pure data; no database or carrier I/O happens in this folder.
 */

import { LOCKER_SIZES, SHIPPING_METHOD_TYPES, type LockerSize, type ShippingMethodType } from '../carriers/contract.js';

export { LOCKER_SIZES, type LockerSize } from '../carriers/contract.js';
/** A label's service is the shipment's method type. */
export type LabelService = ShippingMethodType;
export const LABEL_SERVICES: readonly LabelService[] = SHIPPING_METHOD_TYPES;

export interface LabelCarrier {
  /** Carrier code used in API requests (spec: Carrier.code). */
  code: string;
  /** Display name, printed big at the top of the label. */
  name: string;
}

export interface LabelSender {
  name: string;
  streetAddress: string;
  locality: string;
  postalCode: string;
  /** Country code (ISO 3166). */
  country: string;
  /** Full number including the country code, as it should be printed. */
  phone?: string;
}

export interface LabelReceiver {
  name: string;
  /** Required for courier labels (the spec requires it for courier shipments). */
  streetAddress?: string;
  locality?: string;
  postalCode?: string;
  country: string;
  phone?: string;
}

export interface LabelPickupPoint {
  id: string;
  name: string;
  streetAddress: string;
  locality: string;
  postalCode: string;
}

export interface LabelCod {
  /** Integer minor units of `currency` (DESIGN §3: money is never a float). */
  amountMinor: number;
  /** ISO 4217 code, e.g. EUR. */
  currency: string;
}

export interface LabelInput {
  /** The carrier's parcel number (spec: parcel.carrierParcelId); encoded as Code 128. */
  trackingNumber: string;
  carrier: LabelCarrier;
  service: LabelService;
  sender: LabelSender;
  receiver: LabelReceiver;
  /** Required when `service` is 'pickupPoint'. */
  pickupPoint?: LabelPickupPoint;
  /** 1-based index of this parcel within the shipment. */
  parcelIndex: number;
  parcelCount: number;
  weightKg: number;
  merchantReference?: string;
  createdAt: Date;
  lockerSize?: LockerSize;
  /** Code letting the sender hand the parcel over without a printed label (spec: parcel.dropOffPin). */
  dropOffPin?: string;
  /** Cash on delivery, printed in an inverted band when present. */
  cod?: LabelCod;
  /** Public tracking page (spec: parcel.trackingLink); printed as a QR code when present. */
  trackingUrl?: string;
}

/** A rule broken by one label; `field` is the path inside the LabelInput (e.g. `receiver.name`). */
export class LabelInputError extends Error {
  constructor(
    readonly index: number,
    readonly field: string,
    readonly problem: string,
  ) {
    super(`labels[${index}].${field} ${problem}`);
    this.name = 'LabelInputError';
  }
}

/** Code 128 encodes ASCII; we accept the printable part only (no control characters). */
const TRACKING_NUMBER = /^[\x21-\x7E](?:[\x20-\x7E]*[\x21-\x7E])?$/;
const CURRENCY = /^[A-Z]{3}$/;
export const MAX_TRACKING_NUMBER_LENGTH = 48;
/** A QR code of this many bytes still prints at a scannable module size in 20 mm. */
export const MAX_TRACKING_URL_LENGTH = 300;

function nonEmpty(index: number, field: string, value: string | undefined): void {
  if (typeof value !== 'string' || value.trim() === '') throw new LabelInputError(index, field, 'must be a non-empty string');
}

function optionalString(index: number, field: string, value: string | undefined): void {
  if (value !== undefined && typeof value !== 'string') throw new LabelInputError(index, field, 'must be a string');
}

/**
 * Checks the rules the types cannot express. Throws LabelInputError naming the first broken field.
 * `index` is the label's position in the caller's list (used in the message).
 */
export function validateLabelInput(label: LabelInput, index = 0): void {
  const tn = label.trackingNumber;
  if (typeof tn !== 'string' || !TRACKING_NUMBER.test(tn)) {
    throw new LabelInputError(index, 'trackingNumber', 'must be printable ASCII without leading or trailing spaces (Code 128)');
  }
  if (tn.length > MAX_TRACKING_NUMBER_LENGTH) {
    throw new LabelInputError(index, 'trackingNumber', `must be at most ${MAX_TRACKING_NUMBER_LENGTH} characters`);
  }
  nonEmpty(index, 'carrier.code', label.carrier?.code);
  nonEmpty(index, 'carrier.name', label.carrier?.name);
  if (!LABEL_SERVICES.includes(label.service)) throw new LabelInputError(index, 'service', 'must be pickupPoint or courier');

  const s = label.sender;
  if (typeof s !== 'object' || s === null) throw new LabelInputError(index, 'sender', 'is required');
  nonEmpty(index, 'sender.name', s.name);
  nonEmpty(index, 'sender.streetAddress', s.streetAddress);
  nonEmpty(index, 'sender.locality', s.locality);
  nonEmpty(index, 'sender.postalCode', s.postalCode);
  nonEmpty(index, 'sender.country', s.country);
  optionalString(index, 'sender.phone', s.phone);

  const r = label.receiver;
  if (typeof r !== 'object' || r === null) throw new LabelInputError(index, 'receiver', 'is required');
  nonEmpty(index, 'receiver.name', r.name);
  nonEmpty(index, 'receiver.country', r.country);
  optionalString(index, 'receiver.phone', r.phone);
  if (label.service === 'courier') {
    nonEmpty(index, 'receiver.streetAddress', r.streetAddress);
    nonEmpty(index, 'receiver.locality', r.locality);
    nonEmpty(index, 'receiver.postalCode', r.postalCode);
  } else {
    optionalString(index, 'receiver.streetAddress', r.streetAddress);
    optionalString(index, 'receiver.locality', r.locality);
    optionalString(index, 'receiver.postalCode', r.postalCode);
    const p = label.pickupPoint;
    if (typeof p !== 'object' || p === null) throw new LabelInputError(index, 'pickupPoint', 'is required for pickupPoint labels');
    nonEmpty(index, 'pickupPoint.id', p.id);
    nonEmpty(index, 'pickupPoint.name', p.name);
    nonEmpty(index, 'pickupPoint.streetAddress', p.streetAddress);
    nonEmpty(index, 'pickupPoint.locality', p.locality);
    nonEmpty(index, 'pickupPoint.postalCode', p.postalCode);
  }

  if (!Number.isSafeInteger(label.parcelCount) || label.parcelCount < 1) {
    throw new LabelInputError(index, 'parcelCount', 'must be a positive integer');
  }
  if (!Number.isSafeInteger(label.parcelIndex) || label.parcelIndex < 1 || label.parcelIndex > label.parcelCount) {
    throw new LabelInputError(index, 'parcelIndex', 'must be an integer from 1 to parcelCount');
  }
  if (typeof label.weightKg !== 'number' || !Number.isFinite(label.weightKg) || label.weightKg < 0) {
    throw new LabelInputError(index, 'weightKg', 'must be a finite number >= 0');
  }
  if (!(label.createdAt instanceof Date) || Number.isNaN(label.createdAt.getTime())) {
    throw new LabelInputError(index, 'createdAt', 'must be a valid Date');
  }
  optionalString(index, 'merchantReference', label.merchantReference);
  if (label.lockerSize !== undefined && !LOCKER_SIZES.includes(label.lockerSize)) {
    throw new LabelInputError(index, 'lockerSize', 'must be one of XS, S, M, L, XL');
  }
  optionalString(index, 'dropOffPin', label.dropOffPin);
  if (label.cod !== undefined) {
    if (!Number.isSafeInteger(label.cod.amountMinor) || label.cod.amountMinor < 0) {
      throw new LabelInputError(index, 'cod.amountMinor', 'must be a non-negative integer (minor units)');
    }
    if (typeof label.cod.currency !== 'string' || !CURRENCY.test(label.cod.currency)) {
      throw new LabelInputError(index, 'cod.currency', 'must be an ISO 4217 code such as EUR');
    }
  }
  if (label.trackingUrl !== undefined) {
    if (typeof label.trackingUrl !== 'string' || !/^https?:\/\/\S+$/.test(label.trackingUrl)) {
      throw new LabelInputError(index, 'trackingUrl', 'must be an http(s) URL without spaces');
    }
    if (label.trackingUrl.length > MAX_TRACKING_URL_LENGTH) {
      throw new LabelInputError(index, 'trackingUrl', `must be at most ${MAX_TRACKING_URL_LENGTH} characters`);
    }
  }
}
