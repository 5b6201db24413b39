/**
 * The shipping vocabulary, declared once: method types, pickup-point types, courier services,
 * additional services, locker sizes and handover methods. Carrier codes come from the registry
 * (`registry.ts`), countries from `countries.ts`. A leaf module: it imports nothing, so every
 * other module (the contract, rates, the catalogue) can build on it without an import circle.
 */
/** DIRECT: the merchant's own contract with the carrier; SERVICE: Kassa's contract (needed for rates). */
export type ContractType = 'DIRECT' | 'SERVICE';

export const SHIPPING_METHOD_TYPES = Object.freeze(['courier', 'pickupPoint'] as const);
export type ShippingMethodType = (typeof SHIPPING_METHOD_TYPES)[number];

export const PICKUP_POINT_TYPES = Object.freeze(['parcelMachine', 'postOffice', 'parcelShop'] as const);
export type PickupPointType = (typeof PICKUP_POINT_TYPES)[number];

export const COURIER_SERVICE_TYPES = Object.freeze(['standard', 'standardB2B'] as const);
export type CourierServiceType = (typeof COURIER_SERVICE_TYPES)[number];

export const ADDITIONAL_SERVICE_CODES = Object.freeze(['cod', 'ageVerification'] as const);
export type AdditionalServiceCode = (typeof ADDITIONAL_SERVICE_CODES)[number];

export const LOCKER_SIZES = Object.freeze(['XS', 'S', 'M', 'L', 'XL'] as const);
export type LockerSize = (typeof LOCKER_SIZES)[number];

/** `shippingMethod.parcelHandoverMethod` of a shipment (one carrier only). */
export const PARCEL_HANDOVER_METHODS = Object.freeze(['courierPickUp', 'terminalDropOff'] as const);
export type ParcelHandoverMethod = (typeof PARCEL_HANDOVER_METHODS)[number];

/** A contract's `parcelHandoverMethod` (the spec writes it in upper case there). */
export type ContractParcelHandoverMethod = 'COURIER' | 'LOCKER';
export const CONTRACT_HANDOVER_METHOD: Readonly<Record<ContractParcelHandoverMethod, ParcelHandoverMethod>> = Object.freeze({
  COURIER: 'courierPickUp',
  LOCKER: 'terminalDropOff',
});
