/** Shipment fixtures shared by the shipping route tests. */
import { expect } from 'vitest';
import type { CreatedStore } from '../../src/stores/service.js';
import { ADMIN_TOKEN, type TestApp } from '../support/app.js';

export const SANDBOX = '/sandbox/shipping/api/v2';
export const PRODUCTION = '/shipping/api/v2';
export const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

export const SENDER = { name: 'Näidispood OÜ', streetAddress: 'Pärnu mnt 10', locality: 'Tallinn', postalCode: '10148', country: 'EE', phoneCountryCode: '+372', phoneNumber: '6001234' };
export const RECEIVER = { name: 'Mari Maasikas', phoneCountryCode: '+372', phoneNumber: '5551234' };
export const COURIER_RECEIVER = { ...RECEIVER, streetAddress: 'Riia tn 15', locality: 'Tartu', postalCode: '51010', country: 'EE' };

/** Activates a carrier contract for a store through the operator API. */
export async function activate(t: TestApp, store: CreatedStore, payload: Record<string, unknown>): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: `/operator/stores/${store.id}/carrier-contracts`, headers: admin, payload });
  expect(res.statusCode).toBe(201);
}

let refs = 0;
/** A fresh merchantReference. */
export const ref = (prefix = 'ORDER') => `${prefix}-${++refs}-${Math.random().toString(36).slice(2, 8)}`;

/** A valid shipment to a omniva parcel machine in Estonia; override any key. */
export const pickupBody = (over: Record<string, unknown> = {}) => ({
  merchantReference: ref(),
  shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1' },
  parcels: [{ weight: 1.2 }],
  receiver: RECEIVER,
  sender: SENDER,
  ...over,
});

/** A valid omniva courier shipment in Estonia; override any key. */
export const courierBody = (over: Record<string, unknown> = {}) => ({
  merchantReference: ref(),
  shippingMethod: { type: 'courier', id: 'omniva-ee-courier-standard' },
  parcels: [{ weight: 2.5, length: 0.3, width: 0.2, height: 0.1 }],
  receiver: COURIER_RECEIVER,
  sender: SENDER,
  ...over,
});
