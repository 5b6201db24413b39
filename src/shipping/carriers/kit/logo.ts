/**
 * Carrier wordmark logos: self-contained SVG (160×64), no external fonts or images. Pure.
 */
import { escapeXml } from '../../../platform/html.js';

const HEX = /^#[0-9a-fA-F]{6}$/;

export interface LogoStyle {
  wordmark: string;
  background: string;
  foreground: string;
  /** Colour of the accent bar under the wordmark. */
  accent: string;
}

export function wordmarkSvg(style: LogoStyle): string {
  for (const c of [style.background, style.foreground, style.accent]) if (!HEX.test(c)) throw new Error(`bad colour ${c}`);
  const text = escapeXml(style.wordmark);
  const size = Math.max(12, Math.min(26, Math.floor(140 / ([...style.wordmark].length * 0.6))));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="64" viewBox="0 0 160 64" role="img" aria-label="${text}">` +
    `<rect width="160" height="64" rx="10" fill="${style.background}"/>` +
    `<rect x="20" y="46" width="120" height="4" rx="2" fill="${style.accent}"/>` +
    `<text x="80" y="38" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${size}" fill="${style.foreground}">${text}</text>` +
    `</svg>`
  );
}
