/**
 * The carrier adapter contract. A carrier is one folder under `src/shipping/carriers/<code>/`:
 *
 * - `definition.ts`: what the carrier offers: countries, shipping methods per country with their
 *   subtypes, constraints and additional services, contract types, locker sizes, drop-off PIN
 *   rule, parcel handover methods, tracking number scheme and tracking page, logo; and, from the
 *   folder's other files, its rates and pickup point network (both required).
 * - `rates.ts`: its rate tables and the limits they apply (parcel machines: `sizes: 'lockers'`,
 *   the definition's compartments).
 * - `network.ts` and `pickup-points.tsv.gz`: its pickup points in the generated sandbox catalogue.
 * - `carrier.ts`: its registry entry (definition, mapper and simulator as one adapter).
 * - `mapper.ts`: pure. Builds the carrier's own request from the unified {@link RegistrationRequest}
 *   and reads its answer back into a {@link RegistrationResult}; holds the carrier's unit and
 *   service code tables. Golden fixtures of both directions live in `fixtures/`.
 * - `simulator.ts`: the sandbox carrier. Answers the carrier's own request deterministically;
 *   documented magic inputs pick failures.
 * - `client.ts`: the real carrier's I/O. None of the built-in carriers has one (their real
 *   endpoints cannot be reached from here), so the folders have none rather than a stub.
 *
 * `registry.ts` lists the carriers' entries; `CarrierCode` is derived from that list. Units of the unified model are integers: grams, centimetres
 * (the spec's 2-decimal kg and m, parsed once at the edge) and minor currency units.
 */
import type { Currency } from '../../platform/money.js';
import type { CarrierRates } from '../rates/model.js';
import type { CountryCode } from './countries.js';

export type { CountryCode } from './countries.js';

export * from './vocabulary.js';
import type { ContractType, CourierServiceType, LockerSize, ParcelHandoverMethod, PickupPointType, AdditionalServiceCode, ContractParcelHandoverMethod } from './vocabulary.js';

/**
 * When a carrier issues a drop-off PIN (door code letting the sender hand the parcel in at a
 * parcel machine without a printed label): `always`; `withService` when the merchant's carrier
 * account has the drop-off PIN service enabled AND a locker size results for the shipment (the
 * request's `lockerSize`, else for pickup-point shipments the contract's `defaultLockerSize`);
 * `never`.
 */
export type DropOffPinRule = 'always' | 'withService' | 'never';

export interface MethodConstraints {
  /** When true, every parcel of a shipment using the method needs length, width and height. */
  parcelDimensionsRequired: boolean;
}

interface MethodBase {
  constraints: MethodConstraints;
  /** Additional services the carrier offers with this method in this country. */
  additionalServices: readonly AdditionalServiceCode[];
}

export interface CourierMethod extends MethodBase {
  type: 'courier';
  subtypes: readonly CourierServiceType[];
}

export interface PickupPointMethod extends MethodBase {
  type: 'pickupPoint';
  subtypes: readonly PickupPointType[];
}

export type CarrierMethod = CourierMethod | PickupPointMethod;

/** Inner measures of one locker compartment size, and the heaviest parcel it takes. */
export interface LockerDimensions {
  heightCm: number;
  widthCm: number;
  depthCm: number;
  maxWeightKg: number;
}

export type LockerSizeTable = Readonly<Record<LockerSize, LockerDimensions>>;

/** The carrier's limits for one parcel. */
export interface ParcelLimits {
  maxWeightGrams: number;
  /** Longest side. */
  maxLengthCm: number;
}

/** `none`: numbers without a check digit (Venipak's pack numbers, which the sender assigns). */
export type CheckDigitAlgorithm = 'upu-s10-mod11' | 'mod7' | 'luhn-mod10' | 'gs1-mod10' | 'none';

export interface CheckDigitScheme {
  algorithm: CheckDigitAlgorithm;
  /** The check digit of the digits it protects. */
  compute(protectedDigits: string): string;
  /**
   * Whether every change of one digit (protected digits or the check digit) makes the number
   * invalid. S10 misses the residue pair 0/6 (both give 5); mod 7 misses a digit changed by 7.
   */
  detectsAllSingleDigitErrors: boolean;
}

export interface TrackingNumberScheme {
  /** The whole tracking number (anchored). */
  format: RegExp;
  description: string;
  example: string;
  /** generate() accepts sequence numbers 0 ≤ seq < capacity. */
  capacity: number;
  /**
   * The tracking number with sequence number `seq` (a contract's `lastUsedParcelNumber` + 1, or
   * the simulator's). `country` is the posting country where the scheme carries one (S10).
   */
  generate(seq: number, country: CountryCode): string;
  checkDigit: CheckDigitScheme;
  /** Format and check digit. */
  isValid(trackingNumber: string): boolean;
  /** The digits the check digit protects, and the check digit itself, as positions in the string. */
  protectedPositions(trackingNumber: string): { protectedDigits: readonly number[]; checkDigit: number };
}

/**
 * The pickup points of one (country, type) in the generated sandbox catalogue
 * (`catalogue/generate-points.ts`): how many, and how strongly they follow population (1: proportional).
 */
export interface PickupPointNetwork {
  country: CountryCode;
  type: PickupPointType;
  count: number;
  exponent: number;
}

/**
 * Everything Kassa knows about one carrier; `code` is its literal, from which `CarrierCode` is
 * derived. Every fact lives here (or in a file of the carrier's folder it imports): the rest of
 * shipping (rates, filter-by-parcels, catalogue, contracts, logos) derives from the registry.
 */
export interface CarrierDefinition<C extends string = string> {
  code: C;
  name: string;
  /** Self-contained SVG (160×64). */
  logoSvg(): string;
  countries: readonly CountryCode[];
  supportedContractTypes: readonly ContractType[];
  /** Supports Kassa's own (SERVICE) contract; rate calculation needs it. */
  hasServiceContract: boolean;
  /** Shipping methods per destination country (a key for every country of `countries`). */
  methods: Readonly<Partial<Record<CountryCode, readonly CarrierMethod[]>>>;
  /** Parcel machine compartments; present for the carriers that use `lockerSize`. */
  lockerSizes?: LockerSizeTable;
  dropOffPin: DropOffPinRule;
  /** Present for the one carrier that accepts `shippingMethod.parcelHandoverMethod`. */
  parcelHandoverMethods?: readonly ParcelHandoverMethod[];
  parcelLimits: ParcelLimits;
  trackingNumber: TrackingNumberScheme;
  /** Public tracking page of a parcel. */
  trackingUrl(trackingNumber: string): string;
  /** What the carrier's shipment ids look like (a cancellation of anything else is refused as unknown). */
  shipmentIdPattern: RegExp;
  /**
   * The test account the carrier's sandbox hands out, for carriers without a SERVICE contract:
   * every store's sandbox gets a DIRECT contract on it (see `builtInSandboxContracts`).
   */
  sandboxTestAccount?: SandboxTestAccount;
  /**
   * Rate tables and the limits they apply (its `rates.ts`). Required: rates and filter-by-parcels
   * list exactly the registered carriers; carriers without the SERVICE contract are listed by
   * filter-by-parcels but never rated.
   */
  rates: CarrierRates;
  /** Its pickup points in the generated sandbox catalogue; empty when it has none. */
  pickupPointNetwork: readonly PickupPointNetwork[];
}

/** A carrier's public sandbox credentials (not secret: the simulator accepts them from anyone). */
export interface SandboxTestAccount {
  username: string;
  logisticsContractNumber: string;
}

// ---------------------------------------------------------------------------------------------
// Registration: the unified model every adapter takes and returns.

/** A receiver as the spec's shipment has it. */
export interface Party {
  name: string;
  firstName?: string | null;
  lastName?: string | null;
  companyName?: string | null;
  streetAddress?: string | null;
  locality?: string | null;
  region?: string | null;
  postalCode?: string | null;
  /** ISO 3166-1 alpha-2. Required (with street, locality, postal code) for courier methods. */
  country?: string | null;
  /** `+372`, `372` or `00372`. */
  phoneCountryCode: string;
  /** Without the country code. */
  phoneNumber: string;
  email?: string | null;
}

/** The sender: the address fields are required (the store's default address when the request has none). */
export interface SenderParty extends Party {
  streetAddress: string;
  locality: string;
  postalCode: string;
  country: string;
}

/** The merchant's carrier account the shipment is registered under (a contract, plus the account's services). */
export interface CarrierAccount {
  contractId: string;
  /** The contract's country. */
  country: CountryCode;
  isDirectContract: boolean;
  logisticsContractNumber: string | null;
  username: string | null;
  returnsAllowed: boolean;
  defaultLockerSize: LockerSize | null;
  parcelHandoverMethod: ContractParcelHandoverMethod | null;
  /** The carrier's drop-off PIN service is enabled on the account (carriers whose rule is `withService`). */
  dropOffPinServiceEnabled: boolean;
}

/** The shipment's method, resolved from `shippingMethod.id` against the catalogue. */
export type RegistrationMethod =
  | { type: 'pickupPoint'; id: string; subtype: PickupPointType; countryCode: CountryCode }
  | { type: 'courier'; id: string; subtype: CourierServiceType; countryCode: CountryCode };

export type AdditionalService = { code: 'cod'; amountMinor: number; currency: Currency } | { code: 'ageVerification' };

export interface RegistrationParcel {
  /** Kassa's parcel id; sent to the carrier as the parcel's reference. */
  id: string;
  weightGrams: number;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}

export interface RegistrationRequest {
  /** Kassa's shipment id; the carrier-side idempotency key. */
  shipmentId: string;
  merchantReference: string | null;
  orderComment: string | null;
  account: CarrierAccount;
  shippingMethod: RegistrationMethod;
  additionalServices: readonly AdditionalService[];
  /** As requested (the contract's default is applied by the mapper where the spec says so). */
  lockerSize: LockerSize | null;
  /** As requested; the contract's handover method applies when null. */
  parcelHandoverMethod: ParcelHandoverMethod | null;
  parcels: readonly RegistrationParcel[];
  receiver: Party;
  sender: SenderParty;
  /**
   * First of `parcels.length` consecutive sequence numbers reserved from the contract's
   * `lastUsedParcelNumber`. When absent the sandbox derives them from `shipmentId`.
   */
  sequenceStart?: number | null;
}

export interface RegisteredParcel {
  /** The tracking number. */
  carrierParcelId: string;
  trackingLink: string;
  dropOffPin: string | null;
}

export const REGISTRATION_ERROR_CODES = Object.freeze([
  'INVALID_FIELD',
  'REQUIRED_FIELD',
  'INVALID_PHONE',
  'INVALID_POSTAL_CODE',
  'PARCEL_TOO_HEAVY',
  'PARCEL_TOO_LARGE',
  'DIMENSIONS_REQUIRED',
  'SERVICE_NOT_AVAILABLE',
  'CARRIER_UNAVAILABLE',
  'CARRIER_ERROR',
] as const);
export type RegistrationErrorCode = (typeof REGISTRATION_ERROR_CODES)[number];

export interface RegistrationError {
  /** The shipment request's field, e.g. `receiver.phoneNumber`, `parcels[1].weight`. */
  field?: string;
  code: RegistrationErrorCode;
  message: string;
}

export type RegistrationResult =
  | {
      ok: true;
      carrierShipmentId: string;
      /** In the order of the request's parcels. */
      parcels: RegisteredParcel[];
    }
  | {
      ok: false;
      /** True when the carrier could not be reached or was down: try again later; false: the data is wrong. */
      retryable: boolean;
      errors: RegistrationError[];
    };

/** Withdraws an earlier registration (its labels and tracking numbers become void). */
export interface CancellationRequest {
  carrierShipmentId: string;
  account: CarrierAccount;
}

export type CancellationResult =
  | { ok: true }
  /** retryable: the carrier could not be reached; otherwise it refused (e.g. an unknown shipment). */
  | { ok: false; retryable: boolean; errors: RegistrationError[] };

export interface CarrierAdapter {
  readonly definition: CarrierDefinition;
  register(shipment: RegistrationRequest): Promise<RegistrationResult>;
  cancel(request: CancellationRequest): Promise<CancellationResult>;
}
