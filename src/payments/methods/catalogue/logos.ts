/**
 * Self-contained SVG logos for banks and payment methods (160×64).
 * Pure string builders: no I/O, no external fonts or images.
 */
import { escapeXml } from '../../../platform/html.js';

export { escapeXml };
import type { Bank } from './banks.js';
import { METHOD_DEFINITIONS, type PaymentMethodName } from './methods.js';

export type { PaymentMethodName } from './methods.js';

const WIDTH = 160;
const HEIGHT = 64;
const RADIUS = 10;
const FALLBACK_COLOR = '#333333';
/** Approximate advance width of a bold sans-serif glyph, in em. */
const GLYPH_EM = 0.62;

/** Accepts only #RGB / #RRGGBB so a colour can never break out of its attribute. */
function safeColor(color: string): string {
  return /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(color) ? color : FALLBACK_COLOR;
}

function glyphCount(text: string): number {
  return [...text].length;
}

/** Largest font size (capped) at which `text` fits into `width` px. */
function fitFontSize(text: string, width: number, max: number): number {
  const n = Math.max(1, glyphCount(text));
  return Math.max(8, Math.min(max, Math.floor(width / (n * GLYPH_EM))));
}

/** Splits a long multi-word name into two lines at the space nearest its middle. */
function splitName(name: string): [string] | [string, string] {
  if (glyphCount(name) <= 12 || !name.includes(' ')) return [name];
  const middle = name.length / 2;
  let best = -1;
  for (let i = 0; i < name.length; i++) {
    if (name[i] === ' ' && (best < 0 || Math.abs(i - middle) < Math.abs(best - middle))) best = i;
  }
  return [name.slice(0, best), name.slice(best + 1)];
}

function svgOpen(label: string): string {
  const l = escapeXml(label);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" ` + `viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${l}"><title>${l}</title>`;
}

function textEl(text: string, x: number, y: number, size: number, anchor: 'middle' | 'start'): string {
  return `<text x="${x}" y="${y.toFixed(1)}" fill="#FFFFFF" font-family="sans-serif" font-weight="700" ` + `font-size="${size}" text-anchor="${anchor}">${escapeXml(text)}</text>`;
}

/** Logo for a bank: rounded rectangle in the bank colour with its name in white. */
export function bankLogoSvg(bank: Bank): string {
  const lines = splitName(bank.name);
  const textWidth = WIDTH - 16;
  const cx = WIDTH / 2;
  const cy = HEIGHT / 2;
  let body: string;
  if (lines.length === 1) {
    const size = fitFontSize(lines[0], textWidth, 26);
    body = textEl(lines[0], cx, cy + size * 0.35, size, 'middle');
  } else {
    const longest = glyphCount(lines[0]) >= glyphCount(lines[1]) ? lines[0] : lines[1];
    const size = fitFontSize(longest, textWidth, 20);
    body = textEl(lines[0], cx, cy - size * 0.2, size, 'middle') + textEl(lines[1], cx, cy + size * 0.9, size, 'middle');
  }
  return svgOpen(bank.name) + `<rect x="0" y="0" width="${WIDTH}" height="${HEIGHT}" rx="${RADIUS}" ry="${RADIUS}" fill="${safeColor(bank.color)}"/>` + body + `</svg>`;
}

/** Logo for a payment method: icon mark on the left, label on the right. */
export function methodLogoSvg(method: PaymentMethodName): string {
  const { logo: style, label } = METHOD_DEFINITIONS[method];
  const textX = 62;
  const size = fitFontSize(label, WIDTH - textX - 8, 22);
  return (
    svgOpen(label) +
    `<rect x="0" y="0" width="${WIDTH}" height="${HEIGHT}" rx="${RADIUS}" ry="${RADIUS}" fill="${style.background}"/>` +
    style.icon +
    textEl(label, textX, HEIGHT / 2 + size * 0.35, size, 'start') +
    `</svg>`
  );
}
