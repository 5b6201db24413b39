/**
 * The widget's stylesheet, injected once per page (the first instance with `shouldInjectCSS`
 * adds it; the DOM is the only record, so instances share no state). Every element has a stable
 * class name, so a page that passes `shouldInjectCSS: false` styles them itself.
 */
const CSS = `.kassa-bs [hidden]{display:none!important}
.kassa-bs{font:inherit;color:inherit;max-width:100%;box-sizing:border-box}
.kassa-bs *{box-sizing:border-box}
.kassa-bs-region{display:flex;flex-wrap:wrap;gap:4px 8px;align-items:center;margin:0 0 8px}
.kassa-bs-select{font:inherit;min-height:40px;padding:4px 8px;max-width:100%;border:1px solid #8a8f98;border-radius:6px;background:#fff;color:#1d2330}
.kassa-bs-description{margin:0 0 8px}
.kassa-bs-banks{display:grid;grid-template-columns:repeat(auto-fill,minmax(92px,1fr));gap:8px;margin:0;padding:0}
.kassa-bs--list .kassa-bs-banks{grid-template-columns:1fr}
.kassa-bs-bank{position:relative;display:flex;align-items:center;justify-content:center;gap:10px;min-height:52px;min-width:0;padding:6px;margin:0;border:1px solid #c9ced6;border-radius:8px;background:#fff;color:#1d2330;font:inherit;cursor:pointer}
.kassa-bs--list .kassa-bs-bank{justify-content:flex-start;text-align:left}
.kassa-bs-bank:hover{border-color:#5b6270}
.kassa-bs-bank:focus-visible{outline:3px solid #1a56db;outline-offset:2px}
.kassa-bs-bank[aria-pressed=true]{border:2px solid #1a56db;box-shadow:0 0 0 2px #c7d7fb}
.kassa-bs-logo{display:block;max-width:100%;height:32px;width:auto}
.kassa-bs--list .kassa-bs-logo{width:64px;flex:none;object-fit:contain}
.kassa-bs-name{overflow-wrap:anywhere}
.kassa-bs:not(.kassa-bs--list) .kassa-bs-bank:not(.kassa-bs-bank--nologo) .kassa-bs-name{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.kassa-bs-bank--nologo .kassa-bs-logo{display:none}
.kassa-bs-empty{margin:0;padding:8px;border:1px dashed #8a8f98;border-radius:6px}`;

const MARK = 'data-kassa-bank-selection';

/** Adds the stylesheet unless the page already has it; `nonce` lets it pass a page's nonce-based CSP. */
export function injectStyles(doc: Document, nonce: string): void {
  if (doc.querySelector(`style[${MARK}]`)) return;
  const style = doc.createElement('style');
  style.setAttribute(MARK, '');
  if (nonce) style.nonce = nonce;
  style.textContent = CSS;
  (doc.head ?? doc.documentElement).appendChild(style);
}
