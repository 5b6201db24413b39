/**
 * Golden fixtures of the carriers' tests: a mapper's request, the carrier's answer and the parsed
 * result, kept as JSON files in the carrier's `fixtures/`. `UPDATE_GOLDEN=1 npx vitest run …`
 * rewrites them after an intended change (review the diff). Test support; not used by the app.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export function golden(dir: URL, name: string, actual: unknown): unknown {
  const file = new URL(`${name}.json`, dir);
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, `${JSON.stringify(actual, null, 2)}\n`);
  if (!existsSync(file)) throw new Error(`golden fixture ${file.pathname} is missing (run with UPDATE_GOLDEN=1 to record it)`);
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

/** What a value looks like on the wire (undefined members dropped). */
export function wire<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
