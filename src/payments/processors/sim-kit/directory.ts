/**
 * What a simulator needs to know about the merchant of an order: whose key signs the exchange,
 * the payee shown on the processor's pages, and where the shopper may finally land (the CSP of
 * a page whose form ends in a redirect to the merchant must allow that origin).
 */
import { isUuid } from '../../../platform/ids.js';
import type { Env } from '../../../platform/env.js';
import type { StoreKey } from '../../../stores/auth.js';
import type { OrderRow } from '../../orders/store.js';
import { simulatorKey } from './signing.js';

export interface OrderMerchant {
  storeId: string;
  env: Env;
  payeeName: string;
  /** Signs what Kassa sends now: derived from the store's newest secret. */
  key: Buffer;
  /** Checks what comes back: the newest secret's key and, during a key roll's overlap, the previous one's (a page opened before the roll still returns). */
  acceptedKeys: readonly Buffer[];
  merchantOrigin: string | undefined;
}

export interface SimulatorDirectory {
  merchantOf(orderId: string): Promise<OrderMerchant | undefined>;
}

/**
 * Reads a sandbox order and the store's current key of the sandbox. A production order is never
 * found here: no simulator page, return or step can touch it, whatever it is signed with.
 */
export class OrderDirectory implements SimulatorDirectory {
  constructor(
    private readonly orders: { getById(orderId: string): Promise<OrderRow | undefined> },
    private readonly keys: { forStore(storeId: string, env: Env): Promise<StoreKey> },
  ) {}

  async merchantOf(orderId: string): Promise<OrderMerchant | undefined> {
    if (!isUuid(orderId)) return undefined;
    const order = await this.orders.getById(orderId);
    if (!order || order.env !== 'sandbox') return undefined;
    const key = await this.keys.forStore(order.store_id, order.env);
    let merchantOrigin: string | undefined;
    try {
      merchantOrigin = new URL(order.return_url).origin;
    } catch {
      merchantOrigin = undefined;
    }
    return { storeId: order.store_id, env: order.env, payeeName: key.store.name, key: simulatorKey(key.secretKey), acceptedKeys: key.acceptedSecrets.map(simulatorKey), merchantOrigin };
  }
}
