/**
 * The sandbox's Stripe account: its keys are derived from the installation's sandbox secret
 * (ProcessorContext.sandboxSecret('stripe')), so every API node and worker knows them and nobody
 * else does. The simulator accepts only this secret key; the sandbox adapter uses it, and the
 * simulator signs its webhooks with this whsec_.
 */
import { createHmac } from 'node:crypto';

export interface StripeKeys {
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
}

/** The sandbox simulator's publishable keys start with this. */
export const SANDBOX_PUBLISHABLE_PREFIX = 'pk_test_KassaSandbox';

const part = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest('hex').slice(0, 40);

export function sandboxStripeKeys(sandboxSecret: string): StripeKeys {
  return {
    // `KassaSandbox` marks it as the sandbox simulator's (the embedded widget reads the environment off it); a
    // real Stripe test key (an operator's staging account) stays production for Kassa.
    publishableKey: `${SANDBOX_PUBLISHABLE_PREFIX}${part(sandboxSecret, 'publishable')}`,
    secretKey: `sk_test_${part(sandboxSecret, 'secret')}`,
    webhookSecret: `whsec_${part(sandboxSecret, 'webhook')}`,
  };
}
