/** Types of scripts/lib/builds.js (plain JavaScript, run before anything can load TypeScript). */
export declare const KEEP_BUILDS_MS: number;
export declare function pruneOldBuilds(dir: string, keep: Set<string>, isBuild: (entry: string) => boolean): void;
export type Input = [file: string, size: number, mtimeMs: number];
export declare function statInput(root: string, file: string): Input | undefined;
export declare function sameInputs(recorded: readonly (readonly [string, number, number])[], now: readonly (readonly [string, number, number] | undefined)[]): boolean;
