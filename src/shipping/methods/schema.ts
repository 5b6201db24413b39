/**
 * Wire schemas of the shipping-method routes (spec: shipping-v2.md "Shipping method listing",
 * "Pickup point", "Courier service", filter-by-parcels and rates), v2 and the v3 lists beside it.
 * The parsers (`parseCatalogueQuery`, `parseV3Query`, rates/service.ts) stay the authority over
 * the input; these describe it. Query values are strings on the wire.
 */
import { Type } from 'typebox';
import { stringEnum } from '../../platform/schemas.js';
import { ADDITIONAL_SERVICE_CODES, COURIER_SERVICE_TYPES, PICKUP_POINT_TYPES, SHIPPING_METHOD_TYPES } from '../carriers/vocabulary.js';
import { CARRIER_CODES } from '../carriers/registry.js';
import { COUNTRIES } from '../carriers/countries.js';

const SUBTYPE_CODES = [...PICKUP_POINT_TYPES, ...COURIER_SERVICE_TYPES];
const country = (description: string) => stringEnum(COUNTRIES, description);
/** A JSON number, or the same number as a string (clients send both). */
const decimal = (description: string) => Type.Union([Type.Number(), Type.String({ pattern: '^-?\\d+(\\.\\d+)?$' })], { description });

const AdditionalServices = Type.Array(Type.Object({ code: stringEnum(ADDITIONAL_SERVICE_CODES, 'cod or ageVerification') }));

const MethodOfListing = Type.Object({
  type: stringEnum(SHIPPING_METHOD_TYPES, 'courier or pickupPoint'),
  subtypes: Type.Array(Type.Object({ code: stringEnum(SUBTYPE_CODES) }), {
    description: 'pickupPoint: parcelMachine, postOffice, parcelShop; courier: standard, standardB2B',
  }),
  constraints: Type.Object({
    parcelDimensionsRequired: Type.Boolean({ description: 'When true, length, width and height are required for every parcel of shipments using the method' }),
  }),
});

/** GET /shipping-methods, and the answer of filter-by-parcels. */
export const ShippingMethodListing = Type.Object(
  {
    countries: Type.Array(
      Type.Object({
        countryCode: country('Receiver country'),
        carriers: Type.Array(Type.Object({ carrierCode: stringEnum(CARRIER_CODES), shippingMethods: Type.Array(MethodOfListing) })),
      }),
    ),
  },
  { title: 'ShippingMethodListing' },
);

const PICKUP_POINT_FIELDS = {
  id: Type.String({ description: 'Use as shippingMethod.id when creating a shipment' }),
  name: Type.String(),
  type: stringEnum(PICKUP_POINT_TYPES, 'parcelMachine, postOffice or parcelShop'),
  streetAddress: Type.String(),
  locality: Type.String(),
  postalCode: Type.String(),
  carrierCode: stringEnum(CARRIER_CODES),
};
const COURIER_SERVICE_FIELDS = {
  id: Type.String({ description: 'Use as shippingMethod.id when creating a shipment' }),
  name: Type.String(),
  type: stringEnum(COURIER_SERVICE_TYPES, 'standard or standardB2B'),
  carrierCode: stringEnum(CARRIER_CODES),
};

export const PickupPointSchema = Type.Object({ ...PICKUP_POINT_FIELDS, additionalServices: AdditionalServices }, { title: 'PickupPoint' });
export const CourierServiceSchema = Type.Object({ ...COURIER_SERVICE_FIELDS, additionalServices: AdditionalServices }, { title: 'CourierService' });

export const PickupPointsResponse = Type.Object({ pickupPoints: Type.Array(PickupPointSchema), countryCode: Type.String() }, { title: 'PickupPoints' });
export const CourierServicesResponse = Type.Object({ courierServices: Type.Array(CourierServiceSchema), countryCode: Type.String() }, { title: 'CourierServices' });

/** v3: v2's fields plus the point's country and the carrier's own id of it. */
export const PickupPointV3Schema = Type.Object(
  {
    ...PICKUP_POINT_FIELDS,
    countryCode: country('Country of the point'),
    carrierAssignedId: Type.String({ description: "The carrier's own id of the point" }),
    additionalServices: AdditionalServices,
  },
  { title: 'PickupPointV3' },
);
export const CourierServiceV3Schema = Type.Object(
  {
    ...COURIER_SERVICE_FIELDS,
    countryCode: country('Country of the service'),
    b2bOnly: Type.Boolean({ description: 'Business receivers only (standardB2B)' }),
    additionalServices: AdditionalServices,
  },
  { title: 'CourierServiceV3' },
);
export const PickupPointsV3Response = Type.Object({ pickupPoints: Type.Array(PickupPointV3Schema) }, { title: 'PickupPointsV3' });
export const CourierServicesV3Response = Type.Object({ courierServices: Type.Array(CourierServiceV3Schema) }, { title: 'CourierServicesV3' });

/** Query of GET /shipping-methods/pickup-points (v2). */
export const PickupPointsQuery = Type.Object(
  {
    carrierCode: Type.String({ description: 'From /carriers or /shipping-methods (an unknown one is a 404)' }),
    countryCode: country('Receiver country (ISO 3166 alpha-2)'),
    type: Type.Optional(stringEnum(PICKUP_POINT_TYPES, 'postOffice, parcelShop or parcelMachine')),
  },
  { additionalProperties: true },
);

/** Query of GET /shipping-methods/courier-services (v2). */
export const CourierServicesQuery = Type.Object(
  {
    carrierCode: Type.String({ description: 'From /carriers or /shipping-methods (an unknown one is a 404)' }),
    countryCode: country('Receiver country (ISO 3166 alpha-2)'),
  },
  { additionalProperties: true },
);

const V3_COMMON = {
  carrierCode: Type.Optional(Type.String({ description: 'Only this carrier (an unknown one is a 404); empty means all' })),
  countryCode: Type.Optional(Type.String({ pattern: '^([A-Z]{2})?$', description: 'Only this country (ISO 3166 alpha-2); empty means all' })),
};
export const PickupPointsV3Query = Type.Object(
  {
    ...V3_COMMON,
    type: Type.Optional(Type.String({ enum: ['', ...PICKUP_POINT_TYPES], description: 'Only this type; empty means all' })),
    search: Type.Optional(Type.String({ maxLength: 100, description: 'Case-insensitive, in the name, street address, locality and postal code' })),
  },
  { additionalProperties: true },
);
export const CourierServicesV3Query = Type.Object(V3_COMMON, { additionalProperties: true });

/** Query of POST /shipping-methods/filter-by-parcels. */
export const FilterByParcelsQuery = Type.Object(
  {
    destination: country('Receiver country'),
    source: Type.Optional(country("Sender country; default: the store's default shipping address country")),
  },
  { additionalProperties: true },
);

export const FilterByParcelsBody = Type.Object(
  {
    parcels: Type.Array(
      Type.Object(
        {
          weight: decimal('kg, at most 2 decimals'),
          height: Type.Optional(decimal('m, at most 2 decimals (all three sides or none)')),
          width: Type.Optional(decimal('m, at most 2 decimals')),
          length: Type.Optional(decimal('m, at most 2 decimals')),
        },
        { additionalProperties: true },
      ),
      { maxItems: 50 },
    ),
  },
  { additionalProperties: true, title: 'FilterByParcelsRequest' },
);

/** Query of POST /shipping-methods/rates. */
export const RatesQuery = Type.Object(
  {
    carrierCode: Type.Optional(stringEnum(CARRIER_CODES, 'Only this carrier')),
    shippingMethodType: Type.Optional(stringEnum(SHIPPING_METHOD_TYPES, 'courier or pickupPoint')),
  },
  { additionalProperties: true },
);

export const RatesBody = Type.Object(
  {
    destination: country('Receiver country'),
    parcels: Type.Array(
      Type.Object(
        {
          items: Type.Array(
            Type.Object(
              {
                length: decimal('In dimensionUnit'),
                width: decimal('In dimensionUnit'),
                height: decimal('In dimensionUnit'),
                weight: decimal('In weightUnit'),
                dimensionUnit: Type.Optional(stringEnum(['cm', 'm', 'mm'], 'Default cm')),
                weightUnit: Type.Optional(stringEnum(['kg', 'g'], 'Default kg')),
                quantity: Type.Optional(decimal('Default 1, at most 1000')),
              },
              { additionalProperties: true },
            ),
          ),
        },
        { additionalProperties: true },
      ),
      { maxItems: 50 },
    ),
  },
  { additionalProperties: true, title: 'RatesRequest' },
);

export const RatesResponse = Type.Object(
  {
    calculationDetails: Type.Object({
      estimatedParcels: Type.Array(
        Type.Object({
          length: Type.Number(),
          width: Type.Number(),
          height: Type.Number(),
          dimensionUnit: Type.String({ enum: ['cm'] }),
          actualWeight: Type.Number(),
          volumetricWeight: Type.Number(),
          chargeableWeight: Type.Number({ description: 'The larger of actual and volumetric' }),
          weightUnit: Type.String({ enum: ['kg'] }),
          bufferApplied: Type.Number({ description: 'Percentage added to height for stacking' }),
        }),
      ),
    }),
    destination: country('Receiver country'),
    carriers: Type.Array(
      Type.Object({
        carrierCode: stringEnum(CARRIER_CODES),
        shippingMethods: Type.Array(
          Type.Object({
            type: stringEnum(SHIPPING_METHOD_TYPES),
            subtypes: Type.Array(
              Type.Object({
                code: stringEnum(SUBTYPE_CODES),
                rate: Type.String({ pattern: '^\\d+\\.\\d{2}$', description: 'Price, 2 decimals' }),
                currency: Type.String({ description: 'ISO 4217' }),
                operators: Type.Optional(Type.Array(Type.String())),
              }),
            ),
          }),
        ),
      }),
    ),
  },
  { title: 'Rates' },
);
