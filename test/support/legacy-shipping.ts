/**
 * The snake_case shipping API as its clients call it: the shipment body the WooCommerce plugin's
 * older shipping module builds (get_create_shipment_data() in class-montonio-shipping.php @
 * f64db1a: every key, absent values as ""), to a omniva parcel machine in Estonia, and its
 * Bearer token `{access_key, iat, exp}`. Route tests, the end-to-end walk and the benchmark share it.
 */
import { sign } from '../../src/platform/jwt.js';

export function legacyBearer(keys: { accessKey: string; secretKey: string }, ttlS = 3600): string {
  const now = Math.floor(Date.now() / 1000);
  return `Bearer ${sign({ access_key: keys.accessKey, iat: now, exp: now + ttlS }, keys.secretKey)}`;
}

/** The plugin's body for `merchant_reference`; override any key (undefined drops it). */
export function wooShipmentBody(merchantReference: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    currency: 'EUR',
    shipping_total: 3.5,
    total: 24.99,
    billing_first_name: 'Mari',
    billing_last_name: 'Maasikas',
    billing_company: '',
    billing_street_address_1: 'Riia tn 15',
    billing_street_address_2: '',
    billing_locality: 'Tartu',
    billing_region: '',
    billing_postal_code: '51010',
    billing_country: 'EE',
    billing_email: 'mari@example.com',
    billing_phone_number: '+3725551234',
    shipping_first_name: 'Mari',
    shipping_last_name: 'Maasikas',
    shipping_company: '',
    shipping_street_address_1: '',
    shipping_street_address_2: '',
    shipping_locality: '',
    shipping_region: '',
    shipping_postal_code: '',
    shipping_country: 'EE',
    shipping_phone_number: '5551234',
    payment_method: 'montonio_payments',
    merchant_reference: merchantReference,
    sender_name: 'Näidispood OÜ',
    sender_phone_number: '6001234',
    sender_street_address_1: 'Pärnu mnt 10',
    sender_locality: 'Tallinn',
    sender_postal_code: '10148',
    sender_region: '',
    sender_country: 'EE',
    webhook_url: 'https://shop.example/?wc-api=montonio_shipping_api_webhook',
    shipping_method: 'omniva_parcel_machines',
    pickup_point_uuid: 'omniva-ee-pm-1',
    parcels: [{ weight: 1.2 }],
    ...over,
  };
}
