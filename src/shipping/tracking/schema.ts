/** Wire schemas of the public tracking page, GET /track/:carrierCode/:trackingNumber. */
import { Type } from 'typebox';

export const TrackingParams = Type.Object({
  carrierCode: Type.String({ description: 'The carrier of the parcel (as in its trackingLink)' }),
  trackingNumber: Type.String({ description: "The parcel's carrierParcelId" }),
});

export const TrackingQuery = Type.Object(
  { lang: Type.Optional(Type.String({ description: 'Page language (e.g. en, et); else Accept-Language, then the destination country, then en' })) },
  { additionalProperties: true },
);
