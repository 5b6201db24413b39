/**
 * The globals Kassa's browser scripts publish under (`Kassa`, and the names checkouts in use
 * read: `Montonio`, `MontonioLegacy`). A page may load several of the scripts, in any order: each
 * adds its members to the object already there instead of replacing it.
 */
export type Namespace = Record<string, unknown>;

export function extendGlobals(names: readonly string[], extend: (ns: Namespace) => void): void {
  const host = window as unknown as Record<string, unknown>;
  for (const name of names) {
    const current = host[name];
    const ns = (typeof current === 'object' && current !== null ? current : {}) as Namespace;
    extend(ns);
    host[name] = ns;
  }
}
