/**
 * `Checkout.EmbeddedPayments` of the 3.x bundle: the card form of a draft payment intent (POST
 * /payment-intents/draft), as the WooCommerce plugin calls it (assets/js/montonio-inline-card.js,
 * montonio-embedded-card-legacy.js): `await initializePayment({stripePublicKey,
 * stripeClientSecret, paymentIntentUuid, locale, country, targetId})` mounts the form into
 * #targetId; the instance has `on('change', e => e.isCompleted)` and
 * `await confirmPayment(isSandbox)` → `{returnUrl}`, a 3-D Secure challenge opening in a modal
 * over the page. Kassa has no Stripe: the draft's `stripePublicKey` (`kassa_pk_<env>_…`) names
 * the environment, and the form is the same one sessions use (the draft's id is its session).
 */
import { currentScriptOrigin, MontonioCheckout, type Environment, type PaymentResult } from './montonio-checkout.js';

export interface InitializePaymentOptions {
  stripePublicKey?: string;
  stripeClientSecret?: string;
  paymentIntentUuid: string;
  locale?: string;
  country?: string;
  targetId?: string;
  target?: HTMLElement;
  /** Kassa's address; default: the origin the script was loaded from. */
  baseUrl?: string;
}

export interface ChangeEvent {
  isCompleted: boolean;
}

const SCRIPT_ORIGIN = currentScriptOrigin();

/**
 * The environment the draft's public key names (production unless it says sandbox): a card draft's
 * key is the Stripe connector's publishable key (the sandbox simulator's is pk_test_KassaSandbox…; an
 * operator's Stripe test key in production stays production),
 * a BLIK draft's is Kassa's own (kassa_pk_<env>_…).
 */
export function environmentOf(publicKey: string | undefined): Environment {
  return publicKey !== undefined && (publicKey.startsWith('kassa_pk_sandbox_') || publicKey.startsWith('pk_test_KassaSandbox')) ? 'sandbox' : 'production';
}

export class EmbeddedPayment {
  private listeners: ((e: ChangeEvent) => void)[] = [];

  constructor(private readonly checkout: MontonioCheckout) {
    checkout.onValidityChange((isCompleted) => {
      for (const l of this.listeners) l({ isCompleted });
    });
  }

  on(event: 'change', listener: (e: ChangeEvent) => void): this {
    if (event === 'change') this.listeners.push(listener);
    return this;
  }

  /** Pays the order made with this draft; `isSandbox` is accepted for compatibility (the key already names the environment). */
  async confirmPayment(isSandbox?: boolean): Promise<PaymentResult> {
    void isSandbox;
    return this.checkout.submitPayment();
  }

  destroy(): void {
    this.checkout.destroy();
  }
}

export const EmbeddedPayments = {
  async initializePayment(options: InitializePaymentOptions): Promise<EmbeddedPayment> {
    const target = options.target ?? document.getElementById(options.targetId ?? 'montonio-card-form');
    if (!target) throw new Error(`EmbeddedPayments: no element with id ${options.targetId ?? 'montonio-card-form'}`);
    const checkout = new MontonioCheckout(
      {
        sessionUuid: options.paymentIntentUuid,
        environment: environmentOf(options.stripePublicKey),
        ...(options.locale ? { locale: options.locale } : {}),
        ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      },
      SCRIPT_ORIGIN,
    );
    await checkout.initialize(target);
    return new EmbeddedPayment(checkout);
  },
};
