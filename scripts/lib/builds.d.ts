/** Types of scripts/lib/builds.js (plain JavaScript, run before anything can load TypeScript). */
export declare const KEEP_BUILDS_MS: number;
export declare function pruneOldBuilds(dir: string, keep: Set<string>, isBuild: (entry: string) => boolean): void;
