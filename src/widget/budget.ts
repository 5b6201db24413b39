/** The size budget of the 3.x bundle (bank-selection widget + embedded payments): 20 KB gzipped (gzip -9). */
export const BUNDLE_3X_GZIP_BUDGET = 20 * 1024;
