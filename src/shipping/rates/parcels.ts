/**
 * Estimation of parcels from items, in integer millimetres and grams (see units.ts).
 *
 * 1. Quantities are expanded into units; each unit is turned so that length ≥ width ≥ height
 *    (it lies flat on its largest face) and the units are sorted largest first.
 * 2. A stack of units is a box: length and width are the largest length and width among its
 *    units, height is the sum of their heights plus the stacking buffer (a percentage, rounded up
 *    to the next millimetre; a single unit is not stacked and gets no buffer), weight is the sum.
 * 3. Under a carrier's limits the sorted units are cut into consecutive runs, each run one
 *    parcel, choosing the cut that costs least (then the fewest parcels) by dynamic programming
 *    over the run ends. Because cost is optimal over all such cuts and removing a unit from a
 *    stack never makes it bigger, heavier or dearer, adding an item never lowers a price.
 *
 * Volumetric weight = L × W × H (cm³) / divisor kg = L × W × H (mm³) / divisor g, rounded up to the
 * next 10 g; a carrier without a divisor charges actual weight only. Chargeable weight is the
 * larger of actual and volumetric.
 */

/** An item as parsed from a request: whole millimetres and grams, quantity ≥ 1. */
export interface ItemMeasures {
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  weightG: number;
  quantity: number;
}

/** One physical unit of an item (copy `copy` of request item `item`), turned length ≥ width ≥ height. */
export interface Unit {
  item: number;
  copy: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  weightG: number;
}

export interface Box {
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  weightG: number;
}

export interface StackedParcel extends Box {
  /** Percentage added to the summed height; 0 for a single unit. */
  bufferPercent: number;
  units: Unit[];
}

/** A box a parcel must fit into (either way round): a locker compartment, or a carrier's maxima. */
export interface SizeLimit {
  code?: string;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  maxWeightG?: number;
}

export interface ParcelLimits {
  maxWeightG: number;
  /** The parcel must fit at least one of these (sides compared longest to longest). */
  sizes: readonly SizeLimit[];
  /** Length + width + height. */
  maxSumOfSidesMm?: number;
  /** Longest side + 2 × (the other two). */
  maxGirthMm?: number;
}

/** Chargeable weights above the previous bracket's edge up to and including `upToG` cost `priceMinor`. */
export interface WeightBracket {
  upToG: number;
  priceMinor: number;
}

export interface PackOptions {
  limits: ParcelLimits;
  brackets: readonly WeightBracket[];
  volumetricDivisor: number | null;
  bufferPercent: number;
}

export interface PricedParcel extends StackedParcel {
  volumetricWeightG: number;
  chargeableWeightG: number;
  priceMinor: number;
}

export interface Packing {
  parcels: PricedParcel[];
  totalMinor: number;
}

/** Sides sorted longest first. */
export function orient(a: number, b: number, c: number): [number, number, number] {
  if (a < b) [a, b] = [b, a];
  if (b < c) [b, c] = [c, b];
  if (a < b) [a, b] = [b, a];
  return [a, b, c];
}

/** Largest first: by length, width, height, weight; then request order, so the order is total. */
export function compareUnits(a: Unit, b: Unit): number {
  return b.lengthMm - a.lengthMm || b.widthMm - a.widthMm || b.heightMm - a.heightMm || b.weightG - a.weightG || a.item - b.item || a.copy - b.copy;
}

/** Every unit of every item, turned flat and sorted largest first. */
export function expandItems(items: readonly ItemMeasures[]): Unit[] {
  const units: Unit[] = [];
  items.forEach((it, item) => {
    const [lengthMm, widthMm, heightMm] = orient(it.lengthMm, it.widthMm, it.heightMm);
    for (let copy = 0; copy < it.quantity; copy++) units.push({ item, copy, lengthMm, widthMm, heightMm, weightG: it.weightG });
  });
  return units.sort(compareUnits);
}

/** Height of `count` stacked units whose heights sum to `sumMm`: buffer only when stacked. */
export function stackedHeight(sumMm: number, count: number, bufferPercent: number): number {
  return count > 1 ? Math.ceil((sumMm * (100 + bufferPercent)) / 100) : sumMm;
}

export function stack(units: readonly Unit[], bufferPercent: number): StackedParcel {
  let lengthMm = 0;
  let widthMm = 0;
  let sum = 0;
  let weightG = 0;
  for (const u of units) {
    lengthMm = Math.max(lengthMm, u.lengthMm);
    widthMm = Math.max(widthMm, u.widthMm);
    sum += u.heightMm;
    weightG += u.weightG;
  }
  return {
    lengthMm,
    widthMm,
    heightMm: stackedHeight(sum, units.length, bufferPercent),
    weightG,
    bufferPercent: units.length > 1 ? bufferPercent : 0,
    units: [...units],
  };
}

/** L × W × H (mm³) / divisor grams, rounded up to the next 10 g; 0 without a divisor. */
export function volumetricWeightG(box: Omit<Box, 'weightG'>, divisor: number | null): number {
  if (divisor === null) return 0;
  const step = divisor * 10;
  const volume = box.lengthMm * box.widthMm * box.heightMm;
  if (volume <= Number.MAX_SAFE_INTEGER - step) {
    // Exact integers: correct the float quotient to the integer ceiling.
    let q = Math.ceil(volume / step);
    while (q * step < volume) q++;
    while ((q - 1) * step >= volume) q--;
    return q * 10;
  }
  const big = BigInt(box.lengthMm) * BigInt(box.widthMm) * BigInt(box.heightMm);
  const bigStep = BigInt(step);
  return Number(((big + bigStep - 1n) / bigStep) * 10n);
}

export function chargeableWeightG(box: Box, divisor: number | null): number {
  return Math.max(box.weightG, volumetricWeightG(box, divisor));
}

function fitsSize(sides: readonly number[], weightG: number, size: SizeLimit): boolean {
  const [a, b, c] = orient(size.lengthMm, size.widthMm, size.heightMm);
  return sides[0]! <= a && sides[1]! <= b && sides[2]! <= c && (size.maxWeightG === undefined || weightG <= size.maxWeightG);
}

/** The limits as one test, sizes turned once (the packer calls it for every run it considers). */
function compileLimits(limits: ParcelLimits): (lengthMm: number, widthMm: number, heightMm: number, weightG: number) => boolean {
  const sizes = limits.sizes.map((s) => [...orient(s.lengthMm, s.widthMm, s.heightMm), s.maxWeightG ?? Infinity] as const);
  const maxSum = limits.maxSumOfSidesMm ?? Infinity;
  const maxGirth = limits.maxGirthMm ?? Infinity;
  return (x, y, z, weightG) => {
    if (weightG > limits.maxWeightG) return false;
    const [l, w, h] = orient(x, y, z);
    if (l + w + h > maxSum || l + 2 * (w + h) > maxGirth) return false;
    for (const [a, b, c, kg] of sizes) if (l <= a && w <= b && h <= c && weightG <= kg) return true;
    return false;
  };
}

/** Whether the box (turned any way) is within every limit. */
export function fitsLimits(box: Box, limits: ParcelLimits): boolean {
  return compileLimits(limits)(box.lengthMm, box.widthMm, box.heightMm, box.weightG);
}

/** Whether a parcel of unknown size is within the weight limits (some size takes its weight). */
export function fitsWeight(weightG: number, limits: ParcelLimits): boolean {
  return weightG <= limits.maxWeightG && limits.sizes.some((s) => s.maxWeightG === undefined || weightG <= s.maxWeightG);
}

/** The smallest size (by volume, then list order) the box fits, e.g. the locker size to book. */
export function smallestFittingSize(box: Box, limits: ParcelLimits): SizeLimit | undefined {
  if (!fitsLimits(box, limits)) return undefined;
  const sides = orient(box.lengthMm, box.widthMm, box.heightMm);
  const volume = (s: SizeLimit) => s.lengthMm * s.widthMm * s.heightMm;
  return limits.sizes.filter((s) => fitsSize(sides, box.weightG, s)).reduce<SizeLimit | undefined>((best, s) => (best === undefined || volume(s) < volume(best) ? s : best), undefined);
}

/** The price of a chargeable weight, or undefined above the last bracket. */
export function bracketPrice(brackets: readonly WeightBracket[], chargeableG: number): number | undefined {
  return brackets.find((b) => chargeableG <= b.upToG)?.priceMinor;
}

/**
 * A window [lo, hi] over the sorted units with its sums and running maxima of length and width
 * (monotonic deques), so the box of a run is known in O(1) as either end moves right.
 */
class RunWindow {
  lo = 0;
  private weight = 0;
  private height = 0;
  private readonly lengths: number[] = [];
  private lengthsHead = 0;
  private readonly widths: number[] = [];
  private widthsHead = 0;

  constructor(private readonly units: readonly Unit[]) {}

  push(j: number): void {
    const u = this.units[j]!;
    this.weight += u.weightG;
    this.height += u.heightMm;
    while (this.lengths.length > this.lengthsHead && this.units[this.lengths[this.lengths.length - 1]!]!.lengthMm <= u.lengthMm) this.lengths.pop();
    this.lengths.push(j);
    while (this.widths.length > this.widthsHead && this.units[this.widths[this.widths.length - 1]!]!.widthMm <= u.widthMm) this.widths.pop();
    this.widths.push(j);
  }

  popFront(): void {
    const u = this.units[this.lo]!;
    this.weight -= u.weightG;
    this.height -= u.heightMm;
    if (this.lengths[this.lengthsHead] === this.lo) this.lengthsHead++;
    if (this.widths[this.widthsHead] === this.lo) this.widthsHead++;
    this.lo++;
  }

  /** The stacked box of units lo..hi (lo ≤ hi). */
  box(hi: number, bufferPercent: number): Box {
    return {
      lengthMm: this.units[this.lengths[this.lengthsHead]!]!.lengthMm,
      widthMm: this.units[this.widths[this.widthsHead]!]!.widthMm,
      heightMm: stackedHeight(this.height, hi - this.lo + 1, bufferPercent),
      weightG: this.weight,
    };
  }
}

/**
 * Cuts units, sorted by `compareUnits`, into consecutive runs that each fit the limits and have a
 * price, minimising (total price, number of parcels). Null when some unit alone cannot be sent.
 *
 * dp[k] is the best cut of the first k units. A run i..j priced in bracket b needs chargeable
 * weight ≤ b's edge and the limits; that holds for every sub-run too, so the admissible starts
 * for (j, b) are an interval [lo_b, j] whose lo_b only moves right as j grows, and since dp is
 * non-decreasing the best start in it is lo_b: O(units × brackets) in all.
 */
export function packUnits(units: readonly Unit[], opts: PackOptions): Packing | null {
  const n = units.length;
  const { brackets, limits, volumetricDivisor, bufferPercent } = opts;
  const cost = new Array<number>(n + 1).fill(0);
  const count = new Array<number>(n + 1).fill(0);
  const from = new Array<number>(n + 1).fill(0);
  const windows = brackets.map(() => new RunWindow(units));
  const fits = compileLimits(limits);
  for (let j = 0; j < n; j++) {
    let found = false;
    for (let b = 0; b < brackets.length; b++) {
      const w = windows[b]!;
      const edge = brackets[b]!.upToG;
      w.push(j);
      while (w.lo <= j) {
        const box = w.box(j, bufferPercent);
        if (box.weightG <= edge && fits(box.lengthMm, box.widthMm, box.heightMm, box.weightG) && volumetricWeightG(box, volumetricDivisor) <= edge) break;
        w.popFront();
      }
      if (w.lo > j) continue;
      const c = cost[w.lo]! + brackets[b]!.priceMinor;
      const k = count[w.lo]! + 1;
      if (!found || c < cost[j + 1]! || (c === cost[j + 1]! && k < count[j + 1]!)) {
        found = true;
        cost[j + 1] = c;
        count[j + 1] = k;
        from[j + 1] = w.lo;
      }
    }
    if (!found) return null; // unit j cannot be sent on its own
  }
  const runs: Unit[][] = [];
  for (let k = n; k > 0; k = from[k]!) runs.push(units.slice(from[k]!, k));
  runs.reverse();
  const parcels = runs.map((run) => {
    const s = stack(run, bufferPercent);
    const volumetric = volumetricWeightG(s, volumetricDivisor);
    const chargeable = Math.max(s.weightG, volumetric);
    return { ...s, volumetricWeightG: volumetric, chargeableWeightG: chargeable, priceMinor: bracketPrice(brackets, chargeable)! };
  });
  return { parcels, totalMinor: parcels.reduce((sum, p) => sum + p.priceMinor, 0) };
}

/** `packUnits` over the expanded, sorted units of the items. */
export function packItems(items: readonly ItemMeasures[], opts: PackOptions): Packing | null {
  return packUnits(expandItems(items), opts);
}

/**
 * Parcels for items under limits alone, fewest parcels first (every parcel costs the same), with
 * volumetric and chargeable weights under `volumetricDivisor`. Null when an item alone does not fit.
 */
export function estimateParcels(items: readonly ItemMeasures[], limits: ParcelLimits, bufferPercent: number, volumetricDivisor: number | null): PricedParcel[] | null {
  const packing = packItems(items, { limits, bufferPercent, volumetricDivisor, brackets: [{ upToG: Number.MAX_SAFE_INTEGER, priceMinor: 1 }] });
  return packing && packing.parcels;
}
