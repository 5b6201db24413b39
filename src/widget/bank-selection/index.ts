/**
 * `Checkout.PaymentInitiation`: the bank-selection widget (spec "Client-side bank selection
 * widget"). `create(options)` checks the options (a missing or unreadable storeSetupData throws
 * at once); `init()` draws a region selector, the region's banks for the currency and two hidden
 * inputs (bank code, region) inside the target, so a surrounding form posts them.
 * Each instance keeps its own state; the only thing instances share is the one stylesheet.
 */
import { DEFAULTS, resolveOptions, storageWrites, STORAGE_KEYS, type CreateOptions, type PaymentInitiationInstance, type Resolved } from './options.js';
import { banksFor, initialRegion, parseStoreSetupData, providerIn, regionsToShow, widgetError, type Setup, type SetupBank } from './setup.js';
import { injectStyles } from './styles.js';
import { regionName, textsFor } from './texts.js';
import { markProvider, render, renderBanks, whenLogosDrawn, type View, type ViewModel } from './view.js';

/** The nonce of the script tag that loaded the bundle, for the injected <style> (pages with a nonce CSP). */
const scriptNonce = typeof document !== 'undefined' ? ((document.currentScript as HTMLScriptElement | null)?.nonce ?? '') : '';

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // blocked (e.g. a sandboxed frame): the widget works without memory
  }
}

function readStored(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function store(change: { region?: string; provider?: string }, shouldUpdate: boolean): void {
  const s = storage();
  if (!s) return;
  for (const w of storageWrites(change, shouldUpdate)) {
    try {
      if (w.value === null) s.removeItem(w.key);
      else s.setItem(w.key, w.value);
    } catch {
      // quota or privacy mode: the choice still stands on the page
    }
  }
}

export class BankSelection implements PaymentInitiationInstance {
  private raw: Partial<CreateOptions>;
  private options: Resolved;
  private setup: Setup;
  private region: string;
  private provider = '';
  private view: View | undefined;
  private target: HTMLElement | undefined;
  /** Counts renders, so a list replaced before its logos loaded does not call onLoaded. */
  private generation = 0;

  constructor(raw: Partial<CreateOptions>) {
    if (!raw || typeof raw !== 'object') throw widgetError('create(options) needs an options object with storeSetupData');
    this.raw = { ...raw };
    this.options = resolveOptions(this.raw);
    this.setup = parseStoreSetupData(this.raw.storeSetupData);
    this.region = initialRegion(this.regions(), this.options.defaultRegion, null);
  }

  /** Draws the widget into its target (again, when called twice). Region and bank come back from session storage. */
  init(): this {
    this.region = initialRegion(this.regions(), this.options.defaultRegion, readStored(STORAGE_KEYS.region));
    this.provider = providerIn(this.banks(), readStored(STORAGE_KEYS.provider));
    this.draw();
    return this;
  }

  getPreferredProvider(): string {
    return this.provider;
  }

  getPreferredRegion(): string {
    return this.region;
  }

  /** Changes options and draws again (when drawn); the region and bank stay when they still fit. */
  update(options: Partial<CreateOptions> = {}): this {
    const raw = { ...this.raw, ...options };
    const setup = 'storeSetupData' in options ? parseStoreSetupData(raw.storeSetupData) : this.setup;
    this.raw = raw;
    this.setup = setup;
    this.options = resolveOptions(raw);
    const regions = this.regions();
    if (!regions.includes(this.region)) this.region = initialRegion(regions, this.options.defaultRegion, null);
    this.provider = providerIn(this.banks(), this.provider);
    if (this.view) this.draw();
    return this;
  }

  /** Shows a region's banks; the bank chosen before is dropped (it belonged to the other list). Unknown regions are ignored. */
  setPreferredRegion(region: string, shouldUpdateSessionStorage = true): void {
    const code = String(region ?? '').toUpperCase();
    if (!this.regions().includes(code)) {
      // A page may set the selector to a region it does not offer: it shows the current one again.
      if (this.view) this.view.select.value = this.region;
      return;
    }
    const changed = code !== this.region;
    this.region = code;
    if (changed) this.provider = '';
    store({ region: code, ...(changed ? {} : { provider: this.provider }) }, shouldUpdateSessionStorage);
    if (this.view && changed) this.drawBanks();
    else if (this.view) this.view.select.value = code;
  }

  /** Chooses a bank of the region shown; '' deselects. A code that region does not list is ignored. */
  setPreferredProvider(code: string, shouldUpdateSessionStorage = true): void {
    const value = code ? String(code) : '';
    if (value !== '' && providerIn(this.banks(), value) === '') return;
    this.provider = value;
    store({ provider: value }, shouldUpdateSessionStorage);
    if (this.view) markProvider(this.view, value);
  }

  private regions(): string[] {
    return regionsToShow(this.options.regions, this.setup, this.options.currency);
  }

  private banks(): SetupBank[] {
    return banksFor(this.setup, this.region, this.options.currency);
  }

  private model(): ViewModel {
    const o = this.options;
    const { locale, texts } = textsFor(o.locale ?? this.target?.closest<HTMLElement>('[lang]')?.lang ?? document.documentElement.lang);
    return {
      list: o.displayAsList,
      texts,
      currency: o.currency,
      description: o.description,
      regions: this.regions().map((code) => ({ code, name: regionName(code, o.regionNames, locale) })),
      region: this.region,
      banks: this.banks(),
      provider: this.provider,
      inputName: o.inputName,
      regionInputName: o.regionInputName,
    };
  }

  private draw(): void {
    const o = this.options;
    const target = o.target ?? document.getElementById(o.targetId);
    if (!target) {
      const err = widgetError(`no element with id "${o.targetId}" to draw into (targetId or target)`);
      console.error(err.message);
      throw err;
    }
    this.target = target;
    if (o.shouldInjectCSS) injectStyles(document, scriptNonce);
    this.view?.root.remove();
    const view = render(document, this.model());
    this.view = view;
    view.select.addEventListener('change', () => this.regionChosen(view.select.value));
    view.banks.addEventListener('click', (e) => {
      const button = (e.target as Element | null)?.closest<HTMLButtonElement>('.kassa-bs-bank');
      if (button?.dataset.bank) this.bankClicked(button.dataset.bank);
    });
    target.appendChild(view.root);
    this.logosThenLoaded();
  }

  private drawBanks(): void {
    if (!this.view) return;
    renderBanks(document, this.view, this.model());
    this.logosThenLoaded();
  }

  private logosThenLoaded(): void {
    const generation = ++this.generation;
    const view = this.view!;
    whenLogosDrawn(view, () => {
      if (generation === this.generation) this.options.onLoaded?.call(this);
    });
  }

  /** The shopper (or the page, dispatching 'change') picked a region in the selector. */
  private regionChosen(region: string): void {
    const offered = this.regions().includes(region);
    this.setPreferredRegion(region, true);
    if (offered) this.options.onRegionSelectorChange?.call(this, this.region);
  }

  private bankClicked(code: string): void {
    const deselect = code === this.provider && this.options.shouldAllowDeselection;
    this.setPreferredProvider(deselect ? '' : code, true);
    this.options.onProviderClick?.call(this, code);
  }
}

export const PaymentInitiation = {
  /** The default target id and input names, as the spec's table gives them. */
  defaults: DEFAULTS,
  create(options: CreateOptions): BankSelection {
    try {
      return new BankSelection(options);
    } catch (err) {
      console.error(err instanceof Error ? err.message : err);
      throw err;
    }
  },
};
