/**
 * `MontonioCheckout`: the embedded card form of a session, with the official front-end SDK's API
 * and protocol (montonio+montonio-js src/components/MontonioCheckout/MontonioCheckout.ts, its
 * HTTP calls src/services/HTTP/HTTP.ts and messages src/services/Messaging/types.ts) and the
 * callbacks the WooCommerce plugin passes (assets/js/montonio-embedded-card.js: onSuccess,
 * onError, onActionRequired). Talks to the Kassa host the script was loaded from (or `baseUrl`),
 * at /api or /sandbox/api by `environment`. Messages are taken only from Kassa's frames (source
 * and origin checked) and posted to Kassa's origin only.
 */

export type Environment = 'sandbox' | 'production';

export interface CheckoutOptions {
  sessionUuid: string;
  environment?: Environment;
  /** The SDK's locales (en_US, et, lv, lt, pl, fi, ru); Kassa's own codes work too. */
  locale?: string;
  /** Kassa's address; default: the origin the script was loaded from. */
  baseUrl?: string;
  onSuccess?: (result: PaymentResult) => void;
  onError?: (error: Error) => void;
  onActionRequired?: () => void;
}

export interface PaymentResult {
  returnUrl: string;
  paymentIntentUuid: string;
  resultCode: string;
}

interface Message {
  name: string;
  payload?: Record<string, unknown>;
}

/** The version sent as X-Montonio-Js-Version (Kassa's script, not the official one). */
export const SCRIPT_VERSION = 'kassa-1.0.0';
const READY_TIMEOUT_MS = 10_000;
const RETURN_URL_ATTEMPTS = 10;
const RETURN_URL_DELAY_MS = 1000;

const M = {
  ready: 'montonio:checkout.paymentComponentReady',
  changeLocale: 'montonio:checkout.changeLocale',
  submit: 'montonio:checkout.submitPayment',
  startAuth: 'montonio:checkout.startPaymentAuth',
  sendAuthData: 'montonio:checkout.sendPaymentAuthData',
  authReady: 'montonio:checkout.paymentAuthComponentReady',
  completed: 'montonio:checkout.paymentCompleted',
  failed: 'montonio:checkout.paymentFailed',
  sendFailedData: 'montonio:checkout.sendPaymentFailedData',
  height: 'montonio:checkout.heightChanged',
  validity: 'kassa:checkout.validityChanged',
  validate: 'kassa:checkout.validate',
  validated: 'kassa:checkout.validated',
} as const;

/** A declined or failed payment (the form already shows why). */
export class PaymentFailedError extends Error {
  readonly errorCode: string;
  readonly paymentIntentUuid: string | undefined;
  readonly displayedInPaymentComponent = true;
  constructor(payload: Record<string, unknown>) {
    super(`payment failed: ${String(payload.errorCode ?? 'UNKNOWN')}`);
    this.name = 'PaymentFailedError';
    this.errorCode = String(payload.errorCode ?? 'UNKNOWN');
    this.paymentIntentUuid = typeof payload.paymentIntentUuid === 'string' ? payload.paymentIntentUuid : undefined;
  }
}

/** The origin of the script element that is running now (read once, while the script loads). */
export function currentScriptOrigin(): string {
  const s = document.currentScript as HTMLScriptElement | null;
  try {
    if (s && s.src) return new URL(s.src).origin;
  } catch {
    // fall through
  }
  return location.origin;
}

export async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, {
    method: 'GET',
    headers: { Accept: 'application/json', 'X-Montonio-Js-Version': SCRIPT_VERSION },
    credentials: 'include',
    mode: 'cors',
  });
  if (!res.ok) throw new Error(`HTTP error ${res.status}: ${res.statusText}`);
  return (await res.json()) as T;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

interface Handler {
  name: string;
  /** The frames whose messages it takes. */
  source: () => readonly (Window | null)[];
  fn: (payload: Record<string, unknown>) => void;
}

export class MontonioCheckout {
  /** Whether the card fields are filled in (kept up to date by the form). */
  isValid = false;
  private readonly options: CheckoutOptions;
  private readonly base: string;
  private frame: HTMLIFrameElement | null = null;
  private authFrame: HTMLIFrameElement | null = null;
  private kassaOrigin = '';
  private handlers: Handler[] = [];
  private validityListeners: ((isValid: boolean) => void)[] = [];
  private loaded = false;
  private readonly onMessage = (e: MessageEvent) => {
    if (e.origin !== this.kassaOrigin) return;
    const m = e.data as Message | null;
    if (!m || typeof m !== 'object' || typeof m.name !== 'string') return;
    for (const h of this.handlers.slice()) if (h.name === m.name && e.source !== null && h.source().includes(e.source as Window)) h.fn(m.payload ?? {});
  };

  constructor(options: CheckoutOptions, scriptOrigin: string = DEFAULT_ORIGIN) {
    this.options = { ...options };
    this.base = (options.baseUrl ?? scriptOrigin).replace(/\/+$/, '');
  }

  private apiBase(): string {
    return `${this.base}${this.options.environment === 'sandbox' ? '/sandbox/api' : '/api'}`;
  }

  private on(name: string, source: () => readonly (Window | null)[], fn: (payload: Record<string, unknown>) => void): Handler {
    const h = { name, source, fn };
    this.handlers.push(h);
    return h;
  }

  private off(...hs: Handler[]): void {
    this.handlers = this.handlers.filter((h) => !hs.includes(h));
  }

  private waitFor(name: string, source: () => readonly (Window | null)[], timeoutMs: number): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.off(h);
        reject(new Error(`${name} did not arrive within ${timeoutMs} ms`));
      }, timeoutMs);
      const h = this.on(name, source, (p) => {
        clearTimeout(timer);
        this.off(h);
        resolve(p);
      });
    });
  }

  private post(target: HTMLIFrameElement | null, message: Message): void {
    if (target && target.contentWindow) target.contentWindow.postMessage(message, this.kassaOrigin);
  }

  private mainWindow = () => [this.frame ? this.frame.contentWindow : null];
  private authWindow = () => [this.authFrame ? this.authFrame.contentWindow : null];
  /** The card form and, during a challenge, the 3-D Secure frame: either may end the payment. */
  private eitherWindow = () => [...this.mainWindow(), ...this.authWindow()];

  /** Mounts the card form into the element (or the element a selector names); resolves when it is ready. */
  async initialize(mountTo: string | HTMLElement): Promise<boolean> {
    const el = typeof mountTo === 'string' ? document.querySelector<HTMLElement>(mountTo) : mountTo;
    if (!el) throw new Error(`MontonioCheckout: nothing to mount to (${String(mountTo)})`);
    try {
      const q = this.options.locale ? `?preferredLocale=${encodeURIComponent(this.options.locale)}` : '';
      const session = await getJson<{ uuid: string; url: string }>(`${this.apiBase()}/sessions/${encodeURIComponent(this.options.sessionUuid)}/gateway-url${q}`);
      this.kassaOrigin = new URL(session.url).origin;
      window.addEventListener('message', this.onMessage);
      this.on(M.height, this.mainWindow, (p) => {
        if (this.frame && typeof p.height === 'number') this.frame.style.height = `${Math.ceil(p.height)}px`;
      });
      this.on(M.validity, this.mainWindow, (p) => {
        this.isValid = p.isValid === true;
        for (const l of this.validityListeners) l(this.isValid);
      });
      const frame = document.createElement('iframe');
      frame.src = session.url;
      frame.title = 'Card payment';
      frame.setAttribute('allow', 'payment');
      Object.assign(frame.style, { width: '100%', minHeight: '230px', border: '0', display: 'block' });
      this.frame = frame;
      const ready = this.waitFor(M.ready, this.mainWindow, READY_TIMEOUT_MS);
      el.appendChild(frame);
      await ready;
      this.loaded = true;
      return true;
    } catch (err) {
      this.destroy();
      throw err;
    }
  }

  private assertLoaded(): void {
    if (!this.loaded) throw new Error('MontonioCheckout is not initialized: call initialize() first');
  }

  updateOptions(options: { locale?: string }): void {
    this.assertLoaded();
    if (options.locale !== undefined) {
      this.options.locale = options.locale;
      this.post(this.frame, { name: M.changeLocale, payload: { locale: options.locale } });
    }
  }

  /** Resolves when the card details are complete; otherwise the form says so and this rejects. */
  async validateOrReject(): Promise<void> {
    this.assertLoaded();
    const answer = this.waitFor(M.validated, this.mainWindow, READY_TIMEOUT_MS);
    this.post(this.frame, { name: M.validate });
    const p = await answer;
    this.isValid = p.isValid === true;
    if (!this.isValid) throw new Error('the card details are not complete');
  }

  /** Called with the form's completeness whenever it changes. */
  onValidityChange(listener: (isValid: boolean) => void): void {
    this.validityListeners.push(listener);
  }

  /**
   * Pays: the form sends the card to Kassa; a 3-D Secure challenge opens over the page
   * (onActionRequired); the result resolves with the merchant's returnUrl (onSuccess) or rejects
   * with a PaymentFailedError (onError).
   */
  submitPayment(): Promise<PaymentResult> {
    this.assertLoaded();
    const o = this.options;
    const result = new Promise<PaymentResult>((resolve, reject) => {
      const done = () => {
        this.off(completed, failed, auth);
        this.closeAuth();
      };
      const completed = this.on(M.completed, this.eitherWindow, (p) => {
        done();
        this.fetchReturnUrl(String(p.paymentIntentUuid ?? ''))
          .then((returnUrl) => resolve({ returnUrl, paymentIntentUuid: String(p.paymentIntentUuid ?? ''), resultCode: String(p.resultCode ?? '') }))
          .catch(reject);
      });
      const failed = this.on(M.failed, this.eitherWindow, (p) => {
        done();
        this.post(this.frame, { name: M.sendFailedData, payload: p });
        reject(new PaymentFailedError(p));
      });
      const auth = this.on(M.startAuth, this.mainWindow, (p) => {
        const data = (p.paymentAuthData ?? {}) as Record<string, unknown>;
        if (data.type !== 'embedded' || typeof data.embeddedUrl !== 'string' || new URL(data.embeddedUrl).origin !== this.kassaOrigin) {
          done();
          reject(new Error('unsupported payment authentication'));
          return;
        }
        if (o.onActionRequired) o.onActionRequired();
        this.openAuth(data.embeddedUrl, data).catch((err: unknown) => {
          done();
          reject(err instanceof Error ? err : new Error(String(err)));
        });
      });
      this.post(this.frame, { name: M.submit });
    });
    result.then(
      (r) => o.onSuccess && o.onSuccess(r),
      (e: unknown) => o.onError && o.onError(e instanceof Error ? e : new Error(String(e))),
    );
    return result;
  }

  private async openAuth(url: string, data: Record<string, unknown>): Promise<void> {
    this.closeAuth();
    const frame = document.createElement('iframe');
    frame.src = url;
    frame.title = '3-D Secure';
    Object.assign(frame.style, { position: 'fixed', top: '0', left: '0', width: '100vw', height: '100vh', border: '0', zIndex: '16777271', background: 'transparent' });
    this.authFrame = frame;
    const ready = this.waitFor(M.authReady, this.authWindow, READY_TIMEOUT_MS);
    document.body.appendChild(frame);
    await ready;
    this.post(this.authFrame, { name: M.sendAuthData, payload: { paymentAuthData: data } });
  }

  private closeAuth(): void {
    if (this.authFrame && this.authFrame.parentNode) this.authFrame.parentNode.removeChild(this.authFrame);
    this.authFrame = null;
  }

  /** Polls the return URL (the SDK's 10 attempts a second apart): `{}` means the attempt is still pending. */
  private async fetchReturnUrl(intent: string): Promise<string> {
    const url = `${this.apiBase()}/payment-intents/${encodeURIComponent(intent)}/return-url`;
    for (let i = 0; i < RETURN_URL_ATTEMPTS; i++) {
      try {
        const r = await getJson<{ merchantReturnUrl?: string }>(url);
        if (r.merchantReturnUrl) return r.merchantReturnUrl;
      } catch {
        // try again
      }
      if (i < RETURN_URL_ATTEMPTS - 1) await sleep(RETURN_URL_DELAY_MS);
    }
    throw new Error(`Failed to fetch the return url after ${RETURN_URL_ATTEMPTS} attempts`);
  }

  destroy(): void {
    window.removeEventListener('message', this.onMessage);
    this.handlers = [];
    this.validityListeners = [];
    this.closeAuth();
    if (this.frame && this.frame.parentNode) this.frame.parentNode.removeChild(this.frame);
    this.frame = null;
    this.loaded = false;
  }
}

/** Read while the script runs for the first time (document.currentScript is null later). */
const DEFAULT_ORIGIN = typeof document !== 'undefined' ? currentScriptOrigin() : '';
