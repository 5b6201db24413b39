/**
 * The widget's markup, built with DOM calls (text through textContent, never innerHTML; no inline
 * handlers, so a page's CSP needs nothing for it). No element ids: the select sits inside its
 * <label>, so several instances on a page never clash.
 */
import type { SetupBank } from './setup.js';
import type { Texts } from './texts.js';

export interface ViewModel {
  list: boolean;
  texts: Texts;
  currency: string;
  description: string;
  regions: { code: string; name: string }[];
  region: string;
  banks: SetupBank[];
  provider: string;
  inputName: string;
  regionInputName: string;
}

export interface View {
  root: HTMLElement;
  select: HTMLSelectElement;
  banks: HTMLElement;
  providerInput: HTMLInputElement;
  regionInput: HTMLInputElement;
}

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const e = doc.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function hidden(doc: Document, name: string, value: string): HTMLInputElement {
  const input = el(doc, 'input', '');
  input.type = 'hidden';
  input.name = name;
  input.value = value;
  return input;
}

export function render(doc: Document, m: ViewModel): View {
  const root = el(doc, 'div', m.list ? 'kassa-bs kassa-bs--list' : 'kassa-bs');
  const label = el(doc, 'label', 'kassa-bs-region');
  label.appendChild(el(doc, 'span', 'kassa-bs-region-label', m.texts.region));
  const select = el(doc, 'select', 'kassa-bs-select montonio-bank-select-class');
  for (const r of m.regions) {
    const option = el(doc, 'option', '', r.name);
    option.value = r.code;
    select.appendChild(option);
  }
  select.value = m.region;
  label.appendChild(select);
  // One region: nothing to choose (the plugin's "hide country select" passes one region).
  if (m.regions.length < 2) label.hidden = true;
  root.appendChild(label);
  if (m.description) root.appendChild(el(doc, 'p', 'kassa-bs-description', m.description));
  const banks = el(doc, 'div', 'kassa-bs-banks');
  banks.setAttribute('role', 'group');
  banks.setAttribute('aria-label', m.texts.banks);
  root.appendChild(banks);
  const providerInput = hidden(doc, m.inputName, m.provider);
  const regionInput = hidden(doc, m.regionInputName, m.region);
  root.appendChild(providerInput);
  root.appendChild(regionInput);
  const view = { root, select, banks, providerInput, regionInput };
  renderBanks(doc, view, m);
  return view;
}

/** The bank buttons of the region shown (or the message that it has none for the currency). */
export function renderBanks(doc: Document, v: View, m: ViewModel): void {
  v.banks.textContent = '';
  v.root.querySelector('.kassa-bs-empty')?.remove();
  v.select.value = m.region;
  v.regionInput.value = m.region;
  v.providerInput.value = m.provider;
  if (m.banks.length === 0) {
    const empty = el(doc, 'p', 'kassa-bs-empty', m.texts.none.replace('{c}', m.currency));
    empty.setAttribute('role', 'status');
    v.banks.after(empty);
    v.banks.hidden = true;
    return;
  }
  v.banks.hidden = false;
  for (const b of m.banks) {
    const button = el(doc, 'button', 'kassa-bs-bank');
    button.type = 'button';
    button.dataset.bank = b.code;
    button.setAttribute('aria-pressed', String(b.code === m.provider));
    const img = el(doc, 'img', 'kassa-bs-logo');
    img.alt = '';
    img.decoding = 'async';
    if (b.logoUrl) img.src = b.logoUrl;
    else button.classList.add('kassa-bs-bank--nologo');
    button.appendChild(img);
    button.appendChild(el(doc, 'span', 'kassa-bs-name', b.name));
    v.banks.appendChild(button);
  }
}

/** Marks the chosen bank (aria-pressed) and fills the hidden input. */
export function markProvider(v: View, provider: string): void {
  v.providerInput.value = provider;
  v.banks.querySelectorAll<HTMLButtonElement>('.kassa-bs-bank').forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.bank === provider)));
}

/** Calls `done` once every logo of the list has loaded or failed (a failed logo shows the bank's name). */
export function whenLogosDrawn(v: View, done: () => void): void {
  const imgs = Array.from(v.banks.querySelectorAll<HTMLImageElement>('img.kassa-bs-logo')).filter((i) => i.getAttribute('src'));
  let left = imgs.length;
  const settle = () => {
    if (--left === 0) done();
  };
  if (left === 0) {
    Promise.resolve().then(done);
    return;
  }
  for (const img of imgs) {
    const failed = () => img.parentElement?.classList.add('kassa-bs-bank--nologo');
    if (img.complete) {
      if (img.naturalWidth === 0) failed();
      Promise.resolve().then(settle);
      continue;
    }
    img.addEventListener('load', settle, { once: true });
    img.addEventListener('error', () => (failed(), settle()), { once: true });
  }
}
