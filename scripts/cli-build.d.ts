/** Types of cli-build.js (plain JavaScript: bin/kassa.js loads it before anything can load TypeScript). */

/** node_modules/.cache/kassa-cli/manifest.json: the current build and what it was built from. */
export interface CliManifest {
  format: number;
  /** The checkout it was built from (its sources). */
  root: string;
  /** The build's folder in the cache, holding main.mjs. */
  build: string;
  builtAt: string;
  /** Each input (relative to the checkout, with `/`) with the size and mtime it had when read. */
  inputs: [file: string, size: number, mtimeMs: number][];
}

/** The checkout cli-build.js belongs to. */
export const CHECKOUT: string;
/** node_modules/.cache/kassa-cli of the checkout `root`. */
export function cliCacheDir(root: string): string;
/** The current build's manifest when every input is unchanged; otherwise undefined. */
export function freshManifest(root: string): CliManifest | undefined;
/** The file URL of the compiled CLI's entry, built first when missing or stale; null when it cannot be built here. */
export function compiledCli(root?: string): Promise<string | null>;
/** Builds the CLI into a new folder of the cache and makes it current; throws when it cannot. */
export function buildCli(root?: string): Promise<CliManifest>;
