/** Shorthands for a carrier's `rates.ts`. Pure. */
import type { Currency } from '../../../platform/money.js';
import type { SizeLimit } from '../../rates/parcels.js';
import type { RateTable } from '../../rates/model.js';

type Row = readonly [upToG: number, priceMinor: number];

export function rateTable(currency: Currency, rows: readonly Row[]): RateTable {
  return { currency, brackets: rows.map(([upToG, priceMinor]) => ({ upToG, priceMinor })) };
}

/** A table in EUR: `[upToG, priceMinor]` rows. */
export const eur = (...rows: Row[]): RateTable => rateTable('EUR', rows);
/** A table in PLN: `[upToG, priceMinor]` rows. */
export const pln = (...rows: Row[]): RateTable => rateTable('PLN', rows);

/** A limit on the longest side only (a cube of that side), for services limited by girth or sum. */
export const longestSide = (mm: number): SizeLimit => ({ lengthMm: mm, widthMm: mm, heightMm: mm });
